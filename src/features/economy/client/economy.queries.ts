import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryKey } from '~/client/lib/session';
import type { AdjustBalanceInput, UpdateEconomySettingsInput } from '../economy.schema';
import type { Leaderboard } from '../economy.constants';
import type { economyRoutes } from '../server/economy.routes';

const economy = routerClient<typeof economyRoutes>('/economy');

export const economyQueryKeys = {
  all: ['economy'] as const,
  settings: () => [...economyQueryKeys.all, 'settings'] as const,
  cooldowns: () => [...economyQueryKeys.all, 'cooldowns'] as const,
  leaderboard: (board?: Leaderboard) =>
    board
      ? ([...economyQueryKeys.all, 'leaderboard', board] as const)
      : ([...economyQueryKeys.all, 'leaderboard'] as const),
  balanceHolders: (q: string) => [...economyQueryKeys.all, 'balance-holders', q] as const,
};

/** Members by name for the adjustment form (searched once the name has a letter in it). */
export function useBalanceHolders(q: string) {
  return useQuery({
    queryKey: economyQueryKeys.balanceHolders(q),
    queryFn: ({ signal }) => call(economy.members.$get({ query: { q } }, { init: { signal } })),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export function useAdjustBalance(
  config: MutationConfig<ResponseOf<typeof economy.adjustments.$post>, AdjustBalanceInput> = {},
) {
  return useApiMutation(
    (input) => call(economy.adjustments.$post({ json: input })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: [...economyQueryKeys.all, 'balance-holders'] });
      await queryClient.invalidateQueries({ queryKey: economyQueryKeys.leaderboard() });
    },
    config,
  );
}

/** The spec's refresh of the cooldown display; an award refetches it at once ('session.balance'). */
const COOLDOWN_REFRESH_MS = 60_000;

/** When each timed action earns again, from the server; re-read every minute and after every award. */
export function useCooldowns() {
  return useQuery({
    queryKey: economyQueryKeys.cooldowns(),
    queryFn: async ({ signal }) => {
      const cooldowns = await call(economy.cooldowns.$get({}, { init: { signal } }));
      // The server's clock minus this device's, as the answer arrives: a phone whose clock is off still shows
      // the right time left.
      return { ...cooldowns, clockOffsetMs: Date.parse(cooldowns.serverNow) - Date.now() };
    },
    refetchInterval: COOLDOWN_REFRESH_MS,
  });
}

/** Ranked members on a board (All Time or This Week), a page at a time, with the viewer's own row on every page. */
export function useLeaderboard(board: Leaderboard) {
  return useInfiniteQuery(
    pagedQueryOptions({
      queryKey: economyQueryKeys.leaderboard(board),
      queryFn: ({ cursor, init }) => call(economy.leaderboard.$get({ query: { cursor, board } }, { init })),
    }),
  );
}

/** The award amounts and cooldowns in force (what the missions guide and the admin Economy tab show). */
export const economySettingsQueryOptions = queryOptions({
  queryKey: economyQueryKeys.settings(),
  queryFn: ({ signal }) => call(economy.settings.$get({}, { init: { signal } })),
});

/**
 * Asks the server for the weekly login bonus; the server decides whether one is due (once per window, however
 * many tabs or devices ask at once). An award changes the member's XP and coins, so the session is refetched.
 */
export function useClaimWeeklyBonus(
  config: MutationConfig<ResponseOf<(typeof economy)['weekly-bonus']['$post']>, void> = {},
) {
  return useApiMutation(
    () => call(economy['weekly-bonus'].$post()),
    async (queryClient, ...args) => {
      if (args[0].awarded) await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}

export function useEconomySettings() {
  return useQuery(economySettingsQueryOptions);
}

export function useUpdateEconomySettings(
  config: MutationConfig<ResponseOf<typeof economy.settings.$put>, UpdateEconomySettingsInput> = {},
) {
  return useApiMutation(
    (changes) => call(economy.settings.$put({ json: changes })),
    async (queryClient, ...args) => {
      queryClient.setQueryData(economySettingsQueryOptions.queryKey, args[0]);
    },
    config,
  );
}
