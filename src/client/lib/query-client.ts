import { MutationCache, QueryCache, QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { sessionQueryKey } from '~/client/lib/session';
import { ApiError, isRetryable } from './api-client';

/**
 * What a screen adds to a mutation hook (toasts, closing a dialog, navigation). Every hook invalidates its own
 * queries first and then calls these, so cache rules live beside the API and UI reactions in the component.
 */
export type MutationConfig<TData, TVariables, TContext = unknown> = Omit<
  UseMutationOptions<TData, ApiError, TVariables, TContext>,
  'mutationFn' | 'mutationKey' | 'onMutate'
>;

export function createQueryClient(): QueryClient {
  // Any call answered 401 means the session has ended (signed out elsewhere, banned, expired): refetching the
  // session lets RequireSession send the member to sign in.
  const onError = (error: Error, queryKey?: readonly unknown[]) => {
    if (error instanceof ApiError && error.status === 401 && queryKey?.[0] !== sessionQueryKey[0]) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) => failureCount < 4 && isRetryable(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
