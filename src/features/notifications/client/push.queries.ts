import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routerClient } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type { PushDevice, PushSubscribeInput } from '../push.schema';
import type { pushRoutes } from '../server/push.routes';

const push = routerClient<typeof pushRoutes>('/push');

export const pushQueryKeys = {
  all: ['push'] as const,
  devices: () => [...pushQueryKeys.all, 'devices'] as const,
};

export const pushDevicesQueryOptions = queryOptions({
  queryKey: pushQueryKeys.devices(),
  queryFn: ({ signal }) => call(push.subscriptions.$get({}, { init: { signal } })),
});

export function usePushDevices() {
  return useQuery(pushDevicesQueryOptions);
}

/** The server's VAPID public key, asked for only when the member turns push on. */
export function fetchPushPublicKey() {
  return call(push['public-key'].$get());
}

export function useSavePushSubscription(config: MutationConfig<PushDevice, PushSubscribeInput> = {}) {
  return useApiMutation(
    (input) => call(push.subscriptions.$post({ json: input })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: pushQueryKeys.devices() }),
    config,
  );
}

export function useUpdatePushDevice(
  config: MutationConfig<PushDevice, { id: string; showDetails: boolean }> = {},
) {
  return useApiMutation(
    ({ id, showDetails }) => call(push.subscriptions[':id'].$patch({ param: { id }, json: { showDetails } })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: pushQueryKeys.devices() }),
    config,
  );
}

export function useRemovePushDevice(config: MutationConfig<{ ok: true }, string> = {}) {
  return useApiMutation(
    (id) => call(push.subscriptions[':id'].$delete({ param: { id } })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: pushQueryKeys.devices() }),
    config,
  );
}
