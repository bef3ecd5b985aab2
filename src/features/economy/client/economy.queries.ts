import { queryOptions, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, type ApiError } from '~/client/lib/api-client';
import { sessionQueryKey } from '~/features/accounts/client/accounts.queries';
import type { EconomySettingsResponse, WeeklyBonusResponse } from '../economy.schema';

export const economyQueryKeys = {
  all: ['economy'] as const,
  settings: () => [...economyQueryKeys.all, 'settings'] as const,
};

/** The award amounts and cooldowns in force (what the missions guide and the admin Economy tab show). */
export const economySettingsQueryOptions = queryOptions({
  queryKey: economyQueryKeys.settings(),
  queryFn: ({ signal }) => api<EconomySettingsResponse>('/economy/settings', { signal }),
});

type MutationConfig<TData, TVariables> = Omit<
  UseMutationOptions<TData, ApiError, TVariables>,
  'mutationFn' | 'mutationKey'
>;

/**
 * Asks the server for the weekly login bonus; the server decides whether one is due (once per window, however
 * many tabs or devices ask at once). An award changes the member's XP and coins, so the session is refetched.
 */
export function useClaimWeeklyBonus(config: MutationConfig<WeeklyBonusResponse, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => api<WeeklyBonusResponse>('/economy/weekly-bonus', { method: 'POST' }),
    onSuccess: async (...args) => {
      if (args[0].awarded) await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await config.onSuccess?.(...args);
    },
  });
}
