import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routerClient } from '~/client/lib/api-client';
import type { MutationConfig } from '~/client/lib/query-client';
import type { NotificationsResponse } from '../notifications.schema';
import type { notificationsRoutes } from '../server/notifications.routes';

const notifications = routerClient<typeof notificationsRoutes>('/notifications');

/** Everything under 'notifications' is refetched by the event stream's 'notifications.*' events. */
export const notificationsQueryKeys = {
  all: ['notifications'] as const,
  menu: () => [...notificationsQueryKeys.all, 'menu'] as const,
};

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKeys.menu(),
  queryFn: ({ signal }) => call(notifications.index.$get({}, { init: { signal } })),
  // New ones arrive over the event stream within a second; this slow poll only covers a stream that is down.
  refetchInterval: 60_000,
});

/** The bell's five newest and the unread count: only ever the signed-in member's own. */
export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}

/** Marks all the member's notifications read; the bell shows them read at once and refetches afterwards. */
export function useMarkAllNotificationsRead(
  config: MutationConfig<unknown, void, { previous: NotificationsResponse | undefined }> = {},
) {
  const queryClient = useQueryClient();
  const key = notificationsQueryOptions.queryKey;
  return useMutation({
    ...config,
    mutationFn: () => call(notifications['read-all'].$post()),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(
        key,
        (old) => old && { items: old.items.map((item) => ({ ...item, read: true })), unreadCount: 0 },
      );
      return { previous };
    },
    onError: async (...args) => {
      const previous = args[2]?.previous;
      if (previous) queryClient.setQueryData(key, previous);
      await config.onError?.(...args);
    },
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: notificationsQueryKeys.all });
      await config.onSettled?.(...args);
    },
  });
}
