import { queryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, fetchFile, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { clearCart } from '~/client/lib/cart-storage';
import { saveFile } from '~/client/lib/save-file';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import { uploadFile } from '~/client/lib/upload';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryOptions } from '~/client/lib/session';
import type { SessionUser } from '~/shared/session';
import type { updateProfileSchema } from '../profiles.schema';
import type { DataExportResponse, deleteAccountSchema } from '../privacy.schema';
import type { membersRoutes, profileRoutes } from '../server/profiles.routes';

const profile = routerClient<typeof profileRoutes>('/profile');
const members = routerClient<typeof membersRoutes>('/members');
type UpdatedMember = ResponseOf<typeof profile.index.$patch>;

/**
 * 'members' is also the root of the admins' member events ('members.changed'), so a ban or a role change
 * refetches an open public profile.
 */
export const profileQueryKeys = {
  own: () => ['profile'] as const,
  history: () => ['profile', 'history'] as const,
  member: (userId: string) => ['members', userId] as const,
  dataExport: () => ['profile', 'data-export'] as const,
};

/** The member's own profile: their referrals (their balances and fields come live from the session). */
export const ownProfileQueryOptions = queryOptions({
  queryKey: profileQueryKeys.own(),
  queryFn: ({ signal }) => call(profile.index.$get({}, { init: { signal } })),
});

/** The member's coin and XP history, newest first; an award or adjustment refetches it ('session.balance'). */
export function useLedgerHistory() {
  return useInfiniteQuery(
    pagedQueryOptions({
      queryKey: profileQueryKeys.history(),
      queryFn: ({ cursor, init }) => call(profile.history.$get({ query: { cursor } }, { init })),
    }),
  );
}

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions);
}

export const publicProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileQueryKeys.member(userId),
    queryFn: ({ signal }) => call(members[':userId'].$get({ param: { userId } }, { init: { signal } })),
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

export function useUpdateProfile(config: MutationConfig<UpdatedMember, UpdateProfileValues> = {}) {
  return useApiMutation(
    (input) => call(profile.index.$patch({ json: input })),
    async (queryClient, ...args) => {
      await rememberUpdatedMember(queryClient, args[0].user);
    },
    config,
  );
}

export function useUploadAvatar(config: MutationConfig<UpdatedMember, File> = {}) {
  return useApiMutation(
    (file) => uploadFile<UpdatedMember>('/profile/avatar', file),
    async (queryClient, ...args) => {
      await rememberUpdatedMember(queryClient, args[0].user);
    },
    config,
  );
}

/** The member's newest Download My Data archive; 'profile.data-export' refetches it when it is ready. */
export const dataExportQueryOptions = queryOptions({
  queryKey: profileQueryKeys.dataExport(),
  queryFn: ({ signal }) => call(profile['data-export'].$get({}, { init: { signal } })),
});

export function useDataExport() {
  return useQuery(dataExportQueryOptions);
}

export function useRequestDataExport(config: MutationConfig<DataExportResponse, void> = {}) {
  return useApiMutation(
    () => call(profile['data-export'].$post()),
    (queryClient, answer) => queryClient.setQueryData(profileQueryKeys.dataExport(), answer),
    config,
  );
}

/** Saves the archive to the device under the name the server gives it. */
export function useDownloadDataExport(config: MutationConfig<string, string> = {}) {
  return useApiMutation(
    async (exportId) => {
      const { blob, filename = 'vault-my-data.zip' } = await fetchFile(
        profile['data-export'][':exportId'].download.$get({ param: { exportId } }),
      );
      saveFile(blob, filename);
      return filename;
    },
    () => {},
    config,
  );
}

/** Deleting the account ends the session: nothing of the member stays in this browser. */
export function useDeleteAccount(
  config: MutationConfig<{ ok: true }, z.output<typeof deleteAccountSchema>> = {},
) {
  return useApiMutation(
    (input) => call(profile['delete-account'].$post({ json: input })),
    (queryClient) => {
      const userId = queryClient.getQueryData(sessionQueryOptions.queryKey)?.user?.id;
      if (userId) clearCart(userId);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== sessionQueryOptions.queryKey[0],
      });
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: null });
    },
    config,
  );
}
