import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { memberLimit } from '~/server/middleware/abuse-limits';
import { IMAGES } from '~/server/uploads/image-pipeline';
import { upload } from '~/server/uploads/upload';
import { validate } from '~/server/validate';
import {
  addLocationSchema,
  adjustStockSchema,
  deliveryAreaIdSchema,
  deliveryAreaSchema,
  deliveryHoursSchema,
  setStockSchema,
  locationNameSchema,
  rateStickerSchema,
  stickerFormSchema,
  stickerIdSchema,
  updateShopSettingsSchema,
  updateStickerSchema,
  type CatalogResponse,
  type DeliveryRules,
  type DeliveryTermsResponse,
  type MenuResponse,
  type PickupLocationsResponse,
  type ShopSettings,
} from '../shop.schema';
import {
  addPickupLocation,
  createSticker,
  listCatalog,
  removePickupLocation,
  replaceStickerImage,
  updateShopSettings,
  updateSticker,
} from './catalog.service';
import {
  createDeliveryArea,
  deliveryTerms,
  listDeliveryRules,
  removeDeliveryArea,
  setDeliveryHours,
  updateDeliveryArea,
} from './delivery-rules.service';
import { rateSticker, ratingStatus } from './ratings.service';
import { adjustStock, setStock } from './stock.service';
import { listMenu, listPickupLocations, readShopSettings } from './shop.service';

/** The member's side of the shop: the menu, ratings, pickup locations and the settings the cart needs. */
export const shopRoutes = new Hono<SignedInEnv>()
  .get('/menu', access('signed-in'), async (c) =>
    c.json({ stickers: await listMenu(c.var.ctx) } satisfies MenuResponse, 200),
  )
  .get('/settings', access('signed-in'), async (c) =>
    c.json((await readShopSettings(c.var.ctx.db)) satisfies ShopSettings, 200),
  )
  .get('/pickup-locations', access('signed-in'), async (c) =>
    c.json({ locations: await listPickupLocations(c.var.ctx) } satisfies PickupLocationsResponse, 200),
  )
  .get('/delivery', access('signed-in'), async (c) =>
    c.json((await deliveryTerms(c.var.ctx)) satisfies DeliveryTermsResponse, 200),
  )
  .get('/rating-status', access('signed-in'), async (c) =>
    c.json(await ratingStatus(c.var.ctx, c.var.user), 200),
  )
  .post(
    '/stickers/:stickerId/ratings',
    access('signed-in'),
    memberLimit('ratings'),
    validate('param', stickerIdSchema),
    validate('json', rateStickerSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(await rateSticker(c.var.ctx, c.var.user, input), 201);
    },
  );

/** The dashboard's Catalog and Locations tabs, and the shop part of its Settings tab. */
export const adminShopRoutes = new Hono<SignedInEnv>()
  .get('/stickers', access('manage:catalog'), async (c) =>
    c.json({ stickers: await listCatalog(c.var.ctx) } satisfies CatalogResponse, 200),
  )
  .post('/stickers', access('manage:catalog'), validate('json', stickerFormSchema), async (c) =>
    c.json({ sticker: await createSticker(c.var.ctx, c.var.user, c.req.valid('json')) }, 201),
  )
  .patch(
    '/stickers/:stickerId',
    access('manage:catalog'),
    validate('param', stickerIdSchema),
    validate('json', updateStickerSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json({ sticker: await updateSticker(c.var.ctx, c.var.user, input) }, 200);
    },
  )
  .post(
    '/stickers/:stickerId/image',
    access('manage:catalog'),
    validate('param', stickerIdSchema),
    upload({ accept: IMAGES, missing: 'Choose an image to upload.' }),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.var.upload };
      return c.json({ sticker: await replaceStickerImage(c.var.ctx, c.var.user, input) }, 200);
    },
  )
  .put(
    '/stickers/:stickerId/stock',
    access('manage:catalog'),
    validate('param', stickerIdSchema),
    validate('json', setStockSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json({ sticker: await setStock(c.var.ctx, c.var.user, input) }, 200);
    },
  )
  .post(
    '/stickers/:stickerId/stock/adjust',
    access('manage:catalog'),
    validate('param', stickerIdSchema),
    validate('json', adjustStockSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json({ sticker: await adjustStock(c.var.ctx, c.var.user, input) }, 200);
    },
  )
  .post('/pickup-locations', access('manage:locations'), validate('json', addLocationSchema), async (c) => {
    await addPickupLocation(c.var.ctx, c.var.user, c.req.valid('json'));
    return c.json({ locations: await listPickupLocations(c.var.ctx) } satisfies PickupLocationsResponse, 201);
  })
  .delete(
    '/pickup-locations/:name',
    access('manage:locations'),
    validate('param', locationNameSchema),
    async (c) => {
      await removePickupLocation(c.var.ctx, c.var.user, c.req.valid('param'));
      return c.json(
        { locations: await listPickupLocations(c.var.ctx) } satisfies PickupLocationsResponse,
        200,
      );
    },
  )
  .get('/delivery-rules', access('manage:locations'), async (c) =>
    c.json((await listDeliveryRules(c.var.ctx)) satisfies DeliveryRules, 200),
  )
  .post('/delivery-areas', access('manage:locations'), validate('json', deliveryAreaSchema), async (c) =>
    c.json(
      (await createDeliveryArea(c.var.ctx, c.var.user, c.req.valid('json'))) satisfies DeliveryRules,
      201,
    ),
  )
  .put(
    '/delivery-areas/:areaId',
    access('manage:locations'),
    validate('param', deliveryAreaIdSchema),
    validate('json', deliveryAreaSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json((await updateDeliveryArea(c.var.ctx, c.var.user, input)) satisfies DeliveryRules, 200);
    },
  )
  .delete(
    '/delivery-areas/:areaId',
    access('manage:locations'),
    validate('param', deliveryAreaIdSchema),
    async (c) => {
      const rules = await removeDeliveryArea(c.var.ctx, c.var.user, c.req.valid('param'));
      return c.json(rules satisfies DeliveryRules, 200);
    },
  )
  .put('/delivery-hours', access('manage:locations'), validate('json', deliveryHoursSchema), async (c) =>
    c.json((await setDeliveryHours(c.var.ctx, c.var.user, c.req.valid('json'))) satisfies DeliveryRules, 200),
  )
  .put('/shop-settings', access('manage:settings'), validate('json', updateShopSettingsSchema), async (c) => {
    const settings = await updateShopSettings(c.var.ctx, c.var.user, c.req.valid('json'));
    return c.json(settings satisfies ShopSettings, 200);
  });
