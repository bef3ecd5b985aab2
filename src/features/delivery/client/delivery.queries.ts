import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryOptions } from '~/client/lib/session';
import type { adminDriversRoutes, driverRoutes } from '../server/delivery.routes';

const driver = routerClient<typeof driverRoutes>('/driver');
const adminDrivers = routerClient<typeof adminDriversRoutes>('/admin/drivers');
const run = driver.orders[':orderId'];
type DriverQueueResponse = ResponseOf<typeof driver.queue.$get>;
type DriverOrder = ResponseOf<typeof run.eta.$post>;
type AdminDriversResponse = ResponseOf<typeof adminDrivers.index.$get>;

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
    const queue = await call(driver.queue.$get({}, { init: { signal } }));
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

export const useClaimOrder = (config: MutationConfig<ResponseOf<typeof run.claim.$post>, string> = {}) =>
  useRunAction((orderId) => call(run.claim.$post({ param: { orderId } })), config);

export const useSubmitEta = (
  config: MutationConfig<DriverOrder, { orderId: string; etaMinutes: number }> = {},
) =>
  useRunAction(
    ({ orderId, etaMinutes }) => call(run.eta.$post({ param: { orderId }, json: { etaMinutes } })),
    config,
  );

export const useCancelRun = (config: MutationConfig<unknown, string> = {}) =>
  useRunAction((orderId) => call(run.cancel.$post({ param: { orderId } })), config);

export const useNotifyCustomer = (config: MutationConfig<unknown, string> = {}) =>
  useRunAction((orderId) => call(run.notify.$post({ param: { orderId } })), config);

/** Mark Delivered, with the handover code the member gives the driver at the door. */
export const useMarkDelivered = (
  config: MutationConfig<DriverOrder, { orderId: string; code: string }> = {},
) =>
  useRunAction(
    ({ orderId, code }) => call(run.delivered.$post({ param: { orderId }, json: { code } })),
    config,
  );

/** A driver switches themself online or offline; the session (header, queue) follows. */
export function useSetOnline(config: MutationConfig<ResponseOf<typeof driver.status.$put>, boolean> = {}) {
  return useApiMutation(
    (isOnline) => call(driver.status.$put({ json: { isOnline } })),
    async (queryClient, ...args) => {
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: args[0].user });
      await queryClient.invalidateQueries({ queryKey: driverQueueQueryKey });
    },
    config,
  );
}

export const driversQueryOptions = queryOptions({
  queryKey: driversQueryKey,
  queryFn: ({ signal }) => call(adminDrivers.index.$get({}, { init: { signal } })),
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
    ({ driverId, ...flags }) => call(adminDrivers[':driverId'].$patch({ param: { driverId }, json: flags })),
    async (queryClient, ...args) => {
      queryClient.setQueryData(driversQueryKey, args[0]);
      await queryClient.invalidateQueries({ queryKey: driverQueueQueryKey });
    },
    config,
  );
}
