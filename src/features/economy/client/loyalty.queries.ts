import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type { LevelPerksInput, PromoCodeFormInput } from '../loyalty.schema';
import type { economyRoutes } from '../server/economy.routes';
import type { promoCodesRoutes } from '../server/promo-codes.routes';
import { economyQueryKeys } from './economy.queries';

const economy = routerClient<typeof economyRoutes>('/economy');
const promoCodes = routerClient<typeof promoCodesRoutes>('/admin/promo-codes');

/** Under ['economy']: 'economy.loyalty' refetches both on every device (and carts' quotes). */
export const loyaltyQueryKeys = {
  levelPerks: () => [...economyQueryKeys.all, 'level-perks'] as const,
  promoCodes: () => [...economyQueryKeys.all, 'promo-codes'] as const,
};

/** The level perks in force, lowest level first (the Missions guide, the Economy tab). */
export const levelPerksQueryOptions = queryOptions({
  queryKey: loyaltyQueryKeys.levelPerks(),
  queryFn: ({ signal }) => call(economy['level-perks'].$get({}, { init: { signal } })),
});

export function useLevelPerks() {
  return useQuery(levelPerksQueryOptions);
}

/** Saves the whole perk table (manage:economy). */
export function useSaveLevelPerks(
  config: MutationConfig<ResponseOf<(typeof economy)['level-perks']['$put']>, LevelPerksInput> = {},
) {
  return useApiMutation(
    (json) => call(economy['level-perks'].$put({ json })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: loyaltyQueryKeys.levelPerks() }),
    config,
  );
}

/** Every promo code, newest first, with its state today and its uses (manage:rewards). */
export function usePromoCodes() {
  return useQuery({
    queryKey: loyaltyQueryKeys.promoCodes(),
    queryFn: ({ signal }) => call(promoCodes.index.$get({}, { init: { signal } })),
  });
}

type PromoCodeResponse = ResponseOf<typeof promoCodes.index.$post>;

export function useCreatePromoCode(config: MutationConfig<PromoCodeResponse, PromoCodeFormInput> = {}) {
  return useApiMutation(
    (json) => call(promoCodes.index.$post({ json })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: loyaltyQueryKeys.promoCodes() }),
    config,
  );
}

/** Saves a code's whole form again. */
export function useUpdatePromoCode(
  config: MutationConfig<PromoCodeResponse, PromoCodeFormInput & { promoCodeId: string }> = {},
) {
  return useApiMutation(
    ({ promoCodeId, ...json }) => call(promoCodes[':promoCodeId'].$patch({ param: { promoCodeId }, json })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: loyaltyQueryKeys.promoCodes() }),
    config,
  );
}

/** Pauses or resumes a code. */
export function useSetPromoCodePaused(
  config: MutationConfig<PromoCodeResponse, { promoCodeId: string; paused: boolean }> = {},
) {
  return useApiMutation(
    ({ promoCodeId, paused }) =>
      call(promoCodes[':promoCodeId'].paused.$put({ param: { promoCodeId }, json: { paused } })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: loyaltyQueryKeys.promoCodes() }),
    config,
  );
}
