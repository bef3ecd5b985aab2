import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryOptions } from '~/client/lib/session';
import { uploadFile } from '~/client/lib/upload';
import { driver, driverQueueQueryKey } from './delivery.queries';

const run = driver.orders[':orderId'];
type DriverOrder = ResponseOf<typeof run.eta.$post>;

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

/** Left at the door (nobody answered): the photo uploads, with its progress, beside the driver's note. */
export const useLeaveAtDoor = (
  config: MutationConfig<
    DriverOrder,
    { orderId: string; file: File; note: string; onProgress: (fraction: number) => void }
  > = {},
) =>
  useRunAction(
    ({ orderId, file, note, onProgress }) =>
      uploadFile<DriverOrder>(`/driver/orders/${encodeURIComponent(orderId)}/left-at-door`, file, {
        fields: { note },
        onProgress,
      }),
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
