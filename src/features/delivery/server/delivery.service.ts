import { and, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '~/shared/app-error';
import type { AuditEventData } from '~/shared/audit-events';
import { can } from '~/shared/permissions';
import { firstNameOf } from '~/shared/first-name';
import type { UserRow } from '~/server/session';
import { notify } from '~/features/notifications/server/notifications.service';
import { HANDOVER_TRIES } from '~/features/shop/server/handover-code.service';
import { leftAtDoorFrom } from '~/features/shop/server/door-photo.service';
import { shortOrderId, type OrderStatus, type PaymentMethod } from '~/features/shop/orders.constants';
import {
  itemsOf,
  publishOrderChanged,
  toOrderView,
  type OrderRow,
} from '~/features/shop/server/orders.service';
import { writeAudit, type AuditEntry } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { DriverOrderView, DriverQueueResponse, DriverSelf } from '../delivery.schema';
import { ORDER_ALREADY_CLAIMED } from '../delivery.constants';

/** The order a driver acts on: the route's `:orderId`. */
interface OrderRef {
  orderId: string;
}

const HISTORY_SIZE = 50;
const driver = alias(user, 'driver');

export function driverSelf(actor: Actor): DriverSelf {
  const holdsDriverRole = can(actor, 'claim:order');
  return {
    holdsDriverRole,
    isApprovedDriver: actor.isApprovedDriver,
    isOnline: actor.isOnline,
    strikes: actor.strikes,
    cannotClaimBecause: !holdsDriverRole
      ? 'Only drivers can call dibs.'
      : !actor.isApprovedDriver
        ? 'An admin has to approve you as a driver before you can call dibs.'
        : !actor.isOnline
          ? 'Go online to call dibs on orders.'
          : null,
  };
}

/**
 * The order as this viewer may see it. The customer's phone, address and notes: for staff with contact
 * details always; for the assigned driver only while the run is in progress (after the ETA).
 */
function toDriverView(
  viewer: UserRow,
  row: { order: OrderRow; driverName: string | null },
  items: Awaited<ReturnType<typeof itemsOf>>,
  config: Pick<ServiceContext['config'], 'etaWindowMs' | 'doorPhotoWaitMs'>,
): DriverOrderView {
  const { order } = row;
  const isMine = order.assignedDriverId === viewer.id;
  const revealed = can(viewer, 'read:contact-details') || (isMine && order.status === 'in-progress');
  const view = toOrderView(order, items.get(order.id) ?? []);
  return {
    id: order.id,
    shortId: view.shortId,
    status: order.status as OrderStatus,
    items: view.items,
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod as PaymentMethod,
    createdAt: view.createdAt,
    customer: {
      firstName: firstNameOf(order.userName) || order.userName,
      phone: revealed ? order.userPhone : null,
      address: revealed ? order.userAddress : null,
      notes: revealed ? order.notes : null,
    },
    driver: order.assignedDriverId ? { id: order.assignedDriverId, name: row.driverName ?? 'Unknown' } : null,
    isMine,
    claimedAt: order.claimedAt?.toISOString() ?? null,
    claimExpiresAt:
      order.status === 'claimed' && order.claimedAt
        ? new Date(order.claimedAt.getTime() + config.etaWindowMs).toISOString()
        : null,
    etaMinutes: order.etaMinutes,
    etaSubmittedAt: order.etaSubmittedAt?.toISOString() ?? null,
    customerNotified: order.customerNotifiedAt !== null,
    assignedByStaff: order.assignedById !== null,
    handoverLocked: order.handoverTries >= HANDOVER_TRIES,
    leftAtDoorFrom:
      isMine && order.status === 'in-progress'
        ? (leftAtDoorFrom(order, config.doorPhotoWaitMs)?.toISOString() ?? null)
        : null,
    leftAtDoor: order.leftAtDoorAt !== null,
    completedAt: order.completedAt?.toISOString() ?? null,
  };
}

function selectDeliveryOrders(db: Executor) {
  return db
    .select({ order: shopOrder, driverName: driver.name })
    .from(shopOrder)
    .leftJoin(driver, eq(driver.id, shopOrder.assignedDriverId));
}

export const isDelivery = eq(shopOrder.deliveryMethod, 'Delivery');

/** Claims at or before this moment are past their window. */
export const cutoffOf = (ctx: ServiceContext) => new Date(ctx.now.getTime() - ctx.config.etaWindowMs);
/** A claim past its window: it counts as available, and its driver may no longer act on it. */
const isExpiredClaim = (cutoff: Date) =>
  and(eq(shopOrder.status, 'claimed'), lte(shopOrder.claimedAt, cutoff)) as SQL;
/** A claim still inside its window. */
export const isLiveClaim = (cutoff: Date) =>
  and(eq(shopOrder.status, 'claimed'), gt(shopOrder.claimedAt, cutoff)) as SQL;
/** A run in flight: a claim inside its window, or a run with an ETA. */
export const isRunInFlight = (cutoff: Date) =>
  or(isLiveClaim(cutoff), eq(shopOrder.status, 'in-progress')) as SQL;

/** What re-queueing a claim changes: the order is available again, as if never claimed. */
export const REQUEUED = {
  status: 'available',
  assignedDriverId: null,
  assignedById: null,
  claimedAt: null,
  etaMinutes: null,
} as const satisfies Partial<OrderRow>;

/**
 * The queue for this viewer: what is available, their runs and history, and for staff every run in flight.
 * It only reads: a claim past its window shows as available (as the sweep will leave it) until the sweep, or
 * a driver's Call Dibs, re-queues it with the strike.
 */
export async function driverQueue(ctx: ServiceContext, actor: Actor): Promise<DriverQueueResponse> {
  const { db, now } = ctx;
  const { etaWindowMs } = ctx.config;
  const cutoff = cutoffOf(ctx);
  const seesAllRuns = can(actor, 'read:orders');
  const [available, myRuns, history, allRuns] = await Promise.all([
    selectDeliveryOrders(db)
      .where(and(isDelivery, or(eq(shopOrder.status, 'available'), isExpiredClaim(cutoff))))
      .orderBy(shopOrder.createdAt, shopOrder.id),
    selectDeliveryOrders(db)
      .where(and(isDelivery, eq(shopOrder.assignedDriverId, actor.id), isRunInFlight(cutoff)))
      .orderBy(shopOrder.claimedAt, shopOrder.id),
    selectDeliveryOrders(db)
      .where(and(isDelivery, eq(shopOrder.assignedDriverId, actor.id), eq(shopOrder.status, 'completed')))
      .orderBy(desc(shopOrder.completedAt), desc(shopOrder.id))
      .limit(HISTORY_SIZE),
    seesAllRuns
      ? selectDeliveryOrders(db)
          .where(and(isDelivery, isRunInFlight(cutoff)))
          .orderBy(shopOrder.claimedAt, shopOrder.id)
      : Promise.resolve(null),
  ]);
  const everyId = [...available, ...myRuns, ...history, ...(allRuns ?? [])].map((row) => row.order.id);
  const items = await itemsOf(db, [...new Set(everyId)]);
  const view = (rows: { order: OrderRow; driverName: string | null }[]) =>
    rows.map((row) => toDriverView(actor, row, items, ctx.config));
  const asAvailable = available.map((row) =>
    row.order.status === 'claimed' ? { order: { ...row.order, ...REQUEUED }, driverName: null } : row,
  );
  return {
    serverNow: now.toISOString(),
    etaWindowMs,
    me: driverSelf(actor),
    available: view(asAvailable),
    myRuns: view(myRuns),
    history: view(history),
    allRuns: allRuns ? view(allRuns) : null,
  };
}

export async function viewOf(
  ctx: ServiceContext,
  actor: Actor,
  { orderId }: OrderRef,
): Promise<DriverOrderView> {
  const [row] = await selectDeliveryOrders(ctx.db).where(eq(shopOrder.id, orderId));
  if (!row) throw new AppError('NOT_FOUND', 'This order does not exist.');
  return toDriverView(actor, row, await itemsOf(ctx.db, [orderId]), ctx.config);
}

/** Why a run the driver acted on is not theirs to act on any more. */
export async function explainLostRun(
  ctx: ServiceContext,
  actor: Actor,
  { orderId }: OrderRef,
): Promise<AppError> {
  const [order] = await ctx.db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
  if (!order || order.deliveryMethod !== 'Delivery') {
    return new AppError('NOT_FOUND', 'This order does not exist.');
  }
  if (
    order.status === 'claimed' &&
    order.assignedDriverId === actor.id &&
    order.claimedAt &&
    order.claimedAt <= cutoffOf(ctx)
  ) {
    // Late by a moment: the sweep has not run yet. Re-queue it now so the strike and the queue agree.
    await ctx.db.transaction((tx) => requeueExpiredClaims(tx, ctx, orderId));
    return new AppError('CLAIM_EXPIRED', 'You ran out of time to submit an ETA.', {
      title: 'Order Re-queued',
    });
  }
  return new AppError('RUN_UNAVAILABLE', 'This run is no longer yours: it was re-queued or reassigned.', {
    title: 'Run Unavailable',
  });
}

type RunEvent =
  | 'ORDER_CLAIMED'
  | 'ETA_SUBMITTED'
  | 'RUN_CANCELLED'
  | 'CUSTOMER_NOTIFIED'
  | 'ORDER_DELIVERED'
  | 'RUN_ASSIGNED';
/** A run event's data beyond the order and driver every step records. */
type RunData<K extends RunEvent> = Omit<AuditEventData<K>, 'orderId' | 'driverId'>;
type RunMeta<K extends RunEvent> = RunData<K> | ((order: OrderRow) => RunData<K>);
/** A step's `meta` is required when its event has data to add. */
type RunMetaField<K extends RunEvent> =
  object extends RunData<K> ? { meta?: RunMeta<K> } : { meta: RunMeta<K> };
type RunAudit = { [K in RunEvent]: { eventType: K } & RunMetaField<K> }[RunEvent];

interface RunStep {
  orderId: string;
  /** The run's driver when it is not the actor: the driver staff assign the run to. */
  driverId?: string;
  from: SQL[];
  set: Partial<typeof shopOrder.$inferInsert>;
  /** `meta` may be read from the changed order. */
  audit: RunAudit;
  then?: (tx: Executor, order: OrderRow) => Promise<void>;
}

/**
 * One step of a run, as a single conditional update: the order changes only if it is still where the step
 * expects it (`from`), so of two drivers, or a driver and the sweep, exactly one gets there. The step's own
 * writes (`then`), its audit row and the change event go in the same transaction. False when the order was not
 * where the step expected.
 */
export async function stepRun(ctx: ServiceContext, actor: Actor, step: RunStep): Promise<boolean> {
  return ctx.db.transaction((tx) => stepRunIn(tx, ctx, actor, step));
}

/**
 * stepRun on an order that may be a claim past its window: in the same transaction it is first re-queued as the
 * sweep would (the previous driver's strike, unless staff had assigned the run), then stepped (Call Dibs, an
 * assignment).
 */
export async function stepQueuedRun(ctx: ServiceContext, actor: Actor, step: RunStep): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await requeueExpiredClaims(tx, ctx, step.orderId);
    return stepRunIn(tx, ctx, actor, step);
  });
}

/** stepRun in the caller's transaction. */
async function stepRunIn(tx: Executor, ctx: ServiceContext, actor: Actor, step: RunStep): Promise<boolean> {
  const [order] = await tx
    .update(shopOrder)
    .set({ ...step.set, updatedAt: ctx.now })
    .where(and(eq(shopOrder.id, step.orderId), ...step.from))
    .returning();
  if (!order) return false;
  await step.then?.(tx, order);
  const { meta } = step.audit;
  // Each step's type and data are checked where the step is written (RunAudit); merged here, they stay a pair.
  await writeAudit(tx, {
    eventType: step.audit.eventType,
    actorId: actor.id,
    meta: {
      orderId: step.orderId,
      driverId: step.driverId ?? actor.id,
      ...(typeof meta === 'function' ? meta(order) : meta),
    },
    at: ctx.now,
  } as AuditEntry);
  await publishOrderChanged(tx, order);
  return true;
}

/**
 * Call Dibs: one conditional update, so of any number of drivers on any number of instances exactly one wins.
 * A claim past its window counts as available (stepQueuedRun).
 */
export async function claimOrder(
  ctx: ServiceContext,
  actor: Actor,
  { orderId }: OrderRef,
): Promise<DriverOrderView> {
  const [target] = await ctx.db
    .select({ method: shopOrder.deliveryMethod })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  if (!target || target.method !== 'Delivery') throw new AppError('NOT_FOUND', 'This order does not exist.');
  const refusal = driverSelf(actor).cannotClaimBecause;
  if (refusal) throw new AppError('FORBIDDEN', refusal, { title: 'Cannot Call Dibs' });
  const claimed = await stepQueuedRun(ctx, actor, {
    orderId,
    from: [eq(shopOrder.status, 'available'), isDelivery],
    set: { status: 'claimed', assignedDriverId: actor.id, claimedAt: ctx.now },
    audit: { eventType: 'ORDER_CLAIMED' },
  });
  if (!claimed)
    throw new AppError('ALREADY_CLAIMED', ORDER_ALREADY_CLAIMED, { title: ORDER_ALREADY_CLAIMED });
  return viewOf(ctx, actor, { orderId });
}

/**
 * The ETA, from the assigned driver while the window is open: the same single conditional update the sweep
 * races against, so either the ETA stands (no strike) or the order was re-queued (one strike), never both.
 */
export async function submitEta(
  ctx: ServiceContext,
  actor: Actor,
  { orderId, etaMinutes }: OrderRef & { etaMinutes: number },
): Promise<DriverOrderView> {
  const accepted = await stepRun(ctx, actor, {
    orderId,
    from: [isLiveClaim(cutoffOf(ctx)), eq(shopOrder.assignedDriverId, actor.id)],
    set: { status: 'in-progress', etaMinutes, etaSubmittedAt: ctx.now },
    audit: { eventType: 'ETA_SUBMITTED', meta: { etaMinutes } },
  });
  if (!accepted) throw await explainLostRun(ctx, actor, { orderId });
  return viewOf(ctx, actor, { orderId });
}

/**
 * The driver gives a claimed order back before the ETA: no strike. A run staff assigned to them is declined the
 * same way, and the staff member who assigned it is told. After the ETA only an admin can; after the window the
 * claim is not theirs to give back (it counts as available, and the strike stands).
 */
export async function cancelRun(ctx: ServiceContext, actor: Actor, { orderId }: OrderRef): Promise<void> {
  const [before] = await ctx.db
    .select({ assignedById: shopOrder.assignedById })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  const assignedById = before?.assignedById ?? null;
  const cancelled = await stepRun(ctx, actor, {
    orderId,
    from: [
      isLiveClaim(cutoffOf(ctx)),
      eq(shopOrder.assignedDriverId, actor.id),
      assignedById ? eq(shopOrder.assignedById, assignedById) : isNull(shopOrder.assignedById),
    ],
    set: REQUEUED,
    audit: { eventType: 'RUN_CANCELLED', meta: assignedById ? { declined: true } : {} },
    then: async (tx) => {
      if (!assignedById || assignedById === actor.id) return;
      await notify(tx, {
        userId: assignedById,
        message: `${firstNameOf(actor.name) || actor.name} declined order #${shortOrderId(orderId)}: it is back in the queue.`,
        link: '/admin?tab=orders',
        from: 'staff',
        at: ctx.now,
      });
    },
  });
  if (cancelled) return;
  const [order] = await ctx.db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
  if (order?.status === 'in-progress' && order.assignedDriverId === actor.id) {
    throw new AppError(
      'CONFLICT',
      'You have seen the address of this order: only an admin can return it to the queue.',
      {
        title: 'Cannot Cancel Run',
      },
    );
  }
  throw await explainLostRun(ctx, actor, { orderId });
}

/** Minutes left of the driver's ETA, at least 1. */
function minutesLeftOf(order: OrderRow, now: Date): number {
  const elapsedMinutes = order.etaSubmittedAt
    ? Math.floor((now.getTime() - order.etaSubmittedAt.getTime()) / 60_000)
    : 0;
  return Math.max(1, (order.etaMinutes ?? 0) - elapsedMinutes);
}

/**
 * Tells the customer their driver is on the way, with the minutes left of the ETA: once per order. The press
 * that sets `customer_notified_at` (one conditional update) notifies; every later one, also at the same moment,
 * is ALREADY_NOTIFIED.
 */
export async function notifyCustomer(
  ctx: ServiceContext,
  actor: Actor,
  { orderId }: OrderRef,
): Promise<void> {
  const mine = [eq(shopOrder.status, 'in-progress'), eq(shopOrder.assignedDriverId, actor.id)];
  const sent = await stepRun(ctx, actor, {
    orderId,
    from: [...mine, isNull(shopOrder.customerNotifiedAt)],
    set: { customerNotifiedAt: ctx.now },
    audit: {
      eventType: 'CUSTOMER_NOTIFIED',
      meta: (order) => ({ minutesLeft: minutesLeftOf(order, ctx.now) }),
    },
    then: async (tx, order) => {
      const minutesLeft = minutesLeftOf(order, ctx.now);
      await notify(tx, {
        userId: order.userId,
        message: `Your driver is on the way with order #${shortOrderId(order.id)}: about ${minutesLeft} minute${minutesLeft === 1 ? '' : 's'} to go.`,
        link: '/orders',
        from: 'staff',
        at: ctx.now,
        push: true,
      });
    },
  });
  if (sent) return;
  const [stillMine] = await ctx.db
    .select({ id: shopOrder.id })
    .from(shopOrder)
    .where(and(eq(shopOrder.id, orderId), ...mine));
  if (stillMine) {
    throw new AppError('ALREADY_NOTIFIED', 'The customer has already been notified.', {
      title: 'Customer Notified',
    });
  }
  throw await explainLostRun(ctx, actor, { orderId });
}

/**
 * Returns every claim older than the ETA window to the queue, with a strike and an audit row for its driver.
 * Safe on several instances at once, and against a last-moment ETA or a Call Dibs: each order changes once (see
 * requeueExpiredClaims). Returns the ids of the orders it re-queued.
 */
export async function sweepExpiredClaims(ctx: ServiceContext): Promise<string[]> {
  return ctx.db.transaction((tx) => requeueExpiredClaims(tx, ctx));
}

/**
 * Re-queues claims past their window in the caller's transaction: every one (the sweep), or only `orderId`
 * (Call Dibs on it, or its late driver). Each gets its driver's strike, note and event, a CLAIM_EXPIRED audit
 * row and the change event. Rows are locked, then changed only if still past their window: the sweep skips rows
 * another transaction holds, one order waits for the lock and looks again, so each claim is re-queued, and its
 * driver struck, once. Returns the ids of the orders it re-queued.
 */
async function requeueExpiredClaims(tx: Executor, ctx: ServiceContext, orderId?: string): Promise<string[]> {
  const cutoff = cutoffOf(ctx);
  const expired = await tx
    .select({ id: shopOrder.id, driverId: shopOrder.assignedDriverId, assignedById: shopOrder.assignedById })
    .from(shopOrder)
    .where(and(isExpiredClaim(cutoff), orderId === undefined ? undefined : eq(shopOrder.id, orderId)))
    .for('update', orderId === undefined ? { skipLocked: true } : {});
  const requeued: string[] = [];
  for (const { id, driverId, assignedById } of expired) {
    const [order] = await tx
      .update(shopOrder)
      .set({ ...REQUEUED, updatedAt: ctx.now })
      .where(and(eq(shopOrder.id, id), isExpiredClaim(cutoff)))
      .returning();
    if (!order) continue;
    requeued.push(id);
    // A run staff assigned costs its driver no strike: they did not choose it.
    const strike = assignedById ? 0 : 1;
    if (driverId) {
      if (strike) {
        await tx
          .update(user)
          .set({ strikes: sql`${user.strikes} + ${strike}` })
          .where(eq(user.id, driverId));
      }
      await notify(tx, {
        userId: driverId,
        message: `Order #${shortOrderId(id)} went back to the queue: you ran out of time to submit an ETA.`,
        link: '/driver-queue',
        from: 'staff',
        at: ctx.now,
      });
      await publish(tx, 'orders.requeued', { orderId: id }, [{ kind: 'users', userIds: [driverId] }]);
    }
    if (assignedById && assignedById !== driverId) {
      await notify(tx, {
        userId: assignedById,
        message: `Order #${shortOrderId(id)} went back to the queue: its driver gave no ETA in time.`,
        link: '/admin?tab=orders',
        from: 'staff',
        at: ctx.now,
      });
    }
    await writeAudit(tx, {
      eventType: 'CLAIM_EXPIRED',
      actorId: null,
      meta: { orderId: id, driverId, strike },
      at: ctx.now,
    });
    await publishOrderChanged(tx, order);
  }
  return requeued;
}
