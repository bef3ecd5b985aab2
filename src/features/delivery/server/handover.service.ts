import { and, arrayOverlaps, eq, lt } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { inGoodStanding } from '~/server/member-standing';
import type { Actor, ServiceContext } from '~/server/service-context';
import { deletePrivateFiles, storePrivateImage } from '~/server/uploads/private-files';
import { awardCompletedOrder } from '~/features/economy/server/awards.service';
import { notify } from '~/features/notifications/server/notifications.service';
import { DOOR_PHOTO_MAX_DIMENSION, shortOrderId } from '~/features/shop/orders.constants';
import { formatWait } from '~/shared/time';
import { leftAtDoorFrom } from '~/features/shop/server/door-photo.service';
import { HANDOVER_TRIES, isHandoverCode } from '~/features/shop/server/handover-code.service';
import { countWrongCode, handoverLocked } from '~/features/shop/server/wrong-codes.service';
import type { OrderRef, OrderRow } from '~/features/shop/server/orders.service';
import type { DriverOrderView } from '../delivery.schema';
import { explainLostRun, stepRun, viewOf } from './delivery.service';

/**
 * The end of a run: Mark Delivered with the member's handover code (a wrong one counted, five lock it), or, when
 * nobody answers, left at the door with a photo.
 */

/**
 * Before Mark Delivered: the driver's own run in progress takes the member's handover code, and a wrong one is
 * counted (countWrongCode). Anything else goes on to the step, which explains why the run is not theirs.
 */
export async function checkHandoverCode(
  ctx: ServiceContext,
  actor: Actor,
  { orderId, code }: { orderId: string; code: string },
): Promise<void> {
  const [target] = await ctx.db
    .select({
      tries: shopOrder.handoverTries,
      status: shopOrder.status,
      driverId: shopOrder.assignedDriverId,
    })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  if (target?.status !== 'in-progress' || target.driverId !== actor.id) return;
  if (target.tries >= HANDOVER_TRIES) throw handoverLocked();
  if (!isHandoverCode(ctx.config, orderId, code)) throw await countWrongCode(ctx, { orderId });
}

/** Where a delivered run leaves the order: completed and archived, from the driver's own run in progress. */
const deliveredFrom = (actor: Actor) => [
  eq(shopOrder.status, 'in-progress'),
  eq(shopOrder.assignedDriverId, actor.id),
  lt(shopOrder.handoverTries, HANDOVER_TRIES),
];

/** Delivered: the order is completed and archived; Owners, Admins and the customer are told. */
export async function markDelivered(
  ctx: ServiceContext,
  actor: Actor,
  { orderId, code }: OrderRef & { code: string },
): Promise<DriverOrderView> {
  await checkHandoverCode(ctx, actor, { orderId, code });
  const delivered = await stepRun(ctx, actor, {
    orderId,
    from: deliveredFrom(actor),
    set: { status: 'completed', completedAt: ctx.now },
    audit: { eventType: 'ORDER_DELIVERED', meta: { oldStatus: 'in-progress', newStatus: 'completed' } },
    then: (tx, order) => tellDelivered(tx, ctx, actor, order, { atDoor: false }),
  });
  if (!delivered) throw await explainLostRun(ctx, actor, { orderId });
  return viewOf(ctx, actor, { orderId });
}

/**
 * Nobody answered: the driver leaves the order at the door with a photo and a note instead of the code, once
 * the promised time has passed or DOOR_PHOTO_AFTER_NOTIFY_MINUTES after Notify Customer. The photo is a private
 * file only the member and staff who read contact details see (door-photo.service.ts).
 */
export async function leaveAtDoor(
  ctx: ServiceContext,
  actor: Actor,
  { orderId, note, bytes }: OrderRef & { note: string; bytes: Buffer },
): Promise<DriverOrderView> {
  const [order] = await ctx.db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
  if (order?.status === 'in-progress' && order.assignedDriverId === actor.id) {
    if (order.handoverTries >= HANDOVER_TRIES) throw handoverLocked();
    const from = leftAtDoorFrom(order, ctx.config.doorPhotoWaitMs);
    if (!from || ctx.now < from) {
      const wait = formatWait(ctx.config.doorPhotoWaitMs);
      throw new AppError(
        'CONFLICT',
        `Knock or call first: you can leave it at the door once the promised time has passed, or ${wait} after Notify Customer.`,
        { title: 'Not Yet' },
      );
    }
  }
  const photoKey = await storePrivateImage(ctx, bytes, DOOR_PHOTO_MAX_DIMENSION);
  // The photo is stored first; unless the step commits naming it, it is deleted again.
  const delivered = await stepRun(ctx, actor, {
    orderId,
    from: deliveredFrom(actor),
    set: {
      status: 'completed',
      completedAt: ctx.now,
      leftAtDoorAt: ctx.now,
      doorNote: note || null,
      doorPhotoKey: photoKey,
    },
    audit: {
      eventType: 'ORDER_DELIVERED',
      meta: { oldStatus: 'in-progress', newStatus: 'completed', leftAtDoor: true },
    },
    then: (tx, order) => tellDelivered(tx, ctx, actor, order, { atDoor: true }),
  }).catch(async (err: unknown) => {
    await deletePrivateFiles(ctx, [photoKey]);
    throw err;
  });
  if (!delivered) {
    await deletePrivateFiles(ctx, [photoKey]);
    throw await explainLostRun(ctx, actor, { orderId });
  }
  return viewOf(ctx, actor, { orderId });
}

/** A delivered order's coins, and who is told: the customer (pushed) and the Owners and Admins. */
async function tellDelivered(
  tx: Executor,
  ctx: ServiceContext,
  actor: Actor,
  order: OrderRow,
  { atDoor }: { atDoor: boolean },
) {
  const short = shortOrderId(order.id);
  await awardCompletedOrder(tx, ctx, { ...order, shortId: short });
  await notify(tx, {
    userId: order.userId,
    message: atDoor
      ? `Your order #${short} was left at your door (nobody answered): see the driver’s photo in My Orders. Not received? Get help there.`
      : `Your order #${short} has been delivered. Enjoy!`,
    link: '/orders',
    from: 'staff',
    at: ctx.now,
    push: true,
  });
  const staff = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(inGoodStanding, arrayOverlaps(user.roles, ['Owner', 'Admin'])));
  for (const person of staff) {
    await notify(tx, {
      userId: person.id,
      message: atDoor
        ? `Order #${short} was left at the door with a photo by ${actor.name}: nobody answered.`
        : `Order #${short} was delivered by ${actor.name}.`,
      link: '/admin?tab=orders',
      from: 'staff',
      at: ctx.now,
    });
  }
}
