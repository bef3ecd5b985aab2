import {
  queryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  call,
  fetchFile,
  isApiError,
  routerClient,
  type ApiError,
  type ResponseOf,
} from '~/client/lib/api-client';
import { uploadFile } from '~/client/lib/upload';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { saveFile } from '~/client/lib/save-file';
import { ordersQueryKeys } from '~/features/shop/client/orders.queries';
import type { OrderListView, OrderStatus } from '~/features/shop/orders.constants';
import {
  pickupLocationsQueryOptions,
  shopQueryKeys,
  shopSettingsQueryOptions,
} from '~/features/shop/client/shop.queries';
import type {
  AdjustStockInput,
  CatalogSticker,
  DeliveryAreaInput,
  DeliveryHoursInput,
  DeliveryRules,
  PickupLocationsResponse,
  SetStockInput,
  StickerFormInput,
  UpdateShopSettingsInput,
  UpdateStickerInput,
} from '~/features/shop/shop.schema';
import type { adminOrdersRoutes } from '../server/orders.routes';
import type { adminShopRoutes } from '../server/shop.routes';

const desk = routerClient<typeof adminOrdersRoutes>('/admin/orders');
const admin = routerClient<typeof adminShopRoutes>('/admin');
const sticker = admin.stickers[':stickerId'];
type StickerResponse = ResponseOf<typeof sticker.$patch>;

// The orders desk. Under ['orders'], so 'orders.changed' refetches it: new orders and driver moves show live.

const deskQueryKey = [...ordersQueryKeys.all, 'desk'] as const;

export const deskOrdersOptions = (view: OrderListView) =>
  pagedQueryOptions({
    queryKey: [...deskQueryKey, view] as const,
    queryFn: ({ cursor, init }) => call(desk.index.$get({ query: { view, cursor } }, { init })),
  });

/** Active (everything not completed or cancelled) or archived orders, newest first, a page at a time. */
export function useDeskOrders(view: OrderListView) {
  return useInfiniteQuery(deskOrdersOptions(view));
}

export const useSetOrderStatus = (
  config: MutationConfig<
    ResponseOf<(typeof desk)[':orderId']['status']['$patch']>,
    { orderId: string; status: OrderStatus; code?: string; currentDriverId?: string | null }
  > = {},
) =>
  useApiMutation(
    ({ orderId, ...json }) => call(desk[':orderId'].status.$patch({ param: { orderId }, json })),
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
        desk.export.$get({ query: { view } }),
      );
      saveFile(blob, filename);
      return filename;
    },
  });
}

// The catalogue. Under ['shop'], so 'shop.menu' (any admin's change) refetches it.

export const catalogQueryOptions = queryOptions({
  queryKey: [...shopQueryKeys.all, 'catalog'] as const,
  queryFn: ({ signal }) => call(admin.stickers.$get({}, { init: { signal } })),
});

/** Every sticker, hidden ones too, by name. */
export function useCatalog() {
  return useQuery(catalogQueryOptions);
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
    async (variables) => {
      let { sticker: saved } =
        variables.stickerId === undefined
          ? await call(admin.stickers.$post({ json: variables.fields }))
          : await call(sticker.$patch({ param: { stickerId: variables.stickerId }, json: variables.fields }));
      const { image } = variables;
      let imageError: ApiError | undefined;
      if (image) {
        try {
          ({ sticker: saved } = await uploadFile<StickerResponse>(
            `/admin/stickers/${encodeURIComponent(saved.id)}/image`,
            image,
          ));
        } catch (error) {
          imageError = error as ApiError;
        }
      }
      return { sticker: saved, imageError };
    },
    invalidateStickers,
    config,
  );

export const useSetStickerHidden = (
  config: MutationConfig<StickerResponse, { stickerId: string; hidden: boolean }> = {},
) =>
  useApiMutation(
    ({ stickerId, hidden }) => call(sticker.$patch({ param: { stickerId }, json: { hidden } })),
    invalidateStickers,
    config,
  );

/** The catalogue and this admin's own menu (the event stream does the same for everyone else). */
const invalidateStickers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: catalogQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: shopQueryKeys.menu() }),
  ]);

// Stock: each size's count, set against the count the staff member saw, or moved by what arrived or left.

const stock = sticker.stock;

export const useSetStock = (
  config: MutationConfig<ResponseOf<typeof stock.$put>, SetStockInput & { stickerId: string }> = {},
) => useStockMutation(({ stickerId, ...json }) => call(stock.$put({ param: { stickerId }, json })), config);

export const useAdjustStock = (
  config: MutationConfig<
    ResponseOf<typeof stock.adjust.$post>,
    AdjustStockInput & { stickerId: string }
  > = {},
) =>
  useStockMutation(
    ({ stickerId, ...json }) => call(stock.adjust.$post({ param: { stickerId }, json })),
    config,
  );

function useStockMutation<TData, TVariables>(
  request: (variables: TVariables) => Promise<TData>,
  config: MutationConfig<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useApiMutation(request, invalidateStickers, {
    ...config,
    onError: async (...args) => {
      // Stock changed, or fewer left than taken away: the count on screen is stale, so the dialog shows it as it
      // is now before the staff member tries again.
      if (isApiError(args[0], 'CONFLICT')) {
        await queryClient.invalidateQueries({ queryKey: catalogQueryOptions.queryKey });
      }
      await config.onError?.(...args);
    },
  });
}

// Pickup locations: the members' list (shop.queries) is the one the tab shows; changes answer with the new list.

const setLocations = (queryClient: QueryClient, locations: PickupLocationsResponse) =>
  queryClient.setQueryData(pickupLocationsQueryOptions.queryKey, locations);

export const useAddPickupLocation = (config: MutationConfig<PickupLocationsResponse, string> = {}) =>
  useApiMutation((name) => call(admin['pickup-locations'].$post({ json: { name } })), setLocations, config);

export const useRemovePickupLocation = (config: MutationConfig<PickupLocationsResponse, string> = {}) =>
  useApiMutation(
    (name) => call(admin['pickup-locations'][':name'].$delete({ param: { name } })),
    setLocations,
    config,
  );

// Delivery areas and hours. Under ['shop', 'delivery'], so 'shop.locations' (any admin's change) refetches them;
// every change answers with the rules as they are now.

export const deliveryRulesQueryOptions = queryOptions({
  queryKey: shopQueryKeys.deliveryRules(),
  queryFn: ({ signal }) => call(admin['delivery-rules'].$get({}, { init: { signal } })),
});

/** The delivery areas by name, with their ZIP codes, fee and minimum, and the week's delivery hours. */
export function useDeliveryRules() {
  return useQuery(deliveryRulesQueryOptions);
}

const setDeliveryRules = (queryClient: QueryClient, rules: DeliveryRules) =>
  queryClient.setQueryData(deliveryRulesQueryOptions.queryKey, rules);

const area = admin['delivery-areas'];

/** Adds an area (no id) or changes one. */
export const useSaveDeliveryArea = (
  config: MutationConfig<DeliveryRules, { areaId?: string | undefined; area: DeliveryAreaInput }> = {},
) =>
  useApiMutation(
    ({ areaId, area: json }) =>
      areaId === undefined
        ? call(area.$post({ json }))
        : call(area[':areaId'].$put({ param: { areaId }, json })),
    setDeliveryRules,
    config,
  );

export const useRemoveDeliveryArea = (config: MutationConfig<DeliveryRules, string> = {}) =>
  useApiMutation((areaId) => call(area[':areaId'].$delete({ param: { areaId } })), setDeliveryRules, config);

/** Replaces the week's hours: a weekday left out is closed; none at all is always open. */
export const useSetDeliveryHours = (config: MutationConfig<DeliveryRules, DeliveryHoursInput> = {}) =>
  useApiMutation((json) => call(admin['delivery-hours'].$put({ json })), setDeliveryRules, config);

// The shop's settings: read where members read them (shop.queries), saved here.

export const useUpdateShopSettings = (
  config: MutationConfig<ResponseOf<(typeof admin)['shop-settings']['$put']>, UpdateShopSettingsInput> = {},
) =>
  useApiMutation(
    (settings) => call(admin['shop-settings'].$put({ json: settings })),
    (queryClient, saved) => queryClient.setQueryData(shopSettingsQueryOptions.queryKey, saved),
    config,
  );
