import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type { Role } from '~/shared/permissions';
import type { AdminMember, MemberPage, MemberSearch } from '../members.schema';

type MemberScope = NonNullable<MemberSearch['scope']>;

/** Under ['members'], so the 'members.changed' event refreshes every open list. */
export const membersQueryKey = ['members'] as const;

const PAGE_SIZE = 25;

export const memberListOptions = (scope: MemberScope, q: string) =>
  infiniteQueryOptions({
    queryKey: [...membersQueryKey, 'list', scope, q] as const,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ scope, q, limit: String(PAGE_SIZE) });
      if (pageParam) search.set('cursor', pageParam);
      return api<MemberPage>(`/admin/members?${search}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // While a new search runs, the last results stay on screen rather than flashing to a skeleton.
    placeholderData: keepPreviousData,
  });

/** Newest members first, a page at a time, searched in the tab's scope. */
export function useMemberList(scope: MemberScope, q: string) {
  return useInfiniteQuery(memberListOptions(scope, q));
}

interface MemberResponse {
  member: AdminMember;
}

export function useSetBanned(
  config: MutationConfig<MemberResponse, { memberId: string; banned: boolean }> = {},
) {
  return useApiMutation(
    ({ memberId, banned }) =>
      api<MemberResponse>(`/admin/members/${encodeURIComponent(memberId)}/${banned ? 'ban' : 'unban'}`, {
        method: 'POST',
      }),
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
    ({ memberId, roles }) =>
      api<MemberResponse>(`/admin/members/${encodeURIComponent(memberId)}/roles`, {
        method: 'PUT',
        body: { roles },
      }),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: membersQueryKey });
    },
    config,
  );
}
