import {
  infiniteQueryOptions,
  queryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { api, fetchFile, uploadFile, type ApiError } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { saveFile } from '~/client/lib/save-file';
import { ordersQueryKeys } from '~/features/shop/client/orders.queries';
import type {
  AdminOrdersResponse,
  OrderListView,
  OrderStatus,
  OrderView,
} from '~/features/shop/orders.schema';
import {
  pickupLocationsQueryOptions,
  shopQueryKeys,
  shopSettingsQueryOptions,
} from '~/features/shop/client/shop.queries';
import type {
  CatalogResponse,
  CatalogSticker,
  PickupLocationsResponse,
  ShopSettings,
  StickerFormInput,
  UpdateShopSettingsInput,
  UpdateStickerInput,
} from '~/features/shop/shop.schema';

// The orders desk. Under ['orders'], so 'orders.changed' refetches it: new orders and driver moves show live.

const deskQueryKey = [...ordersQueryKeys.all, 'desk'] as const;

export const deskOrdersOptions = (view: OrderListView) =>
  infiniteQueryOptions({
    queryKey: [...deskQueryKey, view] as const,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ view });
      if (pageParam) search.set('cursor', pageParam);
      return api<AdminOrdersResponse>(`/admin/orders?${search}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** Active (everything not completed or cancelled) or archived orders, newest first, a page at a time. */
export function useDeskOrders(view: OrderListView) {
  return useInfiniteQuery(deskOrdersOptions(view));
}

export const useSetOrderStatus = (
  config: MutationConfig<{ order: OrderView }, { orderId: string; status: OrderStatus }> = {},
) =>
  useApiMutation(
    ({ orderId, status }) =>
      api<{ order: OrderView }>(`/admin/orders/${encodeURIComponent(orderId)}/status`, {
        method: 'PATCH',
        body: { status },
      }),
    // Both lists: a completed or cancelled order moves to the archive, a reopened one back.
    (queryClient) => queryClient.invalidateQueries({ queryKey: deskQueryKey }),
    config,
  );

/** Downloads the view as CSV under the server's file name; resolves with that name. */
export function useExportOrders(config: MutationConfig<string, OrderListView> = {}) {
  return useMutation({
    ...config,
    mutationFn: async (view) => {
      const { blob, filename = `orders-${view}.csv` } = await fetchFile(
        `/admin/orders/export?${new URLSearchParams({ view })}`,
      );
      saveFile(blob, filename);
      return filename;
    },
  });
}

// The catalogue. Under ['shop'], so 'shop.menu' (any admin's change) refetches it.

export const catalogQueryOptions = queryOptions({
  queryKey: [...shopQueryKeys.all, 'catalog'] as const,
  queryFn: ({ signal }) => api<CatalogResponse>('/admin/stickers', { signal }),
});

/** Every sticker, hidden ones too, by name. */
export function useCatalog() {
  return useQuery(catalogQueryOptions);
}

interface StickerResponse {
  sticker: CatalogSticker;
}

export type SaveStickerVariables =
  | { stickerId?: undefined; fields: StickerFormInput; image?: File | undefined }
  | { stickerId: string; fields: UpdateStickerInput; image?: File | undefined };

/** The outcome of a save: the sticker, and the upload's error when the fields saved but the picture did not. */
export interface SaveStickerResult {
  sticker: CatalogSticker;
  imageError: ApiError | undefined;
}

/**
 * Creates a sticker (no id) or changes one, then uploads its new picture if one was chosen. The picture is a
 * second request: when only it fails, the sticker is saved and the result carries the upload's error.
 */
export const useSaveSticker = (config: MutationConfig<SaveStickerResult, SaveStickerVariables> = {}) =>
  useApiMutation(
    async ({ stickerId, fields, image }) => {
      let { sticker } = stickerId
        ? await api<StickerResponse>(`/admin/stickers/${encodeURIComponent(stickerId)}`, {
            method: 'PATCH',
            body: fields,
          })
        : await api<StickerResponse>('/admin/stickers', { body: fields });
      let imageError: ApiError | undefined;
      if (image) {
        try {
          ({ sticker } = await uploadFile<StickerResponse>(
            `/admin/stickers/${encodeURIComponent(sticker.id)}/image`,
            image,
          ));
        } catch (error) {
          imageError = error as ApiError;
        }
      }
      return { sticker, imageError };
    },
    invalidateStickers,
    config,
  );

export const useSetStickerHidden = (
  config: MutationConfig<StickerResponse, { stickerId: string; hidden: boolean }> = {},
) =>
  useApiMutation(
    ({ stickerId, hidden }) =>
      api<StickerResponse>(`/admin/stickers/${encodeURIComponent(stickerId)}`, {
        method: 'PATCH',
        body: { hidden },
      }),
    invalidateStickers,
    config,
  );

/** The catalogue and this admin's own menu (the event stream does the same for everyone else). */
const invalidateStickers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: catalogQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: shopQueryKeys.menu() }),
  ]);

// Pickup locations: the members' list (shop.queries) is the one the tab shows; changes answer with the new list.

const setLocations = (queryClient: QueryClient, locations: PickupLocationsResponse) =>
  queryClient.setQueryData(pickupLocationsQueryOptions.queryKey, locations);

export const useAddPickupLocation = (config: MutationConfig<PickupLocationsResponse, string> = {}) =>
  useApiMutation(
    (name) => api<PickupLocationsResponse>('/admin/pickup-locations', { body: { name } }),
    setLocations,
    config,
  );

export const useRemovePickupLocation = (config: MutationConfig<PickupLocationsResponse, string> = {}) =>
  useApiMutation(
    (name) =>
      api<PickupLocationsResponse>(`/admin/pickup-locations/${encodeURIComponent(name)}`, {
        method: 'DELETE',
      }),
    setLocations,
    config,
  );

// The shop's settings: read where members read them (shop.queries), saved here.

export const useUpdateShopSettings = (config: MutationConfig<ShopSettings, UpdateShopSettingsInput> = {}) =>
  useApiMutation(
    (settings) => api<ShopSettings>('/admin/shop-settings', { method: 'PUT', body: settings }),
    (queryClient, saved) => queryClient.setQueryData(shopSettingsQueryOptions.queryKey, saved),
    config,
  );
