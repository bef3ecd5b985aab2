import { Hono } from 'hono';
import { pageQuerySchema } from '~/shared/pagination';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { memberLimit } from '~/server/middleware/abuse-limits';
import { validate } from '~/server/validate';
import { privateImageResponse } from '~/server/uploads/private-files';
import { memberDoorPhoto, staffDoorPhoto } from './door-photo.service';
import {
  adminOrdersQuerySchema,
  orderIdSchema,
  placeOrderSchema,
  quoteCartSchema,
  setOrderStatusSchema,
  type OrderQuote,
  type CancelMyOrderResponse,
  type PlaceOrderResponse,
} from '../orders.schema';
import { exportDeskOrders, listDeskOrders } from './orders-desk.service';
import { cancelMyOrder, setOrderStatus } from './order-status.service';
import { reorderLines } from './reorder.service';
import { quoteCart } from './quote.service';
import { getMyOrder, listMyOrders, placeOrder } from './orders.service';

/** A member's own orders: place one, list them, follow one. */
export const ordersRoutes = new Hono<SignedInEnv>()
  .post('/', access('signed-in'), memberLimit('orders'), validate('json', placeOrderSchema), async (c) => {
    const { order, created, contactPhone } = await placeOrder(c.var.ctx, c.var.user, c.req.valid('json'));
    return c.json({ order, contactPhone } satisfies PlaceOrderResponse, created ? 201 : 200);
  })
  .post('/quote', access('signed-in'), validate('json', quoteCartSchema), async (c) =>
    c.json((await quoteCart(c.var.ctx, c.var.user, c.req.valid('json'))) satisfies OrderQuote, 200),
  )
  .get('/', access('signed-in'), validate('query', pageQuerySchema), async (c) =>
    c.json(await listMyOrders(c.var.ctx, c.var.user, c.req.valid('query')), 200),
  )
  .get('/:orderId', access('signed-in'), validate('param', orderIdSchema), async (c) =>
    c.json({ order: await getMyOrder(c.var.ctx, c.var.user, c.req.valid('param')) }, 200),
  )
  .get('/:orderId/door-photo', access('signed-in'), validate('param', orderIdSchema), async (c) =>
    privateImageResponse(await memberDoorPhoto(c.var.ctx, c.var.user, c.req.valid('param'))),
  )
  .post('/:orderId/cancel', access('signed-in'), validate('param', orderIdSchema), async (c) =>
    c.json(
      (await cancelMyOrder(c.var.ctx, c.var.user, c.req.valid('param'))) satisfies CancelMyOrderResponse,
      200,
    ),
  )
  .get('/:orderId/reorder', access('signed-in'), validate('param', orderIdSchema), async (c) =>
    c.json(await reorderLines(c.var.ctx, c.var.user, c.req.valid('param')), 200),
  );

/** The orders desk (the admin Orders tab). */
export const adminOrdersRoutes = new Hono<SignedInEnv>()
  .get('/', access('read:orders'), validate('query', adminOrdersQuerySchema), async (c) =>
    c.json(await listDeskOrders(c.var.ctx, c.var.user, c.req.valid('query')), 200),
  )
  .get(
    '/export',
    access('export:orders'),
    memberLimit('exports'),
    validate('query', adminOrdersQuerySchema),
    async (c) => {
      const { filename, csv } = await exportDeskOrders(c.var.ctx, c.var.user, c.req.valid('query'));
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
      });
    },
  )
  .get('/:orderId/door-photo', access('read:contact-details'), validate('param', orderIdSchema), async (c) =>
    privateImageResponse(await staffDoorPhoto(c.var.ctx, c.var.user, c.req.valid('param'))),
  )
  .patch(
    '/:orderId/status',
    access('manage:orders'),
    validate('param', orderIdSchema),
    validate('json', setOrderStatusSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json({ order: await setOrderStatus(c.var.ctx, c.var.user, input) }, 200);
    },
  );
