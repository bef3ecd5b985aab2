import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import type { driverRoutes } from '../server/delivery.routes';

/**
 * The driver queue, which every signed-in screen may show (the ETA banner). A run's actions (run.queries.ts) and
 * the Drivers tab's (drivers.queries.ts) load with their screens.
 */
export const driver = routerClient<typeof driverRoutes>('/driver');
type DriverQueueResponse = ResponseOf<typeof driver.queue.$get>;

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
