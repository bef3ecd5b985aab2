import {
  MutationCache,
  onlineManager,
  QueryCache,
  QueryClient,
  useMutation,
  useQueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { sessionQueryKey } from '~/client/lib/session';
import { isApiError, isRetryable, type ApiError } from './api-client';

/**
 * What a screen adds to a mutation hook (toasts, closing a dialog, navigation). Every hook invalidates its own
 * queries first and then calls these, so cache rules live beside the API and UI reactions in the component.
 */
export type MutationConfig<TData, TVariables, TContext = unknown> = Omit<
  UseMutationOptions<TData, ApiError, TVariables, TContext>,
  'mutationFn' | 'mutationKey' | 'onMutate'
>;

/**
 * The one way to write a mutation hook: the request, then the cache brought up to date (`refresh`: invalidate the
 * keys the change touched, or set the answer), then the screen's own callbacks (`config`: toasts, navigation).
 */
export function useApiMutation<TData, TVariables, TContext = unknown>(
  request: (variables: TVariables) => Promise<TData>,
  refresh: (queryClient: QueryClient, data: TData, variables: TVariables) => unknown,
  config: MutationConfig<TData, TVariables, TContext> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: request,
    onSuccess: async (...args) => {
      await refresh(queryClient, args[0], args[1]);
      await config.onSuccess?.(...args);
    },
  });
}

export function createQueryClient(): QueryClient {
  // The query library assumes a connection until it hears an `offline` event, which a page opened offline (from the
  // service worker's cache) never sends: told the truth, it pauses its queries and runs them once the connection
  // is back.
  onlineManager.setOnline(navigator.onLine);
  // Any call answered 401 means the session has ended (signed out elsewhere, banned, expired): refetching the
  // session lets RequireSession send the member to sign in.
  // Answered ACCOUNT_PENDING or ACCOUNT_DECLINED: staff have not let this member in (or no longer do), and the
  // session says so, so the app shows the review page.
  const onError = (error: Error, queryKey?: readonly unknown[]) => {
    const sessionChanged = isApiError(error, 'UNAUTHORIZED', 'ACCOUNT_PENDING', 'ACCOUNT_DECLINED');
    if (sessionChanged && queryKey?.[0] !== sessionQueryKey[0]) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // Without a connection a retry cannot help: the query fails at once (the page can say "You're offline")
        // and is fetched again when the connection comes back (refetchOnReconnect).
        retry: (failureCount, error) => failureCount < 4 && isRetryable(error) && navigator.onLine,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
