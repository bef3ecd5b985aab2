import { and, arrayOverlaps, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { can, rolesWith } from '~/shared/permissions';
import { avatarUrlOf } from '~/server/session';
import { writeAudit } from '~/server/audit';
import type { Db } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { AdminDriver } from '../delivery.schema';
import { cutoffOf, isDelivery, isRunInFlight } from './delivery.service';

type DriverFlags = { isApprovedDriver?: boolean; isOnline?: boolean };

/**
 * Everyone holding the Driver role whom staff let in, with strikes, deliveries (and how many were left at the door
 * with a photo) and the share delivered within their ETA.
 */
export async function listDrivers(ctx: ServiceContext): Promise<AdminDriver[]> {
  const { db } = ctx;
  const stats = db
    .select({
      driverId: shopOrder.assignedDriverId,
      deliveries: sql<number>`count(*)::int`.as('deliveries'),
      onTime:
        sql<number>`count(*) filter (where ${shopOrder.completedAt} <= ${shopOrder.etaSubmittedAt} + ${shopOrder.etaMinutes} * interval '1 minute')::int`.as(
          'on_time',
        ),
      leftAtDoor: sql<number>`count(${shopOrder.leftAtDoorAt})::int`.as('left_at_door'),
    })
    .from(shopOrder)
    .where(and(eq(shopOrder.status, 'completed'), eq(shopOrder.deliveryMethod, 'Delivery')))
    .groupBy(shopOrder.assignedDriverId)
    .as('stats');
  const active = db
    .select({ driverId: shopOrder.assignedDriverId, runs: sql<number>`count(*)::int`.as('runs') })
    .from(shopOrder)
    .where(and(isDelivery, isRunInFlight(cutoffOf(ctx))))
    .groupBy(shopOrder.assignedDriverId)
    .as('active');
  const rows = await db
    .select({
      driver: user,
      deliveries: stats.deliveries,
      onTime: stats.onTime,
      leftAtDoor: stats.leftAtDoor,
      activeRuns: active.runs,
    })
    .from(user)
    .leftJoin(stats, eq(stats.driverId, user.id))
    .leftJoin(active, eq(active.driverId, user.id))
    .where(and(arrayOverlaps(user.roles, rolesWith('claim:order')), eq(user.status, 'approved')))
    .orderBy(asc(user.name));
  return rows.map(({ driver, deliveries, onTime, leftAtDoor, activeRuns }) => ({
    id: driver.id,
    name: driver.name,
    avatarUrl: avatarUrlOf(driver),
    isApprovedDriver: driver.isApprovedDriver,
    isOnline: driver.isOnline,
    strikes: driver.strikes,
    deliveries: deliveries ?? 0,
    leftAtDoor: leftAtDoor ?? 0,
    onTimeRate: deliveries ? (onTime ?? 0) / deliveries : null,
    activeRuns: activeRuns ?? 0,
  }));
}

/** Changes a driver's approval or online status, each change audited as DRIVER_STATUS_CHANGE. */
async function setFlags(db: Db, actorId: string, driverId: string, flags: DriverFlags, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(user).where(eq(user.id, driverId)).for('update');
    if (!before || !can(before, 'claim:order')) {
      throw new AppError('NOT_FOUND', 'This driver does not exist. Give the member the Driver role first.');
    }
    const [after] = await tx
      .update(user)
      .set({ ...flags, updatedAt: now })
      .where(eq(user.id, driverId))
      .returning();
    for (const field of ['isApprovedDriver', 'isOnline'] as const) {
      if (flags[field] === undefined || flags[field] === before[field]) continue;
      await writeAudit(tx, {
        eventType: 'DRIVER_STATUS_CHANGE',
        actorId,
        meta: { driverId, field, oldValue: before[field], newValue: flags[field] },
        at: now,
      });
    }
    // One change, two audiences: the driver's own pages (session, queue) and the Drivers tab refetch.
    await publish(tx, 'drivers.changed', { driverId }, [
      { kind: 'users', userIds: [driverId] },
      { kind: 'capability', capability: 'read:drivers' },
    ]);
    return after!;
  });
}

export function setDriverFlags(
  { db, now }: ServiceContext,
  actor: Actor,
  { driverId, ...flags }: DriverFlags & { driverId: string },
) {
  return setFlags(db, actor.id, driverId, flags, now);
}

/** A driver switches themself online or offline (approval is the admins'). */
export function setOwnOnline({ db, now }: ServiceContext, actor: Actor, { isOnline }: { isOnline: boolean }) {
  return setFlags(db, actor.id, actor.id, { isOnline }, now);
}
