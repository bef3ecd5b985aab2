import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { listNotifications, markAllRead } from './notifications.service';

export const notificationsRoutes = new Hono<SignedInEnv>()
  .get('/', access('signed-in'), async (c) =>
    c.json(await listNotifications(c.get('services').database.db, c.get('user').id), 200),
  )
  .post('/read-all', access('signed-in'), async (c) => {
    await markAllRead(c.get('services').database.db, c.get('user').id);
    return c.json({ ok: true }, 200);
  });
