import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryOptions } from '~/client/lib/session';
import type { SessionUser } from '~/shared/session';
import type {
  AdminDriversResponse,
  ClaimResponse,
  DriverOrderView,
  DriverQueueResponse,
} from '../delivery.schema';

/** Under ['orders'], so every 'orders.*' event (a new order, a claim, a re-queue) refetches the queue. */
export const driverQueueQueryKey = ['orders', 'driver-queue'] as const;
/** Under ['drivers'], refreshed by the 'drivers.changed' event. */
export const driversQueryKey = ['drivers'] as const;

export interface DriverQueue extends DriverQueueResponse {
  /** The server's clock minus this device's, measured when the queue arrived: countdowns use server time. */
  clockOffsetMs: number;
}

export const driverQueueQueryOptions = queryOptions({
  queryKey: driverQueueQueryKey,
  queryFn: async ({ signal }): Promise<DriverQueue> => {
    const queue = await api<DriverQueueResponse>('/driver/queue', { signal });
    return { ...queue, clockOffsetMs: Date.parse(queue.serverNow) - Date.now() };
  },
  // The event stream keeps it current; this is only the fallback if the stream is down.
  refetchInterval: 30_000,
});

export function useDriverQueue() {
  return useQuery(driverQueueQueryOptions);
}

/** One mutation per driver action; each refetches the queue before the screen's own reaction runs. */
function useRunAction<TData, TVariables>(
  request: (variables: TVariables) => Promise<TData>,
  config: MutationConfig<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: request,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: driverQueueQueryKey });
      await config.onSuccess?.(...args);
    },
    onError: async (...args) => {
      // Lost a race or ran out of time: the queue on screen is stale either way.
      await queryClient.invalidateQueries({ queryKey: driverQueueQueryKey });
      await config.onError?.(...args);
    },
  });
}

const orderPath = (orderId: string, action: string) =>
  `/driver/orders/${encodeURIComponent(orderId)}/${action}`;

export const useClaimOrder = (config: MutationConfig<ClaimResponse, string> = {}) =>
  useRunAction(
    (orderId) => api<ClaimResponse>(orderPath(orderId, 'claim'), { method: 'POST', body: {} }),
    config,
  );

export const useSubmitEta = (
  config: MutationConfig<{ order: DriverOrderView }, { orderId: string; etaMinutes: number }> = {},
) =>
  useRunAction(
    ({ orderId, etaMinutes }) =>
      api<{ order: DriverOrderView }>(orderPath(orderId, 'eta'), { method: 'POST', body: { etaMinutes } }),
    config,
  );

export const useCancelRun = (config: MutationConfig<unknown, string> = {}) =>
  useRunAction((orderId) => api(orderPath(orderId, 'cancel'), { method: 'POST', body: {} }), config);

export const useNotifyCustomer = (config: MutationConfig<unknown, string> = {}) =>
  useRunAction((orderId) => api(orderPath(orderId, 'notify'), { method: 'POST', body: {} }), config);

export const useMarkDelivered = (config: MutationConfig<{ order: DriverOrderView }, string> = {}) =>
  useRunAction(
    (orderId) =>
      api<{ order: DriverOrderView }>(orderPath(orderId, 'delivered'), { method: 'POST', body: {} }),
    config,
  );

/** A driver switches themself online or offline; the session (header, queue) follows. */
export function useSetOnline(config: MutationConfig<{ user: SessionUser }, boolean> = {}) {
  return useApiMutation(
    (isOnline) => api<{ user: SessionUser }>('/driver/status', { method: 'PUT', body: { isOnline } }),
    async (queryClient, ...args) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: args[0].user });
      await queryClient.invalidateQueries({ queryKey: driverQueueQueryKey });
    },
    config,
  );
}

export const driversQueryOptions = queryOptions({
  queryKey: driversQueryKey,
  queryFn: ({ signal }) => api<AdminDriversResponse>('/admin/drivers', { signal }),
});

export function useDrivers() {
  return useQuery(driversQueryOptions);
}

export function useSetDriverFlags(
  config: MutationConfig<
    AdminDriversResponse,
    { driverId: string; isApprovedDriver?: boolean; isOnline?: boolean }
  > = {},
) {
  return useApiMutation(
    ({ driverId, ...flags }) =>
      api<AdminDriversResponse>(`/admin/drivers/${encodeURIComponent(driverId)}`, {
        method: 'PATCH',
        body: flags,
      }),
    async (queryClient, ...args) => {
      queryClient.setQueryData(driversQueryKey, args[0]);
      await queryClient.invalidateQueries({ queryKey: driverQueueQueryKey });
    },
    config,
  );
}
