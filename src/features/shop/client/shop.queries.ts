import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError, routerClient, type ResponseOf } from '~/client/lib/api-client';
import type { MutationConfig } from '~/client/lib/query-client';
import { sessionQueryKey } from '~/client/lib/session';
import type { RateStickerInput } from '../shop.schema';
import { pickupLocationName } from '../shop.constants';
import type { shopRoutes } from '../server/shop.routes';

const shop = routerClient<typeof shopRoutes>('/shop');

/** Everything under 'shop' is refetched by the event stream's 'shop.*' events. */
export const shopQueryKeys = {
  all: ['shop'] as const,
  menu: () => [...shopQueryKeys.all, 'menu'] as const,
  settings: () => [...shopQueryKeys.all, 'settings'] as const,
  pickupLocations: () => [...shopQueryKeys.all, 'pickup-locations'] as const,
  /** Checkout's delivery terms; 'shop.locations' refetches them, and the Locations tab's rules under them. */
  delivery: () => [...shopQueryKeys.all, 'delivery'] as const,
  deliveryRules: () => [...shopQueryKeys.delivery(), 'rules'] as const,
  ratingStatus: () => [...shopQueryKeys.all, 'rating-status'] as const,
  /** A cart's quote (orders.queries.ts): refetched when the menu, a shown count or the fee changes. */
  quote: (cart?: unknown) => [...shopQueryKeys.all, 'quote', ...(cart === undefined ? [] : [cart])] as const,
};

export const menuQueryOptions = queryOptions({
  queryKey: shopQueryKeys.menu(),
  queryFn: ({ signal }) => call(shop.menu.$get({}, { init: { signal } })),
});

export const shopSettingsQueryOptions = queryOptions({
  queryKey: shopQueryKeys.settings(),
  queryFn: ({ signal }) => call(shop.settings.$get({}, { init: { signal } })),
});

export const pickupLocationsQueryOptions = queryOptions({
  queryKey: shopQueryKeys.pickupLocations(),
  queryFn: ({ signal }) => call(shop['pickup-locations'].$get({}, { init: { signal } })),
});

export const deliveryTermsQueryOptions = queryOptions({
  queryKey: shopQueryKeys.delivery(),
  queryFn: ({ signal }) => call(shop.delivery.$get({}, { init: { signal } })),
});

export const ratingStatusQueryOptions = queryOptions({
  queryKey: shopQueryKeys.ratingStatus(),
  queryFn: ({ signal }) => call(shop['rating-status'].$get({}, { init: { signal } })),
});

/** The visible stickers with their prices per size (cents; null where a size is not offered) and ratings. */
export function useMenu() {
  return useQuery(menuQueryOptions);
}

/** The shop's name, the number to call after ordering and the delivery fee. */
export function useShopSettings() {
  return useQuery(shopSettingsQueryOptions);
}

export function usePickupLocations() {
  return useQuery(pickupLocationsQueryOptions);
}

/** What checkout shows of delivery: whether it asks for a ZIP code (the shop has areas), and the week's hours. */
export function useDeliveryTerms() {
  return useQuery(deliveryTermsQueryOptions);
}

/** How an order's pickup location reads: its display name, or its capitalised name once it left the list. */
export function usePickupLocationName(): (name: string) => string {
  const locations = usePickupLocations().data?.locations;
  return (name) => pickupLocationName(locations, name);
}

/** When the member may rate again (one rating a day across the whole menu). */
export function useRatingStatus() {
  return useQuery(ratingStatusQueryOptions);
}

export type RateStickerVariables = RateStickerInput & { stickerId: string };

export function useRateSticker(
  config: MutationConfig<
    ResponseOf<(typeof shop.stickers)[':stickerId']['ratings']['$post']>,
    RateStickerVariables
  > = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ({ stickerId, ...scores }) =>
      call(shop.stickers[':stickerId'].ratings.$post({ param: { stickerId }, json: scores })),
    onSuccess: async (...args) => {
      queryClient.setQueryData(ratingStatusQueryOptions.queryKey, { nextRatingAt: args[0].nextRatingAt });
      // The sticker's new averages, and the XP in the header.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: shopQueryKeys.menu() }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
      await config.onSuccess?.(...args);
    },
    onError: async (...args) => {
      // Already rated (here or on another device): learn when the member may rate again.
      if (isApiError(args[0], 'ON_COOLDOWN')) {
        await queryClient.invalidateQueries({ queryKey: shopQueryKeys.ratingStatus() });
      }
      await config.onError?.(...args);
    },
  });
}
