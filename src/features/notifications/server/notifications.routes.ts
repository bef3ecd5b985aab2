import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { listNotifications, markAllRead } from './notifications.service';

export const notificationsRoutes = new Hono<SignedInEnv>()
  .get('/', access('signed-in'), async (c) => c.json(await listNotifications(c.var.ctx, c.var.user), 200))
  .post('/read-all', access('signed-in'), async (c) => {
    await markAllRead(c.var.ctx, c.var.user);
    return c.json({ ok: true }, 200);
  });
