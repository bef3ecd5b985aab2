import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryKey } from '~/client/lib/session';
import type {
  AccountDetails,
  changeEmailSchema,
  changePasswordSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  TwoFactorSetupResponse,
  twoFactorSetupSchema,
  updateAccountSchema,
} from '../accounts.schema';
import { accounts } from './accounts.queries';

// Account settings (/account).

export const accountQueryKeys = {
  all: ['account'] as const,
  details: () => [...accountQueryKeys.all, 'details'] as const,
  sessions: () => [...accountQueryKeys.all, 'sessions'] as const,
};

export const accountQueryOptions = queryOptions({
  queryKey: accountQueryKeys.details(),
  queryFn: ({ signal }) => call(accounts.account.$get({}, { init: { signal } })),
});

export function useAccount() {
  return useQuery(accountQueryOptions);
}

export function useUpdateAccount(
  config: MutationConfig<AccountDetails, z.output<typeof updateAccountSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts.account.$patch({ json: input })),
    async (queryClient, saved) => {
      queryClient.setQueryData(accountQueryOptions.queryKey, saved);
      // Checkout pre-fills the phone and address from the session (the event stream also says so, a moment later).
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}

export function useChangePassword(
  config: MutationConfig<{ ok: true }, z.output<typeof changePasswordSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts.account.password.$post({ json: input })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: accountQueryKeys.sessions() });
    },
    config,
  );
}

export function useChangeEmail(
  config: MutationConfig<
    ResponseOf<typeof accounts.account.email.$post>,
    z.output<typeof changeEmailSchema>
  > = {},
) {
  return useApiMutation(
    (input) => call(accounts.account.email.$post({ json: input })),
    () => {},
    config,
  );
}

export const accountSessionsQueryOptions = queryOptions({
  queryKey: accountQueryKeys.sessions(),
  queryFn: ({ signal }) => call(accounts.account.sessions.$get({}, { init: { signal } })),
});

export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions);
}

export function useSignOutSession(config: MutationConfig<{ ok: true }, string> = {}) {
  return useApiMutation(
    (id) => call(accounts.account.sessions[':id'].$delete({ param: { id } })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: accountQueryKeys.sessions() });
    },
    config,
  );
}

export function useSignOutOtherSessions(config: MutationConfig<{ ended: number }, void> = {}) {
  return useApiMutation(
    () => call(accounts.account.sessions['sign-out-others'].$post()),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: accountQueryKeys.sessions() });
    },
    config,
  );
}

// Two-factor sign-in (/account#two-factor).

export function useStartTwoFactorSetup(
  config: MutationConfig<TwoFactorSetupResponse, z.output<typeof twoFactorSetupSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts.account['two-factor'].$post({ json: input })),
    () => {},
    config,
  );
}

export function useConfirmTwoFactor(
  config: MutationConfig<{ ok: true }, z.output<typeof twoFactorConfirmSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts.account['two-factor'].confirm.$post({ json: input })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}

export function useDisableTwoFactor(
  config: MutationConfig<{ ok: true }, z.output<typeof twoFactorDisableSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts.account['two-factor'].disable.$post({ json: input })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}
