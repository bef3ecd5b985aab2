import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { can } from '~/shared/permissions';
import { formatWait } from '~/shared/time';
import { notify } from '~/features/notifications/server/notifications.service';
import { shortOrderId, type OrderStatus } from '~/features/shop/orders.constants';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { AdminDriver } from '../delivery.schema';
import { listDrivers } from './drivers.service';
import { cutoffOf, isDelivery, isRunInFlight, stepQueuedRun } from './delivery.service';

/*
 * Dispatch: staff holding manage:orders give a delivery run to a driver, or move a run to another driver. The
 * driver's ETA window starts at the assignment, as if they had called dibs; they may decline it, or let it expire,
 * without a strike (delivery.service.ts: cancelRun, requeueExpiredClaims). Returning a run to the queue is the
 * desk's status change to Available (order-status.service.ts), which tells the driver.
 */

/** A delivery nobody has taken yet, in the queue or held at the desk: it can be assigned. */
const UNCLAIMED: OrderStatus[] = ['available', 'pending', 'confirmed'];
/** A delivery with a driver: it can be reassigned. */
const RUN_STATUSES: string[] = ['claimed', 'in-progress'];

/** The drivers staff may give a run to: approved ones, online first, then by name. */
export async function dispatchDrivers(ctx: ServiceContext): Promise<AdminDriver[]> {
  const drivers = (await listDrivers(ctx)).filter((driver) => driver.isApprovedDriver);
  return drivers.sort((a, b) => Number(b.isOnline) - Number(a.isOnline));
}

/** The driver a run goes to: holds the Driver role, approved by staff, in good standing. Offline is allowed. */
async function assignableDriver(ctx: ServiceContext, driverId: string) {
  const [driver] = await ctx.db.select().from(user).where(eq(user.id, driverId));
  if (!driver || driver.status !== 'approved' || !can(driver, 'claim:order') || !driver.isApprovedDriver) {
    throw new AppError('BAD_REQUEST', 'Choose an approved driver.', {
      title: 'Run Not Assigned',
      fields: { driverId: 'Choose an approved driver.' },
    });
  }
  return driver;
}

/**
 * Gives the delivery order's run to `driverId`. `currentDriverId` is the driver the desk saw on it (null: none):
 * from the queue (a claim past its window counts, re-queued first as the sweep would), or from that driver (claimed
 * or on the way; the run starts again with no ETA). One conditional update on what the desk saw, so against a
 * driver's Call Dibs, another dispatcher or the sweep exactly one wins, and a stale desk never moves a run it did
 * not see; the loser's answer says what happened.
 */
export async function assignRun(
  ctx: ServiceContext,
  actor: Actor,
  {
    orderId,
    driverId,
    currentDriverId,
  }: { orderId: string; driverId: string; currentDriverId: string | null },
): Promise<void> {
  const [order] = await ctx.db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
  if (!order) throw new AppError('NOT_FOUND', 'This order does not exist.');
  if (order.deliveryMethod !== 'Delivery') {
    throw new AppError('BAD_REQUEST', 'Only delivery orders go to drivers.', { title: 'Run Not Assigned' });
  }
  // An assigned run costs no strike: a dispatcher who drives calls dibs like any driver.
  if (driverId === actor.id) {
    throw new AppError(
      'BAD_REQUEST',
      'You cannot assign a run to yourself: call dibs on it in the Driver Queue.',
      {
        title: 'Run Not Assigned',
        fields: { driverId: 'Choose another driver.' },
      },
    );
  }
  const driver = await assignableDriver(ctx, driverId);
  if (currentDriverId === driverId) {
    throw new AppError('CONFLICT', `${driver.name} already has this run.`, { title: 'Run Not Assigned' });
  }
  // The desk shows a claim past its window as its driver's: it goes back to the queue first (stepQueuedRun, the
  // driver's strike if they chose it), and is then assigned from there.
  const expired =
    order.status === 'claimed' &&
    order.assignedDriverId === currentDriverId &&
    order.claimedAt !== null &&
    order.claimedAt <= cutoffOf(ctx);
  const takeFrom = expired ? null : currentDriverId;
  const short = shortOrderId(orderId);
  const assigned = await stepQueuedRun(ctx, actor, {
    orderId,
    driverId,
    from: [
      isDelivery,
      takeFrom
        ? and(isRunInFlight(cutoffOf(ctx)), eq(shopOrder.assignedDriverId, takeFrom))!
        : and(inArray(shopOrder.status, UNCLAIMED), isNull(shopOrder.assignedDriverId))!,
    ],
    set: {
      status: 'claimed',
      assignedDriverId: driverId,
      assignedById: actor.id,
      claimedAt: ctx.now,
      etaMinutes: null,
      etaSubmittedAt: null,
      customerNotifiedAt: null,
    },
    audit: { eventType: 'RUN_ASSIGNED', meta: takeFrom ? { previousDriverId: takeFrom } : {} },
    then: async (tx) => {
      await notify(tx, {
        userId: driverId,
        message: `Order #${short} was assigned to you: submit your ETA within ${formatWait(ctx.config.etaWindowMs)}, or decline it.`,
        link: '/driver-queue',
        from: 'staff',
        at: ctx.now,
        push: true,
      });
      // Their queue follows by the order's change event; 'orders.requeued' would tell them they ran out of time.
      if (takeFrom) {
        await notify(tx, {
          userId: takeFrom,
          message: `Order #${short} was given to another driver.`,
          link: '/driver-queue',
          from: 'staff',
          at: ctx.now,
        });
      }
    },
  });
  if (assigned) return;
  const [now] = await ctx.db
    .select({ status: shopOrder.status })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  throw new AppError(
    'CONFLICT',
    now && (RUN_STATUSES.includes(now.status) || UNCLAIMED.includes(now.status as OrderStatus))
      ? 'This run changed a moment ago (a driver took it, or another dispatcher moved it). Look at the order again.'
      : 'This order is no longer waiting for a driver: it is out for delivery, completed or cancelled.',
    { title: 'Run Not Assigned' },
  );
}
