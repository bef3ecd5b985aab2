import { z } from 'zod';
import type { Page } from '~/shared/pagination';
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

/** Rows a leaderboard page holds. */
export const LEADERBOARD_PAGE_SIZE = 20;

export interface LeaderboardRow {
  /** Competition ranking: members with as many coins share a rank, and the next rank skips (1, 2, 2, 4). */
  rank: number;
  id: string;
  fullName: string;
  avatarUrl: string;
  level: number;
  levelTitle: string;
  coins: number;
}

/** A page of ranked members, and the asking member's own row (null when they are not ranked). */
export interface LeaderboardResponse extends Page<LeaderboardRow> {
  me: LeaderboardRow | null;
}

/** When each of the member's timed actions may earn again: an ISO time, or null when it may now. */
export interface CooldownsResponse {
  serverNow: string;
  nextAt: Record<'weeklyLogin' | 'post' | 'comment' | 'rating', string | null>;
}
