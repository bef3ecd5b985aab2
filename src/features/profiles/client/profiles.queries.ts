import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, uploadFile } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type { SessionUser } from '~/shared/session';
import { sessionQueryOptions } from '~/client/lib/session';
import type { OwnProfile, PublicProfile, updateProfileSchema } from '../profiles.schema';

/**
 * 'members' is also the root of the admins' member events ('members.changed'), so a ban or a role change
 * refetches an open public profile.
 */
export const profileQueryKeys = {
  own: () => ['profile'] as const,
  member: (userId: string) => ['members', userId] as const,
};

/** The member's own profile: their referrals (their balances and fields come live from the session). */
export const ownProfileQueryOptions = queryOptions({
  queryKey: profileQueryKeys.own(),
  queryFn: ({ signal }) => api<OwnProfile>('/profile', { signal }),
});

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions);
}

export const publicProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileQueryKeys.member(userId),
    queryFn: ({ signal }) => api<PublicProfile>(`/members/${encodeURIComponent(userId)}`, { signal }),
  });

export function usePublicProfile(userId: string) {
  return useQuery(publicProfileQueryOptions(userId));
}

/** The header, the profile page and the member's public profile all show what just changed. */
async function rememberUpdatedMember(queryClient: QueryClient, user: SessionUser) {
  queryClient.setQueryData(sessionQueryOptions.queryKey, { user });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: profileQueryKeys.own() }),
    queryClient.invalidateQueries({ queryKey: profileQueryKeys.member(user.id) }),
  ]);
}

type UpdateProfileValues = z.output<typeof updateProfileSchema>;

export function useUpdateProfile(config: MutationConfig<{ user: SessionUser }, UpdateProfileValues> = {}) {
  return useApiMutation(
    (input) => api<{ user: SessionUser }>('/profile', { method: 'PATCH', body: input }),
    async (queryClient, ...args) => {
      await rememberUpdatedMember(queryClient, args[0].user);
    },
    config,
  );
}

export function useUploadAvatar(config: MutationConfig<{ user: SessionUser }, File> = {}) {
  return useApiMutation(
    (file) => uploadFile<{ user: SessionUser }>('/profile/avatar', file),
    async (queryClient, ...args) => {
      await rememberUpdatedMember(queryClient, args[0].user);
    },
    config,
  );
}
