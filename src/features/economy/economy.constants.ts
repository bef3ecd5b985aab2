/** Rows a leaderboard page holds. */
export const LEADERBOARD_PAGE_SIZE = 20;

/** All Time ranks by balance; This Week by the coins earned since Monday 00:00 in the shop's time zone. */
export const LEADERBOARDS = ['all', 'week'] as const;
export type Leaderboard = (typeof LEADERBOARDS)[number];

/** Why a balance changed, as the member's history shows it. */
export const LEDGER_REASONS: Record<string, string> = {
  'opening-balance': 'Opening balance',
  'weekly-bonus': 'Weekly login',
  post: 'Post',
  comment: 'Comment',
  rating: 'Rating',
  'personal-purchase': 'Personal purchase',
  'purchase-coins': 'Coins for an order',
  welcome: 'Welcome reward',
  'order-coins-back': 'Order cancelled: its coins taken back',
  'approved-referral': 'Approved referral',
  'referral-repeat-purchase': 'Referral repeat purchase',
  'super-referrer': 'Super Referrer',
  adjustment: 'Adjustment by the Vault Team',
  redeem: 'Reward redeemed',
  'redeem-refund': 'Reward request refused: coins returned',
  'reward-milestone': 'Reward milestone',
  'account-deleted': 'Account deleted: balance forfeited',
};
