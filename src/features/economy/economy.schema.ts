import { z } from 'zod';
import { ECONOMY_SETTING_KEYS, ECONOMY_SETTINGS, type EconomySettings } from '~/shared/economy-settings';

/** A partial update: any of the settings, each a whole number from 0 to its maximum. */
export const updateEconomySettingsSchema = z
  .object(
    Object.fromEntries(
      ECONOMY_SETTING_KEYS.map((key) => [
        key,
        z
          .number(`${ECONOMY_SETTINGS[key].label} must be a number.`)
          .int(`${ECONOMY_SETTINGS[key].label} must be a whole number.`)
          .min(0, `${ECONOMY_SETTINGS[key].label} cannot be negative.`)
          .max(
            ECONOMY_SETTINGS[key].max,
            `${ECONOMY_SETTINGS[key].label} can be at most ${ECONOMY_SETTINGS[key].max}.`,
          )
          .optional(),
      ]),
    ) as Record<keyof EconomySettings, z.ZodOptional<z.ZodNumber>>,
  )
  .strict();
export type UpdateEconomySettingsInput = z.input<typeof updateEconomySettingsSchema>;

export interface EconomySettingsResponse {
  settings: EconomySettings;
}

export interface WeeklyBonusResponse {
  awarded: boolean;
  xp: number;
  coins: number;
}
