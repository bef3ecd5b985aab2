import { z } from 'zod';
import { cursorParamSchema, type Page } from '~/shared/pagination';

/**
 * The Rewards Center's contracts: the catalogue members spend coins on, their redemptions (kept on the server,
 * docs/decisions/021), and the staff's side in the Economy tab.
 */

/** The generated artworks a reward can wear (drawn by the browser; no outside images). */
export const REWARD_ARTS = ['pre-roll', 'delivery', 'gift', 'leaf', 'vape', 'cash', 'trip', 'star'] as const;
export type RewardArt = (typeof REWARD_ARTS)[number];

/** `free-delivery` makes one Delivery order's fee $0; an `item` is a $0 line the shop fulfils. */
export const REWARD_KINDS = ['item', 'free-delivery'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

export interface RewardView {
  id: string;
  title: string;
  description: string;
  costCoins: number;
  kind: RewardKind;
  art: RewardArt;
  /** An uploaded image, or '' for the generated artwork. */
  imageUrl: string;
  needsApproval: boolean;
}

export interface RewardsResponse {
  rewards: RewardView[];
}

/** A reward as the Economy tab sees it: hidden ones too. */
export interface RewardAdminView extends RewardView {
  hidden: boolean;
}

export interface RewardCatalogResponse {
  rewards: RewardAdminView[];
}

export const REDEMPTION_STATUSES = ['requested', 'unused', 'in-cart', 'used', 'refused'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** One of the member's redemptions, with the title and cost it had when redeemed. */
export interface RedemptionView {
  id: string;
  rewardId: string;
  title: string;
  costCoins: number;
  kind: RewardKind;
  art: RewardArt;
  imageUrl: string;
  status: RedemptionStatus;
  createdAt: string;
}

/** The member's redemptions still to come: waiting for staff, in the cart, or kept for later. */
export interface MyRedemptionsResponse {
  redemptions: RedemptionView[];
}

export interface RedeemResponse {
  redemption: RedemptionView;
}

export const rewardIdSchema = z.object({ rewardId: z.string().min(1).max(64) });
export const redemptionIdSchema = z.object({ redemptionId: z.string().min(1).max(64) });

export const redeemSchema = z.strictObject({
  /** The cost the member saw: a different cost is a 409 naming the new one, and nothing is spent. */
  expectedCost: z.number('Send the cost you saw.').int().min(1),
  /** The same key for a double tap or a retry: one redemption, one debit. */
  idempotencyKey: z.string().min(8).max(100),
});
export type RedeemInput = z.input<typeof redeemSchema>;

export const setInCartSchema = z.strictObject({ inCart: z.boolean('Say whether it goes in the cart.') });

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

// The staff's side (the Economy tab).

export const rewardFormSchema = z.strictObject({
  title: z
    .string('Title is required.')
    .trim()
    .min(1, 'Title is required.')
    .max(60, 'Keep the title under 60 characters.'),
  description: z
    .string('Description is required.')
    .trim()
    .min(1, 'Description is required.')
    .max(300, 'Keep the description under 300 characters.'),
  costCoins: z
    .number('Enter the cost in coins.')
    .int('The cost is a whole number of coins.')
    .min(1, 'A reward costs at least 1 coin.')
    .max(1_000_000, 'A reward can cost at most 1,000,000 coins.'),
  kind: z.enum(REWARD_KINDS, 'Choose what the reward does: an item, or free delivery.'),
  art: z.enum(REWARD_ARTS, 'Choose an artwork from the list.'),
  needsApproval: z.boolean(),
  hidden: z.boolean(),
});
export type RewardFormInput = z.input<typeof rewardFormSchema>;

export const updateRewardSchema = rewardFormSchema
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, 'Change at least one field.');
export type UpdateRewardInput = z.input<typeof updateRewardSchema>;

export const refuseRedemptionSchema = z.strictObject({
  reason: z
    .string('Give a reason the member will read.')
    .trim()
    .min(3, 'Give a reason the member will read.')
    .max(200, 'Keep the reason under 200 characters.'),
});

export const redemptionRequestsQuerySchema = z.object({ cursor: cursorParamSchema });

/** A redemption waiting for staff, oldest first: who asked (name only), for what, when. */
export interface RedemptionRequest {
  id: string;
  member: { id: string; name: string };
  title: string;
  costCoins: number;
  createdAt: string;
}
export type RedemptionRequestsPage = Page<RedemptionRequest>;

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
