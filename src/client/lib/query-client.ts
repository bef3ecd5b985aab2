import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
