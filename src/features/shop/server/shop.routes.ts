import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { memberLimit } from '~/server/middleware/abuse-limits';
import { IMAGES } from '~/server/uploads/image-pipeline';
import { upload } from '~/server/uploads/upload';
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
  .get('/menu', access('signed-in'), async (c) =>
    c.json({ stickers: await listMenu(c.get('services').database.db) } satisfies MenuResponse, 200),
  )
  .get('/settings', access('signed-in'), async (c) =>
    c.json((await readShopSettings(c.get('services').database.db)) satisfies ShopSettings, 200),
  )
  .get('/pickup-locations', access('signed-in'), async (c) =>
    c.json(
      {
        locations: await listPickupLocations(c.get('services').database.db),
      } satisfies PickupLocationsResponse,
      200,
    ),
  )
  .get('/rating-status', access('signed-in'), async (c) => {
    const { database, clock } = c.get('services');
    return c.json(await ratingStatus(database.db, c.get('user').id, clock.now()), 200);
  })
  .post(
    '/stickers/:stickerId/ratings',
    access('signed-in'),
    memberLimit('ratings'),
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
  .get('/stickers', access('manage:catalog'), async (c) =>
    c.json({ stickers: await listCatalog(c.get('services').database.db) } satisfies CatalogResponse, 200),
  )
  .post('/stickers', access('manage:catalog'), validate('json', stickerFormSchema), async (c) => {
    const { database, clock } = c.get('services');
    const created = await createSticker(database.db, c.get('user').id, c.req.valid('json'), clock.now());
    return c.json({ sticker: created }, 201);
  })
  .patch(
    '/stickers/:stickerId',
    access('manage:catalog'),
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
    access('manage:catalog'),
    validate('param', stickerIdSchema),
    upload({ accept: IMAGES, missing: 'Choose an image to upload.' }),
    async (c) => {
      const { database, storage, config, clock } = c.get('services');
      const updated = await replaceStickerImage(
        { db: database.db, storage, config, clock },
        c.get('user').id,
        c.req.valid('param').stickerId,
        c.get('upload').bytes,
      );
      return c.json({ sticker: updated }, 200);
    },
  )
  .post('/pickup-locations', access('manage:locations'), validate('json', addLocationSchema), async (c) => {
    const { database, clock } = c.get('services');
    const { name } = c.req.valid('json');
    await addPickupLocation(database.db, c.get('user').id, name, clock.now());
    return c.json(
      { locations: await listPickupLocations(database.db) } satisfies PickupLocationsResponse,
      201,
    );
  })
  .delete(
    '/pickup-locations/:name',
    access('manage:locations'),
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
  .put('/shop-settings', access('manage:settings'), validate('json', updateShopSettingsSchema), async (c) => {
    const { database, clock } = c.get('services');
    const settings = await updateShopSettings(
      database.db,
      c.get('user').id,
      c.req.valid('json'),
      clock.now(),
    );
    return c.json(settings satisfies ShopSettings, 200);
  });
