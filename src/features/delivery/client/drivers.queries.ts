import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type { adminDriversRoutes, dispatchRoutes } from '../server/delivery.routes';
import { driverQueueQueryKey, driversQueryKey } from './delivery.queries';

/** The dashboard's Drivers tab. */
const adminDrivers = routerClient<typeof adminDriversRoutes>('/admin/drivers');
type AdminDriversResponse = ResponseOf<typeof adminDrivers.index.$get>;

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

/**
 * The drivers the orders desk may give a run to (approved, online first). Under ['orders'] too, so a claim or a
 * finished run refreshes their active runs while the dialog is open.
 */
export function useDispatchDrivers({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['orders', ...driversQueryKey, 'dispatch'],
    queryFn: ({ signal }) => call(adminDrivers.dispatch.$get({}, { init: { signal } })),
    enabled,
  });
}

const dispatch = routerClient<typeof dispatchRoutes>('/admin/orders');

/** Gives a delivery run to a driver, or moves it from the driver the desk shows (`currentDriverId`). */
export const useAssignRun = (
  config: MutationConfig<
    ResponseOf<(typeof dispatch)[':orderId']['driver']['$put']>,
    { orderId: string; driverId: string; currentDriverId: string | null }
  > = {},
) =>
  useApiMutation(
    ({ orderId, ...json }) => call(dispatch[':orderId'].driver.$put({ param: { orderId }, json })),
    // The desk and every queue follow by the event stream ('orders.changed'); this desk at once.
    (queryClient) => queryClient.invalidateQueries({ queryKey: ['orders'] }),
    config,
  );
