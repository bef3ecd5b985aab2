import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, isApiError, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { shopQueryKeys } from '~/features/shop/client/shop.queries';
import type { PlaceOrderInput, QuoteCartInput } from '../orders.schema';
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

/**
 * The cart as the shop prices it now (POST /api/orders/quote): each line's price and problem, the fee and the
 * total Submit Order sends. While a changed cart is priced again, the last quote stays on screen (placeholder).
 */
export function useQuote(cart: QuoteCartInput, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: shopQueryKeys.quote(cart),
    queryFn: ({ signal }) => call(orders.quote.$post({ json: cart }, { init: { signal } })),
    placeholderData: keepPreviousData,
    enabled,
  });
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
      // Prices Changed or Sold Out: the cart's quote shows the shop's prices, fee and counts as they are now
      // before the member submits again; a refused promo code, why under its field.
      const [error] = args;
      if (
        isApiError(error) &&
        (error.code === 'PRICES_CHANGED' ||
          error.code === 'CONFLICT' ||
          error.fields?.promoCode !== undefined)
      ) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: shopQueryKeys.quote() }),
          queryClient.invalidateQueries({ queryKey: shopQueryKeys.menu() }),
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
