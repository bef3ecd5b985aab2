/**
 * Every award amount and cooldown the product uses, with the values it awards by default (the spec's section 9
 * action tables; ARCHITECTURE.md departure 3). The admin Economy tab changes them; the server reads them at
 * every award.
 */
export const ECONOMY_SETTINGS = {
  weeklyLoginXp: { label: 'Weekly login XP', default: 10, max: 10_000 },
  weeklyLoginCoins: { label: 'Weekly login coins', default: 10, max: 10_000 },
  weeklyLoginIntervalDays: { label: 'Days between weekly login bonuses', default: 7, min: 1, max: 365 },
  postXp: { label: 'XP for a post', default: 15, max: 10_000 },
  postCoins: { label: 'Coins for a post', default: 15, max: 10_000 },
  postCooldownHours: { label: 'Hours between rewarded posts', default: 24, min: 1, max: 720 },
  commentXp: { label: 'XP for a comment', default: 15, max: 10_000 },
  commentCoins: { label: 'Coins for a comment', default: 15, max: 10_000 },
  commentCooldownHours: { label: 'Hours between rewarded comments', default: 1, min: 1, max: 720 },
  ratingXp: { label: 'XP for a rating', default: 15, max: 10_000 },
  ratingCooldownHours: { label: 'Hours between ratings', default: 24, min: 1, max: 720 },
  approvedReferralXp: { label: 'XP for an approved referral', default: 250, max: 100_000 },
  referralRepeatPurchaseXp: { label: 'XP for a referral’s repeat purchase', default: 100, max: 100_000 },
  personalPurchaseXp: { label: 'XP for a personal purchase', default: 150, max: 100_000 },
  coinsPerDollar: { label: 'Coins per dollar spent on stickers', default: 1, max: 100 },
  welcomeCoins: { label: 'Welcome coins for a referred friend’s first order', default: 50, max: 100_000 },
  rewardMilestoneXp: { label: 'XP for hitting a reward milestone', default: 500, max: 100_000 },
  rewardMilestoneStepCoins: {
    label: 'Coins spent on rewards between milestones (after the first redemption)',
    default: 1_000,
    min: 1,
    max: 1_000_000,
  },
  dailyCoinCap: {
    label: 'Most coins one kind of action pays a member in 24 hours',
    default: 500,
    min: 1,
    max: 100_000,
  },
  superReferrerCoins: { label: 'Coins for a super referrer', default: 150, max: 100_000 },
  superReferrerThreshold: { label: 'Approved referrals that make a super referrer', default: 5, max: 1_000 },
  adjustmentOwnerThreshold: {
    label: 'Largest adjustment without the Owner (coins or XP)',
    default: 1_000,
    max: 1_000_000,
  },
} as const;

export type EconomySettingKey = keyof typeof ECONOMY_SETTINGS;
export type EconomySettings = Record<EconomySettingKey, number>;

export const ECONOMY_SETTING_KEYS = Object.keys(ECONOMY_SETTINGS) as EconomySettingKey[];

export const DEFAULT_ECONOMY_SETTINGS = Object.fromEntries(
  ECONOMY_SETTING_KEYS.map((key) => [key, ECONOMY_SETTINGS[key].default]),
) as EconomySettings;

/** The least a setting may be: 1 for cooldowns and caps (an award without one could be farmed), 0 for amounts. */
export function economySettingMin(key: EconomySettingKey): number {
  const setting = ECONOMY_SETTINGS[key];
  return 'min' in setting ? setting.min : 0;
}
