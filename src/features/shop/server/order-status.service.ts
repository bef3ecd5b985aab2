import { and, eq, isNull, or } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { formatCents } from '~/shared/money';
import { notify } from '~/features/notifications/server/notifications.service';
import { awardCompletedOrder, takeBackOrderCoins } from '~/features/economy/server/awards.service';
import { returnPromoUse } from '~/features/economy/server/promo-pricing.service';
import { returnRedemptionsOfOrder } from '~/features/economy/server/redemptions.service';
import { changeStoreCredit } from '~/features/economy/server/store-credit.service';
import { writeAudit } from '~/server/audit';
import { holdersOf } from '~/server/member-standing';
import { deletePrivateFiles } from '~/server/uploads/private-files';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { Executor } from '~/server/db/client';
import { orderItem, shopOrder } from '~/server/db/tables/orders.tables';
import type { MemberOrderView, OrderView } from '../orders.schema';
import {
  PICKUP_CODE_NEEDED,
  shortOrderId,
  statusesAdminsMaySet,
  type DeliveryMethod,
  type OrderStatus,
} from '../orders.constants';
import { HANDOVER_TRIES, isHandoverCode } from './handover-code.service';
import { countWrongCode } from './wrong-codes.service';
import { countedSizes, lineKey, returnStock, takeStock } from './stock.service';
import { sizedName, type StickerSize } from '../shop.constants';
import {
  getMyOrder,
  itemsOf,
  publishOrderChanged,
  toOrderView,
  type OrderRef,
  type OrderRow,
} from './orders.service';
import { readShopSettings } from './shop.service';

/** What the member is told for each status an admin sets (spec section 4); other statuses send nothing. */
const CUSTOMER_MESSAGES: Partial<Record<OrderStatus, (short: string) => string>> = {
  confirmed: (short) => `Your order #${short} has been confirmed.`,
  'out-for-delivery': (short) => `Your order #${short} is out for delivery.`,
  'ready-for-pickup': (short) => `Your order #${short} is ready for pickup.`,
  completed: (short) => `Your order #${short} has been completed. Thank you!`,
  cancelled: (short) => `Your order #${short} has been cancelled.`,
};

function refusal(method: DeliveryMethod, status: OrderStatus): string | undefined {
  if (statusesAdminsMaySet(method).includes(status)) return undefined;
  if (status === 'claimed' || status === 'in-progress') {
    return 'Claimed and in progress are set by the driver flow, not by hand.';
  }
  if (status === 'out-for-delivery') return 'Out for delivery is only for delivery orders.';
  if (status === 'ready-for-pickup') return 'Ready for pickup is only for pickup orders.';
  return 'Only delivery orders can be put back in the driver queue.';
}

/**
 * Completing a pickup when the shop asks for the code at the counter (the `pickupCode` setting): the code the
 * member shows is required, and a wrong one is counted like the driver's (countWrongCode). Once locked, staff
 * complete it without one. Says whether the code was `typed`, or `skipped` (locked), or `not-asked`.
 */
async function checkCounterCode(
  ctx: ServiceContext,
  { orderId, code }: OrderRef & { code?: string | undefined },
): Promise<'typed' | 'skipped' | 'not-asked'> {
  const [order] = await ctx.db
    .select({ method: shopOrder.deliveryMethod, status: shopOrder.status, tries: shopOrder.handoverTries })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  // Asked from every other status, a cancelled one too: reopening must not be a way round it.
  if (order?.method !== 'Pickup' || order.status === 'completed') return 'not-asked';
  if (!(await readShopSettings(ctx.db)).pickupCode) return 'not-asked';
  if (order.tries >= HANDOVER_TRIES) return 'skipped';
  if (!code) {
    throw new AppError('BAD_REQUEST', PICKUP_CODE_NEEDED, {
      title: 'Pickup Code Needed',
      fields: { code: PICKUP_CODE_NEEDED },
    });
  }
  if (!isHandoverCode(ctx.config, orderId, code)) throw await countWrongCode(ctx, { orderId });
  return 'typed';
}

/**
 * The one cancel path's release, for the desk's cancel and the member's, given the order as it was: what the order
 * held goes back (its rewards; its store credit; its promo code's use; its stock, unless it was completed: those
 * stickers left the shop), and a completed order's coins are taken back. How many rewards went back.
 */
async function releaseCancelledOrder(tx: Executor, order: OrderRow, at: Date): Promise<number> {
  if (order.status !== 'completed') await returnStock(tx, { orderId: order.id });
  else await takeBackOrderCoins(tx, { ...order, shortId: shortOrderId(order.id) }, at);
  if (order.promoCode !== null) await returnPromoUse(tx, order.id);
  if (order.storeCreditCents > 0) {
    await changeStoreCredit(tx, {
      userId: order.userId,
      deltaCents: order.storeCreditCents,
      reason: 'order-refund',
      reference: order.id,
      at,
    });
  }
  return returnRedemptionsOfOrder(tx, { id: order.id, userId: order.userId, at });
}

/** What a cancelled order's member is told came back: its store credit, its rewards. */
function givenBackText(order: OrderRow, rewardsReturned: number): string {
  const credit =
    order.storeCreditCents > 0
      ? ` Its ${formatCents(order.storeCreditCents)} of store credit is back in your balance.`
      : '';
  const rewards = rewardsReturned
    ? ` Its ${rewardsReturned === 1 ? 'reward is' : 'rewards are'} back under Your rewards.`
    : '';
  return credit + rewards;
}

/** What a cancel gave back that reopening would spend twice: its rewards, its store credit or its promo code's use. */
async function reopenRefusal(tx: Executor, order: OrderRow): Promise<string | null> {
  if (order.promoCode !== null) {
    return `This order used the promo code ${order.promoCode}, whose use went back when it was cancelled, so it cannot be reopened. Ask the member to order again.`;
  }
  if (order.storeCreditCents > 0) {
    return 'This order was paid with store credit, which went back to the member when it was cancelled, so it cannot be reopened. Ask the member to order again.';
  }
  const items = (await itemsOf(tx, [order.id])).get(order.id)!;
  if (items.some((item) => item.redemptionId !== null)) {
    return 'This order had rewards, which went back to the member when it was cancelled, so it cannot be reopened. Ask the member to order again.';
  }
  return null;
}

/**
 * Reopening a cancelled order takes back the stock its cancel gave back (lines still holding theirs, from a
 * completed order, take nothing): refused, naming the sticker, when too few are left.
 */
async function retakeStock(tx: Executor, order: OrderRow, at: Date, actorId: string): Promise<void> {
  const lines = (await itemsOf(tx, [order.id]))
    .get(order.id)!
    .filter((item) => item.stickerId !== null && !item.stockTaken && item.size !== 'Reward');
  if (lines.length === 0) return;
  const stockLines = lines.map((item) => ({
    stickerId: item.stickerId!,
    stickerName: item.stickerName,
    size: item.size as StickerSize,
    quantity: item.quantity,
  }));
  const counted = await countedSizes(tx, stockLines);
  const taken = await takeStock(tx, stockLines, {
    at,
    counted,
    actorId,
    refuse: (line, left) =>
      new AppError(
        'CONFLICT',
        `${left > 0 ? `Only ${left} left` : 'None left'} of ${sizedName(line.stickerName, line.size)}, so this order cannot be reopened.`,
        { title: 'Status Not Changed' },
      ),
  });
  for (const item of lines) {
    if (!taken.has(lineKey({ stickerId: item.stickerId!, size: item.size }))) continue;
    await tx.update(orderItem).set({ stockTaken: true }).where(eq(orderItem.id, item.id));
  }
}

/**
 * An admin sets an order's status: the row is locked, the change, the customer's notification and the
 * ORDER_STATUS_CHANGED audit row commit together. Setting available returns it to the queue, driver cleared.
 */
export async function setOrderStatus(
  ctx: ServiceContext,
  actor: Actor,
  {
    orderId,
    status,
    code,
    currentDriverId,
  }: OrderRef & {
    status: OrderStatus;
    code?: string | undefined;
    currentDriverId?: string | null | undefined;
  },
): Promise<OrderView> {
  const { db, now, config } = ctx;
  const counterCode = status === 'completed' ? await checkCounterCode(ctx, { orderId, code }) : 'not-asked';
  // A delivery reopened after it was left at the door starts its next run clean: the photo goes after the commit.
  let reopenedDoorPhoto: string | null = null;
  const view = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(shopOrder).where(eq(shopOrder.id, orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', 'This order does not exist.');
    const problem = refusal(order.deliveryMethod as DeliveryMethod, status);
    if (problem) throw new AppError('BAD_REQUEST', problem, { title: 'Status Not Changed' });
    if (order.status === status) {
      return toOrderView(order, (await itemsOf(tx, [order.id])).get(order.id)!);
    }
    if (currentDriverId !== undefined && order.assignedDriverId !== currentDriverId) {
      throw new AppError(
        'CONFLICT',
        'This run changed a moment ago (its claim ran out, or another driver or dispatcher took it). Look at the order again.',
        { title: 'Status Not Changed' },
      );
    }
    if (order.cancelledByMemberAt) {
      throw new AppError(
        'BAD_REQUEST',
        'The member cancelled this order themselves, so it cannot be reopened. Ask them to order again.',
        { title: 'Status Not Changed' },
      );
    }
    if (order.status === 'cancelled') {
      const refused = await reopenRefusal(tx, order);
      if (refused) throw new AppError('BAD_REQUEST', refused, { title: 'Status Not Changed' });
      await retakeStock(tx, order, now, actor.id);
    }
    const [updated] = await tx
      .update(shopOrder)
      .set({
        status,
        updatedAt: now,
        ...(status === 'available'
          ? {
              assignedDriverId: null,
              assignedById: null,
              claimedAt: null,
              etaMinutes: null,
              etaSubmittedAt: null,
              // The next driver's run tells the customer once more.
              customerNotifiedAt: null,
            }
          : {}),
        completedAt: status === 'completed' ? now : null,
        ...(order.leftAtDoorAt && status !== 'completed'
          ? { leftAtDoorAt: null, doorNote: null, doorPhotoKey: null }
          : {}),
        // Confirmed until the order goes back to the queue or to pending; the member's timeline shows it.
        ...(status === 'confirmed' ? { confirmedAt: now } : {}),
        ...(status === 'available' || status === 'pending' ? { confirmedAt: null } : {}),
      })
      .where(eq(shopOrder.id, order.id))
      .returning();
    await writeAudit(tx, {
      eventType: 'ORDER_STATUS_CHANGED',
      actorId: actor.id,
      meta: {
        orderId: order.id,
        ...(order.assignedDriverId ? { driverId: order.assignedDriverId } : {}),
        oldStatus: order.status,
        newStatus: status,
        // A delivery completed at the desk, or a pickup whose counter code locked: nobody typed the member's code.
        ...(status === 'completed' && (order.deliveryMethod === 'Delivery' || counterCode === 'skipped')
          ? { withoutCode: true }
          : {}),
      },
      at: now,
    });
    if (status === 'completed') {
      await awardCompletedOrder(tx, { now, config }, { ...updated!, shortId: shortOrderId(updated!.id) });
    }
    const returned = status === 'cancelled' ? await releaseCancelledOrder(tx, order, now) : 0;
    // The driver who had the run hears that it left them (back to the queue, or cancelled by the desk).
    const wasRun = order.status === 'claimed' || order.status === 'in-progress';
    if (order.assignedDriverId && wasRun && status !== 'completed') {
      await notify(tx, {
        userId: order.assignedDriverId,
        message: `Order #${shortOrderId(order.id)} was taken off your runs by the shop.`,
        link: '/driver-queue',
        from: 'staff',
        at: now,
      });
    }
    const message = CUSTOMER_MESSAGES[status];
    if (message) {
      await notify(tx, {
        userId: order.userId,
        message:
          message(shortOrderId(order.id)) + (status === 'cancelled' ? givenBackText(order, returned) : ''),
        link: '/orders',
        from: 'staff',
        at: now,
        push: true,
      });
    }
    await publishOrderChanged(tx, updated!);
    if (order.leftAtDoorAt && status !== 'completed') reopenedDoorPhoto = order.doorPhotoKey;
    return toOrderView(updated!, (await itemsOf(tx, [order.id])).get(order.id)!);
  });
  if (reopenedDoorPhoto) await deletePrivateFiles(ctx, [reopenedDoorPhoto]);
  return view;
}

/**
 * What the member may still cancel (memberMayCancel in orders.constants.ts, as SQL): a pickup still Placed, or a
 * delivery still in the queue with no driver, that staff have not confirmed.
 */
const memberMayStillCancel = and(
  isNull(shopOrder.confirmedAt),
  isNull(shopOrder.assignedDriverId),
  or(
    and(eq(shopOrder.deliveryMethod, 'Pickup'), eq(shopOrder.status, 'pending')),
    and(eq(shopOrder.deliveryMethod, 'Delivery'), eq(shopOrder.status, 'available')),
  ),
);

/** Why the member's order can no longer be cancelled, in their words. */
function tooLateToCancel(order: OrderRow): AppError {
  const reason =
    order.status === 'cancelled'
      ? 'This order is already cancelled.'
      : order.status === 'completed'
        ? 'This order is already completed.'
        : order.assignedDriverId
          ? 'A driver has already taken this order, so it can no longer be cancelled here. Call the shop to change it.'
          : 'The shop has already started on this order, so it can no longer be cancelled here. Call the shop to change it.';
  return new AppError('CONFLICT', reason, { title: 'Too Late to Cancel' });
}

/**
 * The member cancels their own order while nobody has started on it: one conditional update, so against a
 * driver's Call Dibs, a staff assignment or a staff confirm exactly one wins. It then goes through the desk's cancel
 * path (releaseCancelledOrder: rewards back) and can never be reopened. Staff who hear of new orders are told.
 */
export async function cancelMyOrder(
  ctx: ServiceContext,
  actor: Actor,
  { orderId }: OrderRef,
): Promise<{ order: MemberOrderView; rewardsReturned: number }> {
  const { db, now } = ctx;
  const result = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(shopOrder)
      .set({ status: 'cancelled', cancelledByMemberAt: now, updatedAt: now })
      .where(and(eq(shopOrder.id, orderId), eq(shopOrder.userId, actor.id), memberMayStillCancel))
      .returning();
    if (!order) return null;
    await writeAudit(tx, {
      eventType: 'ORDER_CANCELLED_BY_MEMBER',
      actorId: actor.id,
      meta: { orderId },
      at: now,
    });
    const rewardsReturned = await releaseCancelledOrder(tx, order, now);
    const short = shortOrderId(orderId);
    for (const staff of await holdersOf(tx, 'receive:new-order-notifications')) {
      if (staff.id === actor.id) continue;
      await notify(tx, {
        userId: staff.id,
        message: `Order #${short} was cancelled by the member.`,
        link: '/admin?tab=orders',
        from: 'staff',
        at: now,
      });
    }
    await publishOrderChanged(tx, order);
    return { rewardsReturned };
  });
  if (!result) {
    const [order] = await db
      .select()
      .from(shopOrder)
      .where(and(eq(shopOrder.id, orderId), eq(shopOrder.userId, actor.id)));
    if (!order) throw new AppError('NOT_FOUND', 'This order does not exist.');
    throw tooLateToCancel(order);
  }
  return { order: await getMyOrder(ctx, actor, { orderId }), rewardsReturned: result.rewardsReturned };
}
