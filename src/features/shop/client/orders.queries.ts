import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { shopQueryKeys } from '~/features/shop/client/shop.queries';
import type { PlaceOrderInput } from '../orders.schema';
import type { ordersRoutes } from '../server/orders.routes';

const orders = routerClient<typeof ordersRoutes>('/orders');
const myOrder = orders[':orderId'];

/** Everything under 'orders' is refetched by the event stream's 'orders.changed' events. */
export const ordersQueryKeys = {
  all: ['orders'] as const,
  mine: () => [...ordersQueryKeys.all, 'mine'] as const,
};

/** The member's own orders, newest first, a page at a time. */
export const myOrdersQueryOptions = pagedQueryOptions({
  queryKey: ordersQueryKeys.mine(),
  queryFn: ({ cursor, init }) => call(orders.index.$get({ query: { cursor } }, { init })),
});

export function useMyOrders() {
  return useInfiniteQuery(myOrdersQueryOptions);
}

export function usePlaceOrder(
  config: MutationConfig<ResponseOf<typeof orders.index.$post>, PlaceOrderInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (input) => call(orders.index.$post({ json: input })),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ordersQueryKeys.all });
      await config.onSuccess?.(...args);
    },
    onError: async (...args) => {
      // Prices Changed: the cart shows the shop's current prices and fee before the member submits again.
      if (isApiError(args[0], 'PRICES_CHANGED')) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: shopQueryKeys.menu() }),
          queryClient.invalidateQueries({ queryKey: shopQueryKeys.settings() }),
        ]);
      }
      await config.onError?.(...args);
    },
  });
}

/** The member cancels their own order while nobody has started on it; the rewards it used come back. */
export const useCancelMyOrder = (
  config: MutationConfig<ResponseOf<typeof myOrder.cancel.$post>, string> = {},
) =>
  useApiMutation(
    (orderId) => call(myOrder.cancel.$post({ param: { orderId } })),
    // Its rewards come back under Your rewards by the event stream (returnRedemptionsOfOrder).
    (queryClient) => queryClient.invalidateQueries({ queryKey: ordersQueryKeys.all }),
    config,
  );

/** Order again: a past order's sticker lines at today's prices, and what is no longer sold (nothing changes). */
export const useReorder = (config: MutationConfig<ResponseOf<typeof myOrder.reorder.$get>, string> = {}) =>
  useMutation({ ...config, mutationFn: (orderId) => call(myOrder.reorder.$get({ param: { orderId } })) });
