import { and, eq, isNotNull, lte, type SQL } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { DAY_MS, MINUTE_MS } from '~/shared/time';
import type { AppServices } from '~/server/app-env';
import { writeAudit } from '~/server/audit';
import { startBackgroundJob } from '~/server/background-job';
import { shopOrder } from '~/server/db/tables/orders.tables';
import type { Actor, ServiceContext } from '~/server/service-context';
import { deletePrivateFiles, readPrivateImage, type PrivateImage } from '~/server/uploads/private-files';
import { DOOR_PHOTO_KEPT_DAYS } from '../orders.constants';
import type { OrderRow } from './orders.service';

/**
 * From when a driver may leave a run at the door with a photo: the promised time (ETA submitted + minutes), or
 * `waitMs` (the DOOR_PHOTO_WAIT_MS setting) after Notify Customer, whichever comes first. Null before the ETA.
 */
export function leftAtDoorFrom(
  order: Pick<OrderRow, 'etaSubmittedAt' | 'etaMinutes' | 'customerNotifiedAt'>,
  waitMs: number,
): Date | null {
  const times = [
    order.etaSubmittedAt && order.etaMinutes !== null
      ? order.etaSubmittedAt.getTime() + order.etaMinutes * MINUTE_MS
      : null,
    order.customerNotifiedAt ? order.customerNotifiedAt.getTime() + waitMs : null,
  ].filter((time) => time !== null);
  return times.length ? new Date(Math.min(...times)) : null;
}

/** The door photo of the order `where` finds; NOT_FOUND when there is none (or no longer). */
async function doorPhotoWhere(ctx: ServiceContext, where: SQL | undefined): Promise<PrivateImage> {
  const [order] = await ctx.db.select({ key: shopOrder.doorPhotoKey }).from(shopOrder).where(where);
  const image = order?.key ? await readPrivateImage(ctx, order.key) : undefined;
  if (!image) {
    throw new AppError(
      'NOT_FOUND',
      `This order has no door photo: they are kept ${DOOR_PHOTO_KEPT_DAYS} days.`,
    );
  }
  return image;
}

/** The door photo of one of the member's own orders (anyone else's order has none, as far as they can tell). */
export function memberDoorPhoto(
  ctx: ServiceContext,
  actor: Actor,
  { orderId }: { orderId: string },
): Promise<PrivateImage> {
  return doorPhotoWhere(ctx, and(eq(shopOrder.id, orderId), eq(shopOrder.userId, actor.id)));
}

/** A door photo for staff who read contact details: each look is audited (DOOR_PHOTO_VIEWED). */
export async function staffDoorPhoto(
  ctx: ServiceContext,
  actor: Actor,
  { orderId }: { orderId: string },
): Promise<PrivateImage> {
  const image = await doorPhotoWhere(ctx, eq(shopOrder.id, orderId));
  await writeAudit(ctx.db, {
    eventType: 'DOOR_PHOTO_VIEWED',
    actorId: actor.id,
    meta: { orderId },
    at: ctx.now,
  });
  return image;
}

/**
 * Deletes the door photos older than DOOR_PHOTO_KEPT_DAYS (the time and the note stay with the order). Safe on
 * several instances: rows are locked and skipped by the others. Returns how many went.
 */
export async function dropExpiredDoorPhotos(ctx: ServiceContext): Promise<number> {
  const cutoff = new Date(ctx.now.getTime() - DOOR_PHOTO_KEPT_DAYS * DAY_MS);
  const keys = await ctx.db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: shopOrder.id, key: shopOrder.doorPhotoKey })
      .from(shopOrder)
      .where(and(isNotNull(shopOrder.doorPhotoKey), lte(shopOrder.leftAtDoorAt, cutoff)))
      .for('update', { skipLocked: true });
    for (const { id } of expired) {
      await tx.update(shopOrder).set({ doorPhotoKey: null }).where(eq(shopOrder.id, id));
    }
    return expired.map(({ key }) => key ?? undefined);
  });
  await deletePrivateFiles(ctx, keys);
  return keys.length;
}

/** Runs dropExpiredDoorPhotos once an hour on every instance. Returns a function that stops it. */
export function startDoorPhotoSweeper(services: AppServices): () => Promise<void> {
  return startBackgroundJob(services, {
    name: 'door photo sweep',
    intervalMs: 60 * MINUTE_MS,
    async run(ctx) {
      const dropped = await dropExpiredDoorPhotos(ctx);
      if (dropped) services.logger.info({ dropped }, 'door photos deleted after their time');
    },
  });
}
