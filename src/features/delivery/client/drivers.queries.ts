import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type { adminDriversRoutes } from '../server/delivery.routes';
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
