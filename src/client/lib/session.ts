import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '~/shared/session';
import { api } from './api-client';

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => api<SessionResponse>('/accounts/session', { signal }),
});

/** The signed-in member (`data.user`), or `data.user === null` for a visitor. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}
