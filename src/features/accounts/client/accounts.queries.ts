import { type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryKey, sessionQueryOptions } from '~/client/lib/session';
import { clearCart } from '~/client/lib/cart-storage';
import type { SessionResponse } from '~/shared/session';
import type { LoginInput, OwnerLoginInput, registerSchema } from '../accounts.schema';
import type { accountsRoutes } from '../server/accounts.routes';

const accounts = routerClient<typeof accountsRoutes>('/accounts');

/** Someone else's data must never show for the member who signs in next. */
function forgetEverythingBut(queryClient: QueryClient, session: SessionResponse) {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== sessionQueryKey[0],
  });
  queryClient.setQueryData(sessionQueryOptions.queryKey, session);
}

type RegisterFormValues = z.output<typeof registerSchema>;

export function useRegister(
  config: MutationConfig<ResponseOf<typeof accounts.register.$post>, RegisterFormValues> = {},
) {
  return useApiMutation(
    (input) => call(accounts.register.$post({ json: input })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}

export function useLogin(config: MutationConfig<SessionResponse, LoginInput> = {}) {
  return useApiMutation(
    (input) => call(accounts.login.$post({ json: input })),
    async (queryClient, ...args) => {
      forgetEverythingBut(queryClient, args[0]);
    },
    config,
  );
}

export function useOwnerLogin(config: MutationConfig<SessionResponse, OwnerLoginInput> = {}) {
  return useApiMutation(
    (input) => call(accounts['owner-login'].$post({ json: input })),
    async (queryClient, ...args) => {
      forgetEverythingBut(queryClient, args[0]);
    },
    config,
  );
}

export function useLogout(config: MutationConfig<unknown, void> = {}) {
  return useApiMutation(
    () => call(accounts.logout.$post()),
    async (queryClient) => {
      // The cart is kept per member on this device only while they are signed in (ARCHITECTURE.md departure 1).
      const userId = queryClient.getQueryData(sessionQueryOptions.queryKey)?.user?.id;
      if (userId) clearCart(userId);
      forgetEverythingBut(queryClient, { user: null });
    },
    config,
  );
}
