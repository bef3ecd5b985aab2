import { Hono } from 'hono';
import { AppError } from '~/shared/app-error';
import { requireCapability, requireUser, type SignedInEnv } from '~/server/middleware/require-user';
import { validate } from '~/server/validate';
import {
  addLocationSchema,
  locationNameSchema,
  rateStickerSchema,
  stickerFormSchema,
  stickerIdSchema,
  updateShopSettingsSchema,
  updateStickerSchema,
  type CatalogResponse,
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
import { rateSticker, ratingStatus } from './ratings.service';
import { listMenu, listPickupLocations, readShopSettings } from './shop.service';

/** The member's side of the shop: the menu, ratings, pickup locations and the settings the cart needs. */
export const shopRoutes = new Hono<SignedInEnv>()
  .use(requireUser)
  .get('/menu', async (c) =>
    c.json({ stickers: await listMenu(c.get('services').database.db) } satisfies MenuResponse, 200),
  )
  .get('/settings', async (c) =>
    c.json((await readShopSettings(c.get('services').database.db)) satisfies ShopSettings, 200),
  )
  .get('/pickup-locations', async (c) =>
    c.json(
      {
        locations: await listPickupLocations(c.get('services').database.db),
      } satisfies PickupLocationsResponse,
      200,
    ),
  )
  .get('/rating-status', async (c) => {
    const { database, clock } = c.get('services');
    return c.json(await ratingStatus(database.db, c.get('user').id, clock.now()), 200);
  })
  .post(
    '/stickers/:stickerId/ratings',
    validate('param', stickerIdSchema),
    validate('json', rateStickerSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const result = await rateSticker(
        database.db,
        c.get('user').id,
        c.req.valid('param').stickerId,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json(result, 201);
    },
  );

/** The dashboard's Catalog and Locations tabs, and the shop part of its Settings tab. */
export const adminShopRoutes = new Hono<SignedInEnv>()
  .use(requireUser)
  .get('/stickers', requireCapability('manage:catalog'), async (c) =>
    c.json({ stickers: await listCatalog(c.get('services').database.db) } satisfies CatalogResponse, 200),
  )
  .post('/stickers', requireCapability('manage:catalog'), validate('json', stickerFormSchema), async (c) => {
    const { database, clock } = c.get('services');
    const created = await createSticker(database.db, c.get('user').id, c.req.valid('json'), clock.now());
    return c.json({ sticker: created }, 201);
  })
  .patch(
    '/stickers/:stickerId',
    requireCapability('manage:catalog'),
    validate('param', stickerIdSchema),
    validate('json', updateStickerSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const updated = await updateSticker(
        database.db,
        c.get('user').id,
        c.req.valid('param').stickerId,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json({ sticker: updated }, 200);
    },
  )
  .post(
    '/stickers/:stickerId/image',
    requireCapability('manage:catalog'),
    validate('param', stickerIdSchema),
    async (c) => {
      const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = body['file'];
      if (!(file instanceof File)) {
        throw new AppError('BAD_REQUEST', 'Choose an image to upload.', { title: 'Upload Failed' });
      }
      const { database, storage, config, clock } = c.get('services');
      const updated = await replaceStickerImage(
        { db: database.db, storage, config, clock },
        c.get('user').id,
        c.req.valid('param').stickerId,
        Buffer.from(await file.arrayBuffer()),
      );
      return c.json({ sticker: updated }, 200);
    },
  )
  .post(
    '/pickup-locations',
    requireCapability('manage:locations'),
    validate('json', addLocationSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const { name } = c.req.valid('json');
      await addPickupLocation(database.db, c.get('user').id, name, clock.now());
      return c.json(
        { locations: await listPickupLocations(database.db) } satisfies PickupLocationsResponse,
        201,
      );
    },
  )
  .delete(
    '/pickup-locations/:name',
    requireCapability('manage:locations'),
    validate('param', locationNameSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      await removePickupLocation(database.db, c.get('user').id, c.req.valid('param').name, clock.now());
      return c.json(
        { locations: await listPickupLocations(database.db) } satisfies PickupLocationsResponse,
        200,
      );
    },
  )
  .put(
    '/shop-settings',
    requireCapability('manage:settings'),
    validate('json', updateShopSettingsSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const settings = await updateShopSettings(
        database.db,
        c.get('user').id,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json(settings satisfies ShopSettings, 200);
    },
  );
