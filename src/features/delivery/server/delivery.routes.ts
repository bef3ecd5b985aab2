import { Hono, type Context } from 'hono';
import { toSessionUser } from '~/server/session';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import { orderIdSchema } from '~/features/shop/orders.schema';
import {
  driverFlagsSchema,
  driverIdSchema,
  driverOnlineSchema,
  submitEtaSchema,
  type AdminDriversResponse,
  type ClaimResponse,
} from '../delivery.schema';
import {
  cancelRun,
  claimOrder,
  driverQueue,
  markDelivered,
  notifyCustomer,
  submitEta,
  type DeliveryContext,
} from './delivery.service';
import { listDrivers, setDriverFlags, setOwnOnline } from './drivers.service';

const contextOf = (c: Context<SignedInEnv>): DeliveryContext => {
  const { database, clock, config } = c.get('services');
  return { db: database.db, now: clock.now(), etaWindowMs: config.etaWindowMs };
};

/** The driver queue: Driver, Owner, Admin (and Orders Manager). Actions on a run need the Driver role. */
export const driverRoutes = new Hono<SignedInEnv>()
  .get('/queue', access('view:driver-queue'), async (c) =>
    c.json(await driverQueue(contextOf(c), c.get('user')), 200),
  )
  .put('/status', access('claim:order'), validate('json', driverOnlineSchema), async (c) => {
    const { database, clock } = c.get('services');
    const updated = await setOwnOnline(database.db, c.get('user'), c.req.valid('json').isOnline, clock.now());
    return c.json({ user: toSessionUser(updated) }, 200);
  })
  .post('/orders/:orderId/claim', access('claim:order'), validate('param', orderIdSchema), async (c) => {
    const ctx = contextOf(c);
    const order = await claimOrder(ctx, c.get('user'), c.req.valid('param').orderId);
    return c.json({ order, serverNow: ctx.now.toISOString() } satisfies ClaimResponse, 200);
  })
  .post(
    '/orders/:orderId/eta',
    access('claim:order'),
    validate('param', orderIdSchema),
    validate('json', submitEtaSchema),
    async (c) => {
      const order = await submitEta(
        contextOf(c),
        c.get('user'),
        c.req.valid('param').orderId,
        c.req.valid('json').etaMinutes,
      );
      return c.json({ order }, 200);
    },
  )
  .post('/orders/:orderId/cancel', access('claim:order'), validate('param', orderIdSchema), async (c) => {
    await cancelRun(contextOf(c), c.get('user'), c.req.valid('param').orderId);
    return c.json({ ok: true }, 200);
  })
  .post('/orders/:orderId/notify', access('claim:order'), validate('param', orderIdSchema), async (c) => {
    await notifyCustomer(contextOf(c), c.get('user'), c.req.valid('param').orderId);
    return c.json({ ok: true }, 200);
  })
  .post('/orders/:orderId/delivered', access('claim:order'), validate('param', orderIdSchema), async (c) => {
    const order = await markDelivered(contextOf(c), c.get('user'), c.req.valid('param').orderId);
    return c.json({ order }, 200);
  });

/** The dashboard's Drivers tab. */
export const adminDriversRoutes = new Hono<SignedInEnv>()
  .get('/', access('read:drivers'), async (c) =>
    c.json({ drivers: await listDrivers(c.get('services').database.db) } satisfies AdminDriversResponse, 200),
  )
  .patch(
    '/:driverId',
    access('manage:drivers'),
    validate('param', driverIdSchema),
    validate('json', driverFlagsSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      await setDriverFlags(
        database.db,
        c.get('user'),
        c.req.valid('param').driverId,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json({ drivers: await listDrivers(database.db) } satisfies AdminDriversResponse, 200);
    },
  );
