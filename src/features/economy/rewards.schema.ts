import { z } from 'zod';
import { cursorParamSchema, type Page } from '~/shared/pagination';
import {
  PAY_AS,
  PAY_AS_NEEDED,
  REWARD_ARTS,
  REWARD_KINDS,
  type RedemptionStatus,
  type RewardArt,
  type RewardKind,
} from './rewards.constants';

/**
 * The Rewards Center's contracts: the catalogue members spend coins on, their redemptions (kept on the server,
 * docs/decisions/021), and the staff's side in the Economy tab.
 */

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
  /** What the reward is worth as store credit, in cents; null when it is not a cash or credit reward. */
  creditCents: number | null;
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
  /** Worth this much store credit (cents): staff approving a request choose credit or cash. Null: neither. */
  creditCents: z
    .number('Enter the store credit in dollars.')
    .int('The store credit is in whole cents.')
    .min(1, 'Store credit is at least $0.01; leave it empty for none.')
    .max(1_000_000, 'Store credit can be at most $10,000.')
    .nullable()
    .default(null),
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

/** Approving a request: for a reward worth store credit, how it is paid. */
export const approveRedemptionSchema = z.strictObject({
  payAs: z.enum(PAY_AS, PAY_AS_NEEDED).optional(),
});
export type ApproveRedemptionInput = z.input<typeof approveRedemptionSchema>;

/** An approved reward worth store credit that no order has used yet: staff may pay it as credit instead. */
export interface CashRewardView {
  id: string;
  member: { id: string; name: string };
  title: string;
  creditCents: number;
  status: 'unused' | 'in-cart';
  createdAt: string;
}
export interface CashRewardsResponse {
  redemptions: CashRewardView[];
}

/** A redemption waiting for staff, oldest first: who asked (name only), for what, when. */
export interface RedemptionRequest {
  id: string;
  member: { id: string; name: string };
  title: string;
  costCoins: number;
  /** Worth this much store credit: approving it asks Store credit or Cash. */
  creditCents: number | null;
  createdAt: string;
}
export type RedemptionRequestsPage = Page<RedemptionRequest>;
