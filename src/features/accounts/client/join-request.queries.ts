import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryKey } from '~/client/lib/session';
import { uploadFile } from '~/client/lib/upload';
import type { JoinRequestState } from '../accounts.schema';
import type { accountsRoutes } from '../server/accounts.routes';

// Apart from accounts.queries: only the review page (loaded on demand) needs these, never a member let in.
const accounts = routerClient<typeof accountsRoutes>('/accounts');

/**
 * Under staff approval: the member's own request. While it waits it is asked again every 10 s; once staff approve
 * it the session is refetched, and the app opens with the session the member has.
 */
export function useJoinRequest() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['join-request'],
    queryFn: async ({ signal }) => {
      const state = await call(accounts['join-request'].$get({}, { init: { signal } }));
      if (state.status === 'approved') void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      return state;
    },
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 10_000 : false),
  });
}

export function useAskAgain(
  config: MutationConfig<ResponseOf<(typeof accounts)['join-request']['ask-again']['$post']>, void> = {},
) {
  return useApiMutation(
    () => call(accounts['join-request']['ask-again'].$post()),
    (queryClient, state) => {
      queryClient.setQueryData(['join-request'], state);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}

/** Under the photo ID check: the member's ID photo and date of birth, answered with their request as it now is. */
export function useSubmitIdCheck(
  config: MutationConfig<JoinRequestState, { file: File; birthDate: string }> = {},
) {
  return useApiMutation(
    ({ file, birthDate }) =>
      uploadFile<JoinRequestState>('/accounts/join-request/id', file, { fields: { birthDate } }),
    (queryClient, state) => queryClient.setQueryData(['join-request'], state),
    config,
  );
}
