import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, isApiError, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryKey, sessionQueryOptions } from '~/client/lib/session';
import { shopNameQueryKey } from '~/client/lib/shop-name';
import { clearCart } from '~/client/lib/cart-storage';
import type { SessionResponse } from '~/shared/session';
import type { accountsRoutes } from '../server/accounts.routes';

/**
 * What every signed-in screen offers (Log out, the e-mail banner's Send again), kept apart from the sign-in pages'
 * hooks (sign-in.queries.ts) and /account's (account-settings.queries.ts) so the signed-in layout carries only these.
 */
export const accounts = routerClient<typeof accountsRoutes>('/accounts');

/** Someone else's data must never show for the member who signs in next (the shop's name is nobody's). */
export function forgetEverythingBut(queryClient: QueryClient, session: SessionResponse) {
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== sessionQueryKey[0] && query.queryKey[0] !== shopNameQueryKey[0],
  });
  queryClient.setQueryData(sessionQueryOptions.queryKey, session);
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

/** Sends the confirmation link again. "Already confirmed" (409) means the session is out of date: read it again. */
export function useResendVerificationEmail(
  config: MutationConfig<ResponseOf<(typeof accounts)['verification-email']['$post']>, void> = {},
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    () => call(accounts['verification-email'].$post()),
    () => {},
    {
      ...config,
      onError: (error, ...rest) => {
        if (isApiError(error, 'CONFLICT')) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        return config.onError?.(error, ...rest);
      },
    },
  );
}
