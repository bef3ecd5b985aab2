import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SHOP_NAME } from '~/shared/shop-name';
import type { shopNameRoutes } from '~/server/shop-name.routes';
import { call, routerClient } from './api-client';

const shopName = routerClient<typeof shopNameRoutes>('/shop/name');

export const shopNameQueryKey = ['shop-name'] as const;

/** The name the server wrote into the page (src/server/static.ts): known before any request. */
function nameInPage(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  return meta?.content || DEFAULT_SHOP_NAME;
}

/**
 * The shop's name (the Settings tab's): from the page at first, then from `GET /api/shop/name` whenever the
 * `shop.settings` event says the settings changed (src/shared/events.ts).
 */
export const shopNameQueryOptions = queryOptions({
  queryKey: shopNameQueryKey,
  queryFn: async ({ signal }) => (await call(shopName.index.$get({}, { init: { signal } }))).shopName,
  initialData: nameInPage,
  staleTime: Infinity,
});

/** The shop's name, for the header, page titles, the welcome page and the install dialog. */
export function useShopName(): string {
  return useQuery(shopNameQueryOptions).data;
}
