import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { isDatabaseReachable } from './db/client';
import { access } from './middleware/access';

export const healthRoutes = new Hono<AppEnv>().get('/', access('public'), async (c) => {
  const { database } = c.get('services');
  const up = await isDatabaseReachable(database.db);
  return c.json(
    { status: up ? 'ok' : 'unavailable', database: { backend: database.kind, reachable: up } },
    up ? 200 : 503,
  );
});
