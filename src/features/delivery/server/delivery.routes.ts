import { Hono } from 'hono';
import { toSessionUser } from '~/server/session';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import { IMAGES } from '~/server/uploads/image-pipeline';
import { upload } from '~/server/uploads/upload';
import { orderIdSchema } from '~/features/shop/orders.schema';
import {
  driverFlagsSchema,
  driverIdSchema,
  driverOnlineSchema,
  deliveredSchema,
  assignRunSchema,
  leftAtDoorSchema,
  submitEtaSchema,
  type AdminDriversResponse,
  type ClaimResponse,
} from '../delivery.schema';
import { cancelRun, claimOrder, driverQueue, notifyCustomer, submitEta } from './delivery.service';
import { leaveAtDoor, markDelivered } from './handover.service';
import { listDrivers, setDriverFlags, setOwnOnline } from './drivers.service';
import { assignRun, dispatchDrivers } from './dispatch.service';

/** The driver queue: Driver, Owner, Admin (and Orders Manager). Actions on a run need the Driver role. */
export const driverRoutes = new Hono<SignedInEnv>()
  .get('/queue', access('view:driver-queue'), async (c) =>
    c.json(await driverQueue(c.var.ctx, c.var.user), 200),
  )
  .put('/status', access('claim:order'), validate('json', driverOnlineSchema), async (c) => {
    const updated = await setOwnOnline(c.var.ctx, c.var.user, c.req.valid('json'));
    return c.json({ user: toSessionUser(updated) }, 200);
  })
  .post('/orders/:orderId/claim', access('claim:order'), validate('param', orderIdSchema), async (c) => {
    const order = await claimOrder(c.var.ctx, c.var.user, c.req.valid('param'));
    return c.json({ order, serverNow: c.var.ctx.now.toISOString() } satisfies ClaimResponse, 200);
  })
  .post(
    '/orders/:orderId/eta',
    access('claim:order'),
    validate('param', orderIdSchema),
    validate('json', submitEtaSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json({ order: await submitEta(c.var.ctx, c.var.user, input) }, 200);
    },
  )
  .post('/orders/:orderId/cancel', access('claim:order'), validate('param', orderIdSchema), async (c) => {
    await cancelRun(c.var.ctx, c.var.user, c.req.valid('param'));
    return c.json({ ok: true }, 200);
  })
  .post('/orders/:orderId/notify', access('claim:order'), validate('param', orderIdSchema), async (c) => {
    await notifyCustomer(c.var.ctx, c.var.user, c.req.valid('param'));
    return c.json({ ok: true }, 200);
  })
  .post(
    '/orders/:orderId/delivered',
    access('claim:order'),
    validate('param', orderIdSchema),
    validate('json', deliveredSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json({ order: await markDelivered(c.var.ctx, c.var.user, input) }, 200);
    },
  )
  .post(
    '/orders/:orderId/left-at-door',
    access('claim:order'),
    validate('param', orderIdSchema),
    upload({ accept: IMAGES, missing: 'Take a photo of the order at the door.' }),
    validate('form', leftAtDoorSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('form'), bytes: c.var.upload.bytes };
      return c.json({ order: await leaveAtDoor(c.var.ctx, c.var.user, input) }, 200);
    },
  );

/** The dashboard's Drivers tab, and the drivers the orders desk may give a run to. */
export const adminDriversRoutes = new Hono<SignedInEnv>()
  .get('/', access('read:drivers'), async (c) =>
    c.json({ drivers: await listDrivers(c.var.ctx) } satisfies AdminDriversResponse, 200),
  )
  .get('/dispatch', access('manage:orders'), async (c) =>
    c.json({ drivers: await dispatchDrivers(c.var.ctx) } satisfies AdminDriversResponse, 200),
  )
  .patch(
    '/:driverId',
    access('manage:drivers'),
    validate('param', driverIdSchema),
    validate('json', driverFlagsSchema),
    async (c) => {
      await setDriverFlags(c.var.ctx, c.var.user, { ...c.req.valid('param'), ...c.req.valid('json') });
      return c.json({ drivers: await listDrivers(c.var.ctx) } satisfies AdminDriversResponse, 200);
    },
  );

/** Dispatch from the orders desk: give a delivery run to a driver, or move it to another. */
export const dispatchRoutes = new Hono<SignedInEnv>().put(
  '/:orderId/driver',
  access('manage:orders'),
  validate('param', orderIdSchema),
  validate('json', assignRunSchema),
  async (c) => {
    await assignRun(c.var.ctx, c.var.user, { ...c.req.valid('param'), ...c.req.valid('json') });
    return c.json({ ok: true }, 200);
  },
);
