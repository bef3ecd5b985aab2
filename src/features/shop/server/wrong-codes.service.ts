import { and, eq, lt, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { holdsCapability } from '~/server/member-standing';
import type { ServiceContext } from '~/server/service-context';
import { notifyEach } from '~/features/notifications/server/notifications.service';
import { shortOrderId } from '../orders.constants';
import { HANDOVER_TRIES } from './handover-code.service';
import { publishOrderChanged } from './orders.service';

/**
 * Wrong handover codes, typed by the driver at the door or by staff at the pickup counter: counted on the order,
 * locked at HANDOVER_TRIES. Apart from handover-code.service.ts, which the order views read, so neither module
 * imports the other's importer.
 */

/** Too many wrong codes: only staff complete the order now. */
export const handoverLocked = () =>
  new AppError(
    'CONFLICT',
    'Too many wrong codes: the code is locked, and staff complete this order from the Orders tab.',
    { title: 'Code Locked' },
  );

/**
 * A wrong handover code, counted with a conditional increment: of any number typed at once, HANDOVER_TRIES count
 * and the rest find the code locked. The try that locks it tells the staff who manage orders.
 */
export async function countWrongCode(
  ctx: ServiceContext,
  { orderId }: { orderId: string },
): Promise<AppError> {
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
