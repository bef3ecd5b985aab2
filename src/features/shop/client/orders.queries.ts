import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import type { MutationConfig } from '~/client/lib/query-client';
import { shopQueryKeys } from '~/features/shop/client/shop.queries';
import type { PlaceOrderInput } from '../orders.schema';
import type { ordersRoutes } from '../server/orders.routes';

const orders = routerClient<typeof ordersRoutes>('/orders');

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
