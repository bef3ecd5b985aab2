import { Hono } from 'hono';
import { requireUser, type SignedInEnv } from '~/server/middleware/require-user';
import { validate } from '~/server/validate';
import {
  rateStickerSchema,
  stickerIdSchema,
  type MenuResponse,
  type PickupLocationsResponse,
  type ShopSettings,
} from '../shop.schema';
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
