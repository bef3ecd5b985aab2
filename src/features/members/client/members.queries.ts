import { useInfiniteQuery } from '@tanstack/react-query';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type { Role } from '~/shared/permissions';
import type { MemberSearch } from '../members.schema';
import type { adminMembersRoutes } from '../server/members.routes';

const admin = routerClient<typeof adminMembersRoutes>('/admin');
const member = admin.members[':memberId'];

type MemberScope = NonNullable<MemberSearch['scope']>;

/** Under ['members'], so the 'members.changed' event refreshes every open list. */
export const membersQueryKey = ['members'] as const;

const PAGE_SIZE = 25;

export const memberListOptions = (scope: MemberScope, q: string) =>
  pagedQueryOptions({
    queryKey: [...membersQueryKey, 'list', scope, q] as const,
    queryFn: ({ cursor, init }) =>
      call(admin.members.$get({ query: { scope, q, limit: String(PAGE_SIZE), cursor } }, { init })),
    searched: true,
  });

/** Newest members first, a page at a time, searched in the tab's scope. */
export function useMemberList(scope: MemberScope, q: string) {
  return useInfiniteQuery(memberListOptions(scope, q));
}

type MemberResponse = ResponseOf<typeof member.roles.$put>;

export function useSetBanned(
  config: MutationConfig<MemberResponse, { memberId: string; banned: boolean }> = {},
) {
  return useApiMutation(
    ({ memberId, banned }) =>
      call(banned ? member.ban.$post({ param: { memberId } }) : member.unban.$post({ param: { memberId } })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: membersQueryKey });
    },
    config,
  );
}

export function useSetRoles(
  config: MutationConfig<MemberResponse, { memberId: string; roles: Role[] }> = {},
) {
  return useApiMutation(
    ({ memberId, roles }) => call(member.roles.$put({ param: { memberId }, json: { roles } })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: membersQueryKey });
    },
    config,
  );
}

/** The Members tab's Message: the member's first (or next) message, sent from outside the inbox. */
export function useMessageMember(
  config: MutationConfig<ResponseOf<typeof member.message.$post>, { memberId: string; content: string }> = {},
) {
  return useApiMutation(
    ({ memberId, content }) => call(member.message.$post({ param: { memberId }, json: { content } })),
    // The conversation lists refetch on the 'inbox.message' event the send publishes.
    () => undefined,
    config,
  );
}

/** Under ['members', 'list'], so 'members.changed' (a new request, a decision) refreshes it. */
export const joinRequestsOptions = pagedQueryOptions({
  queryKey: [...membersQueryKey, 'list', 'pending'] as const,
  queryFn: ({ cursor, init }) =>
    call(admin.members.pending.$get({ query: { limit: String(PAGE_SIZE), cursor } }, { init })),
});

/** The Pending view: requests to join, oldest first, with the count for the tab's badge. */
export function useJoinRequests(enabled: boolean) {
  return useInfiniteQuery({ ...joinRequestsOptions, enabled });
}

export function useDecideJoinRequest(
  config: MutationConfig<
    unknown,
    { memberId: string; decision: 'approve' } | { memberId: string; decision: 'decline'; reason: string }
  > = {},
) {
  return useApiMutation(
    (input) =>
      call(
        input.decision === 'approve'
          ? member.approve.$post({ param: { memberId: input.memberId } })
          : member.decline.$post({ param: { memberId: input.memberId }, json: { reason: input.reason } }),
      ),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: membersQueryKey });
    },
    config,
  );
}
