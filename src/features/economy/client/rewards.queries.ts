import { queryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { call, routerClient, type ApiError, type ResponseOf } from '~/client/lib/api-client';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryKey } from '~/client/lib/session';
import { uploadFile } from '~/client/lib/upload';
import type { PayAs } from '../rewards.constants';
import type { RedeemInput, RewardAdminView, RewardFormInput, UpdateRewardInput } from '../rewards.schema';
import type { adminRewardsRoutes, rewardsRoutes } from '../server/rewards.routes';

const rewards = routerClient<typeof rewardsRoutes>('/rewards');
const admin = routerClient<typeof adminRewardsRoutes>('/admin/rewards');

/** Under ['rewards']: 'rewards.catalog' and 'rewards.redemptions' refetch these on every device. */
export const rewardsQueryKeys = {
  all: ['rewards'] as const,
  catalog: () => [...rewardsQueryKeys.all, 'catalog'] as const,
  mine: () => [...rewardsQueryKeys.all, 'mine'] as const,
  admin: () => [...rewardsQueryKeys.all, 'admin'] as const,
  requests: () => [...rewardsQueryKeys.all, 'requests'] as const,
  /** Under the requests, so what refetches the queue (an approval, an order using a reward) refetches it too. */
  cashRewards: () => [...rewardsQueryKeys.requests(), 'cash-rewards'] as const,
};

// The member's side.

export const rewardsQueryOptions = queryOptions({
  queryKey: rewardsQueryKeys.catalog(),
  queryFn: ({ signal }) => call(rewards.index.$get({}, { init: { signal } })),
});

/** The rewards on offer, cheapest first (hidden ones are gone at once). */
export function useRewards() {
  return useQuery(rewardsQueryOptions);
}

export const myRedemptionsQueryOptions = queryOptions({
  queryKey: rewardsQueryKeys.mine(),
  queryFn: ({ signal }) => call(rewards.mine.$get({}, { init: { signal } })),
});

/** The member's rewards still to come: waiting for approval, in the cart, kept for later. */
export function useMyRedemptions() {
  return useQuery(myRedemptionsQueryOptions);
}

/** The member's rewards in the cart: the cart's reward lines, the same on every device. */
export function useCartRewards() {
  return useQuery({
    ...myRedemptionsQueryOptions,
    select: (data) => data.redemptions.filter((redemption) => redemption.status === 'in-cart'),
  });
}

type RedeemResponse = ResponseOf<(typeof rewards)[':rewardId']['redeem']['$post']>;

/** Spends the coins (the balance is the session's: it is refetched) and puts the reward in the cart. */
export function useRedeemReward(
  config: MutationConfig<RedeemResponse, RedeemInput & { rewardId: string }> = {},
) {
  return useApiMutation(
    ({ rewardId, ...json }) => call(rewards[':rewardId'].redeem.$post({ param: { rewardId }, json })),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsQueryKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
    config,
  );
}

/** Moves a reward into the cart, or out of it to "Your rewards". */
export function useSetRewardInCart(
  config: MutationConfig<RedeemResponse, { redemptionId: string; inCart: boolean }> = {},
) {
  return useApiMutation(
    ({ redemptionId, inCart }) =>
      call(rewards.redemptions[':redemptionId'].$patch({ param: { redemptionId }, json: { inCart } })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: rewardsQueryKeys.mine() }),
    config,
  );
}

/** After an order is placed, its rewards are used: the cart's reward lines go. */
export const refreshCartRewards = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: rewardsQueryKeys.mine() });

// The staff's side (the Economy tab).

export const rewardCatalogQueryOptions = queryOptions({
  queryKey: rewardsQueryKeys.admin(),
  queryFn: ({ signal }) => call(admin.index.$get({}, { init: { signal } })),
});

/** Every reward, hidden ones too. */
export function useRewardCatalog() {
  return useQuery(rewardCatalogQueryOptions);
}

export type SaveRewardVariables =
  | { rewardId?: undefined; fields: RewardFormInput; image?: File | undefined }
  | { rewardId: string; fields: UpdateRewardInput; image?: File | undefined };

/** The outcome of a save: the reward, and the upload's error when the fields saved but the picture did not. */
export interface SaveRewardResult {
  reward: RewardAdminView;
  imageError: ApiError | undefined;
}

type RewardResponse = ResponseOf<(typeof admin)[':rewardId']['$patch']>;

const invalidateCatalog = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: rewardsQueryKeys.admin() }),
    queryClient.invalidateQueries({ queryKey: rewardsQueryKeys.catalog() }),
  ]);

/**
 * Creates a reward (no id) or changes one, then uploads its new picture if one was chosen. The picture is a second
 * request: when only it fails, the reward is saved and the result carries the upload's error.
 */
export const useSaveReward = (config: MutationConfig<SaveRewardResult, SaveRewardVariables> = {}) =>
  useApiMutation(
    async (variables) => {
      let { reward: saved } =
        variables.rewardId === undefined
          ? await call(admin.index.$post({ json: variables.fields }))
          : await call(
              admin[':rewardId'].$patch({ param: { rewardId: variables.rewardId }, json: variables.fields }),
            );
      let imageError: ApiError | undefined;
      if (variables.image) {
        try {
          ({ reward: saved } = await uploadFile<RewardResponse>(
            `/admin/rewards/${encodeURIComponent(saved.id)}/image`,
            variables.image,
          ));
        } catch (error) {
          imageError = error as ApiError;
        }
      }
      return { reward: saved, imageError };
    },
    invalidateCatalog,
    config,
  );

export const useSetRewardHidden = (
  config: MutationConfig<RewardResponse, { rewardId: string; hidden: boolean }> = {},
) =>
  useApiMutation(
    ({ rewardId, hidden }) => call(admin[':rewardId'].$patch({ param: { rewardId }, json: { hidden } })),
    invalidateCatalog,
    config,
  );

/** Back to the generated artwork. */
export const useRemoveRewardImage = (config: MutationConfig<RewardResponse, string> = {}) =>
  useApiMutation(
    (rewardId) => call(admin[':rewardId'].image.$delete({ param: { rewardId } })),
    invalidateCatalog,
    config,
  );

export const redemptionRequestsOptions = () =>
  pagedQueryOptions({
    queryKey: rewardsQueryKeys.requests(),
    queryFn: ({ cursor, init }) => call(admin.requests.$get({ query: { cursor } }, { init })),
  });

/** Requests for rewards that need approval, oldest first. */
export function useRedemptionRequests() {
  return useInfiniteQuery(redemptionRequestsOptions());
}

const invalidateRequests = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: rewardsQueryKeys.requests() });

/** Approves a request; one worth store credit needs `payAs`, the way the staff member chose to pay it. */
export const useApproveRedemption = (
  config: MutationConfig<unknown, { redemptionId: string; payAs?: PayAs | undefined }> = {},
) =>
  useApiMutation(
    ({ redemptionId, payAs }) =>
      call(
        admin.requests[':redemptionId'].approve.$post({
          param: { redemptionId },
          json: payAs ? { payAs } : {},
        }),
      ),
    invalidateRequests,
    config,
  );

export const useRefuseRedemption = (
  config: MutationConfig<unknown, { redemptionId: string; reason: string }> = {},
) =>
  useApiMutation(
    ({ redemptionId, reason }) =>
      call(admin.requests[':redemptionId'].refuse.$post({ param: { redemptionId }, json: { reason } })),
    invalidateRequests,
    config,
  );

export const cashRewardsQueryOptions = queryOptions({
  queryKey: rewardsQueryKeys.cashRewards(),
  queryFn: ({ signal }) => call(admin['cash-rewards'].$get({}, { init: { signal } })),
});

/** Approved rewards worth store credit that no order has used yet, oldest first. */
export function useCashRewards() {
  return useQuery(cashRewardsQueryOptions);
}

/** Pays an approved, unused cash reward as store credit instead (the member's balance follows by the event). */
export const usePayAsStoreCredit = (config: MutationConfig<unknown, string> = {}) =>
  useApiMutation(
    (redemptionId) => call(admin['cash-rewards'][':redemptionId'].credit.$post({ param: { redemptionId } })),
    invalidateRequests,
    config,
  );
