import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { AppError } from '~/shared/app-error';
import { formatCents } from '~/shared/money';
import { firstNameOf } from '~/shared/first-name';
import { notifyEach } from '~/features/notifications/server/notifications.service';
import { readShopSettings } from '~/features/shop/server/shop.service';
import { takeRedemptionsForOrder } from '~/features/economy/server/redemptions.service';
import { changeStoreCredit } from '~/features/economy/server/store-credit.service';
import {
  countPromoTry,
  promoTriesWaitMs,
  takePromoUse,
} from '~/features/economy/server/promo-pricing.service';
import { REWARD_LINE_SIZE, rewardLineName } from '~/features/economy/rewards.constants';
import type { Executor } from '~/server/db/client';
import { tooManyAttempts } from '~/server/rate-limit';
import { prepared, type Param } from '~/server/db/prepared';
import { user } from '~/server/db/tables/auth.tables';
import { orderItem, shopOrder } from '~/server/db/tables/orders.tables';
import { pickupLocation } from '~/server/db/tables/shop.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import { pageOf, timeKeyset } from '~/server/pagination';
import type {
  MemberOrderView,
  MyOrdersResponse,
  OrderLineSize,
  OrderView,
  PlaceOrderValues,
} from '../orders.schema';
import type { ShopSettings } from '../shop.schema';
import { memberHandoverCode } from './handover-code.service';
import { priceCart, type PricedCart } from './quote.service';
import { lineKey, takeStock } from './stock.service';
import {
  memberMayCancel,
  DELIVERY_HUB,
  MASKED_DRIVER,
  shortOrderId,
  type DeliveryMethod,
  type OrderStatus,
  type PaymentMethod,
  STORE_CREDIT_PAYMENT,
} from '../orders.constants';
import { holdersOf } from '~/server/member-standing';

export type OrderRow = typeof shopOrder.$inferSelect;
type OrderItemRow = typeof orderItem.$inferSelect;

export const MY_ORDERS_PAGE_SIZE = 20;

/** order-<time><random>: sortable by eye, and its last 6 characters name it in notifications. */
function newOrderId(now: Date): string {
  return `order-${now.getTime()}${randomBytes(3).toString('hex')}`;
}

export function toOrderView(order: OrderRow, items: OrderItemRow[]): OrderView {
  return {
    id: order.id,
    shortId: shortOrderId(order.id),
    status: order.status as OrderStatus,
    deliveryMethod: order.deliveryMethod as DeliveryMethod,
    paymentMethod: order.paymentMethod as PaymentMethod,
    phone: order.userPhone,
    address: order.userAddress,
    pickupLocation: order.pickupLocation,
    notes: order.notes,
    items: items.map((item) => ({
      stickerId: item.stickerId,
      stickerName: item.stickerName,
      size: item.size as OrderLineSize,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      lineTotalCents: item.lineTotalCents,
    })),
    subtotalCents: order.subtotalCents,
    perkCents: order.perkCents,
    promoCode: order.promoCode,
    promoCents: order.promoCents,
    deliveryFeeCents: order.deliveryFeeCents,
    storeCreditCents: order.storeCreditCents,
    totalCents: order.totalCents,
    deliveryArea: order.deliveryAreaName,
    purchaseCoins: order.purchaseCoins,
    etaMinutes: order.etaMinutes,
    etaSubmittedAt: order.etaSubmittedAt?.toISOString() ?? null,
    confirmedAt: order.confirmedAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** The items of these orders, grouped by order id. */
export async function itemsOf(db: Executor, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const grouped = new Map<string, OrderItemRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return grouped;
  const rows = await db
    .select()
    .from(orderItem)
    .where(inArray(orderItem.orderId, orderIds))
    .orderBy(orderItem.id);
  for (const row of rows) grouped.get(row.orderId)?.push(row);
  return grouped;
}

/** Tells everyone who follows an order that it changed: its member, the orders desk and, for delivery, drivers. */
export async function publishOrderChanged(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'userId' | 'deliveryMethod'>,
) {
  await publish(tx, 'orders.changed', { orderId: order.id }, [
    { kind: 'users', userIds: [order.userId] },
    { kind: 'capability', capability: 'read:orders' },
    ...(order.deliveryMethod === 'Delivery'
      ? [{ kind: 'capability', capability: 'view:driver-queue' } as const]
      : []),
  ]);
}

/** Owners and Admins hear of every new order; approved drivers who are online hear of new delivery orders. */
async function notifyNewOrder(tx: Executor, order: OrderRow, now: Date) {
  const short = shortOrderId(order.id);
  const messages = new Map<string, { message: string; link: string; push?: boolean }>();
  for (const staff of await holdersOf(tx, 'receive:new-order-notifications')) {
    messages.set(staff.id, {
      message: `New ${order.deliveryMethod.toLowerCase()} order #${short} (${formatCents(order.totalCents)}).`,
      link: '/admin?tab=orders',
    });
  }
  if (order.deliveryMethod === 'Delivery') {
    for (const driver of await holdersOf(tx, 'receive:delivery-order-notifications')) {
      if (!driver.isApprovedDriver || !driver.isOnline || messages.has(driver.id)) continue;
      messages.set(driver.id, {
        message: `New delivery order #${short} is in the queue.`,
        link: '/driver-queue',
        push: true,
      });
    }
  }
  await notifyEach(
    tx,
    [...messages].map(([userId, note]) => ({ userId, ...note, from: 'staff' as const, at: now })),
  );
}

async function findByKey(tx: Executor, userId: string, key: string): Promise<OrderView | undefined> {
  const [existing] = await tx
    .select()
    .from(shopOrder)
    .where(and(eq(shopOrder.userId, userId), eq(shopOrder.idempotencyKey, key)));
  if (!existing) return undefined;
  return toOrderView(existing, (await itemsOf(tx, [existing.id])).get(existing.id)!);
}

/** The first problem of a priced cart, as submit refuses it: too few left is a 409 naming the sticker. */
function refusalOf({ lines, quote }: PricedCart): AppError | null {
  const problem = lines.find((line) => line.problem)?.problem;
  if (problem?.kind === 'stock') return new AppError('CONFLICT', problem.message, { title: 'Sold Out' });
  const message = problem?.message ?? quote.rewardsProblem ?? quote.deliveryProblem;
  if (message) return new AppError('BAD_REQUEST', message, { title: 'Cannot submit order' });
  return quote.promoProblem
    ? new AppError('BAD_REQUEST', quote.promoProblem, {
        title: 'Promo Code',
        fields: { promoCode: quote.promoProblem },
      })
    : null;
}

/**
 * Places an order priced by the server (priceCart, the quote's own function). The member's row is locked first, so
 * two devices cannot both pass a daily limit. The idempotency key makes a retried or double-tapped submit return
 * the first order before anything is taken; a total that differs from the one the member saw is a 409, and nothing
 * is stored. Counted sizes give up their quantities, store credit its amount and a promo code a use, after the
 * order row is in.
 */
export async function placeOrder(
  ctx: ServiceContext,
  actor: Actor,
  input: PlaceOrderValues,
): Promise<{ order: OrderView; created: boolean; contactPhone: string }> {
  const { db, now } = ctx;
  const triesWaitMs = input.promoCode ? await promoTriesWaitMs(ctx, actor) : 0;
  if (triesWaitMs > 0) throw tooManyAttempts(triesWaitMs);
  // A code that is not valid counts as a try once the order's transaction has rolled back.
  let invalidPromo = false;
  return db
    .transaction(async (tx) => {
      // Not FOR UPDATE: that would also block the key-share locks other orders' notifications take on this row.
      await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for('no key update');
      const settings = await readShopSettings(tx);
      const existing = await findByKey(tx, actor.id, input.idempotencyKey);
      if (existing) return { order: existing, created: false, contactPhone: settings.contactPhone };

      const priced = await priceCart(tx, actor, input, { at: now, settings });
      invalidPromo = priced.promo?.applied === false && priced.promo.invalid;
      const refusal = refusalOf(priced);
      if (refusal) throw refusal;
      const { lines } = priced;
      const isDelivery = input.deliveryMethod === 'Delivery';
      if (!isDelivery) {
        const [location] = await tx
          .select({ name: pickupLocation.name })
          .from(pickupLocation)
          .where(eq(pickupLocation.name, input.pickupLocation));
        if (!location) {
          throw new AppError('BAD_REQUEST', 'Choose a pickup location from the list.', {
            fields: { pickupLocation: 'Choose a pickup location from the list.' },
          });
        }
      }
      const { subtotalCents, perkCents, promoCents, deliveryFeeCents, storeCreditCents, totalCents } =
        priced.quote;
      if (totalCents !== input.expectedTotalCents) {
        throw new AppError(
          'PRICES_CHANGED',
          `Prices have changed since you opened your cart: the total is now ${formatCents(totalCents)}. Check your cart and submit again.`,
          { title: 'Prices Changed' },
        );
      }

      const [order] = await tx
        .insert(shopOrder)
        .values({
          id: newOrderId(now),
          userId: actor.id,
          idempotencyKey: input.idempotencyKey,
          userName: actor.name,
          userEmail: actor.email,
          userPhone: input.phone,
          userAddress: isDelivery ? input.address : null,
          pickupLocation: isDelivery ? DELIVERY_HUB : input.pickupLocation,
          deliveryMethod: input.deliveryMethod,
          paymentMethod:
            storeCreditCents > 0 && totalCents === 0 ? STORE_CREDIT_PAYMENT : input.paymentMethod,
          notes: input.notes,
          subtotalCents,
          perkCents,
          promoCode: priced.quote.promoCode,
          promoCents,
          deliveryFeeCents,
          storeCreditCents,
          totalCents,
          purchaseCoins: priced.quote.purchaseCoins,
          deliveryZip: priced.delivery?.zip ?? null,
          deliveryAreaName: priced.delivery?.areaName ?? null,
          status: isDelivery ? 'available' : 'pending',
          createdAt: now,
          updatedAt: now,
        })
        // The same key submitted at the same moment: the other request's order stands.
        .onConflictDoNothing({ target: [shopOrder.userId, shopOrder.idempotencyKey] })
        .returning();
      if (!order) {
        const winner = await findByKey(tx, actor.id, input.idempotencyKey);
        if (!winner) throw new AppError('CONFLICT', 'This order is already being placed. Check My Orders.');
        return { order: winner, created: false, contactPhone: settings.contactPhone };
      }
      const taken = await takeRedemptionsForOrder(
        tx,
        { userId: actor.id, deliveryMethod: input.deliveryMethod, id: order.id, at: now },
        input.rewardIds,
      );
      if (priced.promo?.applied) {
        const { code, discountCents } = priced.promo;
        await takePromoUse(tx, { code, userId: actor.id, orderId: order.id, discountCents, at: now });
      }
      if (storeCreditCents > 0) {
        await changeStoreCredit(tx, {
          userId: actor.id,
          deltaCents: -storeCreditCents,
          reason: 'order',
          reference: order.id,
          at: now,
        });
      }
      const counted = new Set(lines.filter((line) => line.counted).map(lineKey));
      const stockTaken = await takeStock(tx, lines, { at: now, counted });
      const lineRows = [
        ...lines.map((line) => ({
          stickerId: line.stickerId,
          stickerName: line.stickerName,
          size: line.size as OrderLineSize,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          lineTotalCents: line.unitPriceCents * line.quantity,
          redemptionId: null,
          stockTaken: stockTaken.has(lineKey(line)),
        })),
        ...taken.lines.map((line) => ({
          stickerId: null,
          stickerName: rewardLineName(line.title),
          size: REWARD_LINE_SIZE as OrderLineSize,
          quantity: 1,
          unitPriceCents: 0,
          lineTotalCents: 0,
          redemptionId: line.redemptionId,
        })),
      ];
      const items = await tx
        .insert(orderItem)
        .values(
          lineRows.map((line, index) => ({
            id: `${order.id}-${String(index).padStart(2, '0')}`,
            orderId: order.id,
            ...line,
          })),
        )
        .returning();
      await notifyNewOrder(tx, order, now);
      await publishOrderChanged(tx, order);
      return { order: toOrderView(order, items), created: true, contactPhone: settings.contactPhone };
    })
    .catch(async (error: unknown) => {
      if (invalidPromo) await countPromoTry(ctx, actor);
      throw error;
    });
}

/** The order a request is about: the route's `:orderId`. */
export interface OrderRef {
  orderId: string;
}

/** Orders, newest first (the member's own and the desk's), a page at a time. */
export const newestFirst = timeKeyset({ time: shopOrder.createdAt, id: shopOrder.id, direction: 'desc' });

/** The member's own orders, newest first, a page at a time. */
/** A page of the member's orders, newest first, one more than a page (pageOf). */
const myOrdersPage = (db: Executor, userId: Param<string>, after?: SQL) =>
  selectMyOrders(db, { cursorAt: newestFirst.cursorAt })
    .where(and(eq(shopOrder.userId, userId), after))
    .orderBy(...newestFirst.orderBy)
    .limit(MY_ORDERS_PAGE_SIZE + 1);

/** My Orders as it opens, on every visit to the page: a prepared statement. */
const myOrdersOpening = prepared('vault_my_orders_first_page', (db) =>
  myOrdersPage(db, sql.placeholder('userId')),
);

/** The member's orders with their driver's name and roles (for "Your driver"). */
const driverUser = alias(user, 'driver');
function selectMyOrders<Extra extends SelectedFields>(db: Executor, extra: Extra) {
  return db
    .select({ order: shopOrder, driverName: driverUser.name, driverRoles: driverUser.roles, ...extra })
    .from(shopOrder)
    .leftJoin(driverUser, eq(driverUser.id, shopOrder.assignedDriverId));
}
type MyOrderRow = { order: OrderRow; driverName: string | null; driverRoles: string[] | null };

/** Their driver as the member sees them: a first name; an Owner or Admin on a run is "Your driver" (decision 008). */
function driverNameForMember({ driverName, driverRoles }: MyOrderRow): string | null {
  if (driverName === null) return null;
  if (driverRoles?.some((role) => role === 'Owner' || role === 'Admin')) return MASKED_DRIVER;
  return firstNameOf(driverName) || MASKED_DRIVER;
}

/**
 * The member's own view of an order: its handover code once it is on its way, the driver's first name, and
 * whether it was left at the door with a photo (with the shop's number to call when it was not received).
 */
const toMemberOrderView = (
  config: ServiceContext['config'],
  row: MyOrderRow,
  items: OrderItemRow[],
  settings: ShopSettings | null,
): MemberOrderView => {
  const { order } = row;
  return {
    ...toOrderView(order, items),
    handoverCode: memberHandoverCode(config, order, { pickupCode: settings?.pickupCode ?? false }),
    canCancel: memberMayCancel(order),
    cancelledByMember: order.cancelledByMemberAt !== null,
    driverName: order.deliveryMethod === 'Delivery' ? driverNameForMember(row) : null,
    leftAtDoor: order.leftAtDoorAt
      ? {
          at: order.leftAtDoorAt.toISOString(),
          note: order.doorNote,
          hasPhoto: order.doorPhotoKey !== null,
          shopPhone: settings?.contactPhone ?? '',
        }
      : null,
  };
};

/**
 * The shop's settings, read only when one of these orders needs them: left at the door (the number for "Get
 * help"), or an open pickup (whether it shows a code for the counter).
 */
async function settingsFor(db: Executor, orders: readonly OrderRow[]): Promise<ShopSettings | null> {
  const needed = orders.some(
    (order) =>
      order.leftAtDoorAt ||
      (order.deliveryMethod === 'Pickup' && order.status !== 'completed' && order.status !== 'cancelled'),
  );
  return needed ? readShopSettings(db) : null;
}

export async function listMyOrders(
  { db, config }: ServiceContext,
  actor: Actor,
  { cursor }: { cursor?: string | undefined },
): Promise<MyOrdersResponse> {
  const after = newestFirst.after(cursor);
  const rows = after
    ? await myOrdersPage(db, actor.id, after)
    : await myOrdersOpening(db).execute({ userId: actor.id });
  const page = pageOf(rows, MY_ORDERS_PAGE_SIZE, (last) => [last.cursorAt, last.order.id]);
  const orders = page.items.map((row) => row.order);
  const [items, settings] = await Promise.all([
    itemsOf(
      db,
      orders.map((order) => order.id),
    ),
    settingsFor(db, orders),
  ]);
  return {
    ...page,
    items: page.items.map((row) => toMemberOrderView(config, row, items.get(row.order.id)!, settings)),
  };
}

/** One of the member's own orders; anyone else's is "not found". */
export async function getMyOrder(
  { db, config }: ServiceContext,
  actor: Actor,
  { orderId }: OrderRef,
): Promise<MemberOrderView> {
  const userId = actor.id;
  const [row] = await selectMyOrders(db, {}).where(
    and(eq(shopOrder.id, orderId), eq(shopOrder.userId, userId)),
  );
  if (!row) throw new AppError('NOT_FOUND', 'This order does not exist.');
  const [items, settings] = await Promise.all([itemsOf(db, [row.order.id]), settingsFor(db, [row.order])]);
  return toMemberOrderView(config, row, items.get(row.order.id)!, settings);
}
