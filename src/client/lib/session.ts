import { queryOptions, useQuery } from '@tanstack/react-query';
import type { sessionRoutes } from '~/server/session.routes';
import { call, routerClient } from './api-client';

const session = routerClient<typeof sessionRoutes>('/accounts/session');

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => call(session.index.$get({}, { init: { signal } })),
});

/** The signed-in member (`data.user`), or `data.user === null` for a visitor. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}
