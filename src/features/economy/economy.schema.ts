import { z } from 'zod';
import { pageQuerySchema, type Page } from '~/shared/pagination';
import {
  ECONOMY_SETTING_KEYS,
  ECONOMY_SETTINGS,
  economySettingMin,
  type EconomySettings,
} from '~/shared/economy-settings';
import { LEADERBOARDS } from './economy.constants';

/** A partial update: any of the settings, each a whole number from its minimum to its maximum. */
export const updateEconomySettingsSchema = z
  .object(
    Object.fromEntries(
      ECONOMY_SETTING_KEYS.map((key) => [
        key,
        z
          .number(`${ECONOMY_SETTINGS[key].label} must be a number.`)
          .int(`${ECONOMY_SETTINGS[key].label} must be a whole number.`)
          .min(
            economySettingMin(key),
            economySettingMin(key) === 0
              ? `${ECONOMY_SETTINGS[key].label} cannot be negative.`
              : `${ECONOMY_SETTINGS[key].label} must be at least ${economySettingMin(key)}: an award without a cooldown could be farmed.`,
          )
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

export const leaderboardQuerySchema = pageQuerySchema.extend({
  board: z.enum(LEADERBOARDS, 'Choose the All Time or This Week board.').default('all'),
});

/**
 * A page of ranked members, and the asking member's own row (null when they are not ranked). On This Week,
 * `coins` are the coins earned this week, and `weekStart` is that Monday (a date in the shop's time zone).
 */
export interface LeaderboardResponse extends Page<LeaderboardRow> {
  me: LeaderboardRow | null;
  weekStart: string | null;
}

/** When each of the member's timed actions may earn again: an ISO time, or null when it may now. */
export interface CooldownsResponse {
  serverNow: string;
  nextAt: Record<'weeklyLogin' | 'post' | 'comment' | 'rating', string | null>;
}

export interface LedgerItem {
  id: string;
  /** A label from LEDGER_REASONS (the raw reason for one it does not know). */
  reason: string;
  /** The staff's note, for an adjustment; the reward's title, for a redemption or its refund. */
  note: string | null;
  coins: number;
  xp: number;
  createdAt: string;
}
export type LedgerPage = Page<LedgerItem>;

const ADJUSTMENT_MAX = 1_000_000;
const delta = (what: string) =>
  z
    .number(`Enter the ${what} to add or remove (0 for none).`)
    .int(`The ${what} must be a whole number.`)
    .min(-ADJUSTMENT_MAX, `Remove at most ${ADJUSTMENT_MAX.toLocaleString('en-US')} ${what} at once.`)
    .max(ADJUSTMENT_MAX, `Add at most ${ADJUSTMENT_MAX.toLocaleString('en-US')} ${what} at once.`);

/** Staff add or remove coins or XP for a member, always with a reason the member sees. */
export const adjustBalanceSchema = z
  .strictObject({
    memberId: z.string().min(1, 'Choose a member.').max(64),
    coins: delta('coins'),
    xp: delta('XP'),
    reason: z
      .string()
      .trim()
      .min(3, 'Give a reason the member will see.')
      .max(200, 'Keep the reason under 200 characters.'),
  })
  .refine((input) => input.coins !== 0 || input.xp !== 0, {
    message: 'Enter coins or XP to add or remove.',
    path: ['coins'],
  });
export type AdjustBalanceInput = z.input<typeof adjustBalanceSchema>;

export interface AdjustBalanceResponse {
  member: { id: string; fullName: string; coins: number; xp: number };
}

/** A member as the adjustment form finds them: name and balance only, never contact details. */
export interface BalanceHolder {
  id: string;
  fullName: string;
  avatarUrl: string;
  coins: number;
  xp: number;
}

export const balanceSearchSchema = z.object({
  q: z.string().trim().min(1, 'Type a name to search.').max(100, 'Search for at most 100 characters.'),
});
