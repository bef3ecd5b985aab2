import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryKey } from '~/client/lib/session';
import type { UpdateEconomySettingsInput } from '../economy.schema';
import type { economyRoutes } from '../server/economy.routes';

const economy = routerClient<typeof economyRoutes>('/economy');

export const economyQueryKeys = {
  all: ['economy'] as const,
  settings: () => [...economyQueryKeys.all, 'settings'] as const,
};

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
