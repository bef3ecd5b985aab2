import type { RewardView } from './rewards.schema';

/** The generated artworks a reward can wear (drawn by the browser; no outside images). */
export const REWARD_ARTS = ['pre-roll', 'delivery', 'gift', 'leaf', 'vape', 'cash', 'trip', 'star'] as const;
export type RewardArt = (typeof REWARD_ARTS)[number];

/** `free-delivery` makes one Delivery order's fee $0; an `item` is a $0 line the shop fulfils. */
export const REWARD_KINDS = ['item', 'free-delivery'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

export const REDEMPTION_STATUSES = ['requested', 'unused', 'in-cart', 'used', 'refused', 'credited'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** The spec's confirm dialog (section 4, Redeem). */
export const redeemConfirmText = (costCoins: number, title: string) =>
  `Are you sure you want to spend ${costCoins.toLocaleString('en-US')} coins to redeem "${title}"? This item will be added to your cart.`;
/** The spec's toast after a redeem. */
export const redeemedTitle = (title: string) => `"${title}" Redeemed!`;
export const REDEEMED_DESCRIPTION = 'Your reward has been added to your cart.';

/** How a reward line reads in the cart and on an order (spec section 3, Reward cart line). */
export const REWARD_LINE_PREFIX = 'REWARD: ';
export const rewardLineName = (title: string) => `${REWARD_LINE_PREFIX}${title}`;
export const REWARD_LINE_SIZE = 'Reward';

// Which rewards an order may carry (the server checks it when the order is placed; the cart says it first).

export const FREE_DELIVERY_ON_PICKUP =
  'Free Delivery only applies to Delivery orders. Switch to Delivery, or remove it from your cart.';
export const ONE_FREE_DELIVERY =
  'Only one Free Delivery can be used per order. Remove the others from your cart.';

/** Why an order of this method cannot carry rewards of these kinds; undefined when it can. */
export function orderRewardsProblem(
  kinds: readonly RewardKind[],
  deliveryMethod: 'Delivery' | 'Pickup',
): string | undefined {
  const freeDeliveries = kinds.filter((kind) => kind === 'free-delivery').length;
  if (freeDeliveries > 0 && deliveryMethod !== 'Delivery') return FREE_DELIVERY_ON_PICKUP;
  if (freeDeliveries > 1) return ONE_FREE_DELIVERY;
  return undefined;
}

/**
 * The Missions guide's reward highlights: the rewards the member is closest to affording (the cheapest still out
 * of reach first), topped up with the best ones they can already redeem.
 */
export function rewardHighlights<R extends Pick<RewardView, 'costCoins'>>(
  rewards: readonly R[],
  balance: number,
  count = 3,
): R[] {
  const byCost = [...rewards].sort((a, b) => a.costCoins - b.costCoins);
  const outOfReach = byCost.filter((reward) => reward.costCoins > balance);
  const affordable = byCost.filter((reward) => reward.costCoins <= balance).reverse();
  return [...outOfReach, ...affordable].slice(0, count);
}

/** How staff pay a reward worth store credit ("$100 Cash or Store Credit") when they approve it. */
export const PAY_AS = ['credit', 'cash'] as const;
export type PayAs = (typeof PAY_AS)[number];
export const PAY_AS_NEEDED = 'Choose Store credit or Cash (paid by hand).';
export const CREDIT_NEEDS_APPROVAL =
  'A reward worth store credit needs staff approval: they choose store credit or cash when they approve it.';
