import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import { pushSubscribeSchema, pushSubscriptionIdSchema, pushSubscriptionUpdateSchema } from '../push.schema';
import {
  listPushDevices,
  pushPublicKey,
  removePushDevice,
  subscribePush,
  updatePushDevice,
} from './push.service';

/** Push notifications on this member's devices: the server's public key, and one subscription per device. */
export const pushRoutes = new Hono<SignedInEnv>()
  .get('/public-key', access('signed-in'), async (c) => c.json(await pushPublicKey(c.var.ctx), 200))
  .get('/subscriptions', access('signed-in'), async (c) =>
    c.json(await listPushDevices(c.var.ctx, c.var.user), 200),
  )
  .post('/subscriptions', access('signed-in'), validate('json', pushSubscribeSchema), async (c) =>
    c.json(await subscribePush(c.var.ctx, c.var.user, c.req.valid('json')), 201),
  )
  .patch(
    '/subscriptions/:id',
    access('signed-in'),
    validate('param', pushSubscriptionIdSchema),
    validate('json', pushSubscriptionUpdateSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(await updatePushDevice(c.var.ctx, c.var.user, input), 200);
    },
  )
  .delete(
    '/subscriptions/:id',
    access('signed-in'),
    validate('param', pushSubscriptionIdSchema),
    async (c) => {
      await removePushDevice(c.var.ctx, c.var.user, c.req.valid('param'));
      return c.json({ ok: true }, 200);
    },
  );
