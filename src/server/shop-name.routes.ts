import { Hono } from 'hono';
import type { ShopNameResponse } from '~/shared/shop-name';
import type { AppEnv } from './app-env';
import { access } from './middleware/access';

/**
 * `GET /api/shop/name`: the shop's name, for anyone; the platform's, since the header, page titles and the welcome
 * page show it (src/client/lib/shop-name.ts). Mounted beside the shop feature's routes.
 */
export const shopNameRoutes = new Hono<AppEnv>().get('/', access('public'), async (c) =>
  c.json({ shopName: await c.var.services.shopName.current() } satisfies ShopNameResponse, 200),
);
