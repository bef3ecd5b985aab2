import { Hono } from 'hono';
import { requireUser, type SignedInEnv } from '~/server/middleware/require-user';
import { listNotifications, markAllRead } from './notifications.service';

export const notificationsRoutes = new Hono<SignedInEnv>()
  .use(requireUser)
  .get('/', async (c) =>
    c.json(await listNotifications(c.get('services').database.db, c.get('user').id), 200),
  )
  .post('/read-all', async (c) => {
    await markAllRead(c.get('services').database.db, c.get('user').id);
    return c.json({ ok: true }, 200);
  });
