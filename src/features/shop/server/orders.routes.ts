import { Hono } from 'hono';
import { pageQuerySchema } from '~/shared/pagination';
import { can } from '~/shared/permissions';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { memberLimit } from '~/server/middleware/abuse-limits';
import { validate } from '~/server/validate';
import {
  adminOrdersQuerySchema,
  orderIdSchema,
  placeOrderSchema,
  setOrderStatusSchema,
  type PlaceOrderResponse,
} from '../orders.schema';
import { exportDeskOrders, listDeskOrders } from './orders-desk.service';
import { setOrderStatus } from './order-status.service';
import { getMyOrder, listMyOrders, placeOrder } from './orders.service';

/** A member's own orders: place one, list them, follow one. */
export const ordersRoutes = new Hono<SignedInEnv>()
  .post('/', access('signed-in'), memberLimit('orders'), validate('json', placeOrderSchema), async (c) => {
    const { database, clock } = c.get('services');
    const { order, created, contactPhone } = await placeOrder(
      database.db,
      c.get('user'),
      c.req.valid('json'),
      clock.now(),
    );
    return c.json({ order, contactPhone } satisfies PlaceOrderResponse, created ? 201 : 200);
  })
  .get('/', access('signed-in'), validate('query', pageQuerySchema), async (c) =>
    c.json(
      await listMyOrders(c.get('services').database.db, c.get('user').id, c.req.valid('query').cursor),
      200,
    ),
  )
  .get('/:orderId', access('signed-in'), validate('param', orderIdSchema), async (c) => {
    const order = await getMyOrder(
      c.get('services').database.db,
      c.get('user').id,
      c.req.valid('param').orderId,
    );
    return c.json({ order }, 200);
  });

/** The orders desk (the admin Orders tab). */
export const adminOrdersRoutes = new Hono<SignedInEnv>()
  .get('/', access('read:orders'), validate('query', adminOrdersQuerySchema), async (c) => {
    const { view, cursor } = c.req.valid('query');
    const orders = await listDeskOrders(c.get('services').database.db, {
      view,
      cursor,
      withContactDetails: can(c.get('user'), 'read:contact-details'),
    });
    return c.json(orders, 200);
  })
  .get(
    '/export',
    access('export:orders'),
    memberLimit('exports'),
    validate('query', adminOrdersQuerySchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const { filename, csv } = await exportDeskOrders(
        database.db,
        c.get('user').id,
        c.req.valid('query').view,
        clock.now(),
        { withContactDetails: can(c.get('user'), 'read:contact-details') },
      );
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
      });
    },
  )
  .patch(
    '/:orderId/status',
    access('manage:orders'),
    validate('param', orderIdSchema),
    validate('json', setOrderStatusSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const order = await setOrderStatus(
        database.db,
        c.get('user').id,
        c.req.valid('param').orderId,
        c.req.valid('json').status,
        clock.now(),
      );
      return c.json({ order }, 200);
    },
  );
