import { and, eq, lt, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { holdsCapability } from '~/server/member-standing';
import type { Actor, ServiceContext } from '~/server/service-context';
import { notifyEach } from '~/features/notifications/server/notifications.service';
import { shortOrderId } from '~/features/shop/orders.constants';
import { HANDOVER_TRIES, isHandoverCode } from '~/features/shop/server/handover-code.service';
import { publishOrderChanged } from '~/features/shop/server/orders.service';

const handoverLocked = () =>
  new AppError('CONFLICT', 'Too many wrong codes: staff will complete this order from the Orders tab.', {
    title: 'Code Locked',
  });

/**
 * A wrong handover code, counted with a conditional increment: of any number typed at once, HANDOVER_TRIES count
 * and the rest find the code locked. The try that locks it tells the staff who manage orders.
 */
async function countWrongCode(ctx: ServiceContext, orderId: string): Promise<AppError> {
  return ctx.db.transaction(async (tx) => {
    const [counted] = await tx
      .update(shopOrder)
      .set({ handoverTries: sql`${shopOrder.handoverTries} + 1`, updatedAt: ctx.now })
      .where(and(eq(shopOrder.id, orderId), lt(shopOrder.handoverTries, HANDOVER_TRIES)))
      .returning();
    if (!counted) return handoverLocked();
    const left = HANDOVER_TRIES - counted.handoverTries;
    if (left > 0) {
      const message = `That is not the member’s code: ${left} ${left === 1 ? 'try' : 'tries'} left.`;
      return new AppError('BAD_REQUEST', message, { title: 'Wrong Code', fields: { code: message } });
    }
    const short = shortOrderId(orderId);
    const staff = await tx.select({ id: user.id }).from(user).where(holdsCapability('manage:orders'));
    await notifyEach(
      tx,
      staff.map(({ id }) => ({
        userId: id,
        message: `Order #${short}: the handover code was typed wrong ${HANDOVER_TRIES} times. Complete it from the Orders tab once the member has it.`,
        link: '/admin?tab=orders',
        from: 'staff' as const,
        at: ctx.now,
      })),
    );
    await publishOrderChanged(tx, counted);
    return handoverLocked();
  });
}

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
  if (!isHandoverCode(ctx.config, orderId, code)) throw await countWrongCode(ctx, orderId);
}
