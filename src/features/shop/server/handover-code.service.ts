import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import type { Config } from '~/server/config';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { holdsCapability } from '~/server/member-standing';
import { derivedKey } from '~/server/secrets';
import type { ServiceContext } from '~/server/service-context';
import { notifyEach } from '~/features/notifications/server/notifications.service';
import { shortOrderId } from '../orders.constants';
import { publishOrderChanged } from './orders.service';

/** Wrong codes a driver may type before only staff can complete the order. */
export const HANDOVER_TRIES = 5;

/** A key of its own for handover codes, derived from the server secret (never the secret itself). */
const keyFor = (config: Pick<Config, 'authSecret' | 'dataDir'>) =>
  derivedKey(config, { salt: 'the-vault/handover', info: 'handover codes v1' });

/**
 * The order's 4-digit handover code: an HMAC of its id with a key from the server secret, so the member sees the
 * same code on every device and nothing stores it. Only the member's own order answers carry it.
 */
export function handoverCodeOf(config: Pick<Config, 'authSecret' | 'dataDir'>, orderId: string): string {
  const mac = createHmac('sha256', keyFor(config)).update(orderId).digest();
  return String(mac.readUInt32BE(0) % 10_000).padStart(4, '0');
}

/** Whether `code` is the order's, compared in constant time. */
export function isHandoverCode(
  config: Pick<Config, 'authSecret' | 'dataDir'>,
  orderId: string,
  code: string,
) {
  const expected = Buffer.from(handoverCodeOf(config, orderId));
  const given = Buffer.from(code);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The code the member gives the driver once their delivery is on its way, or shows at the counter for an open
 * pickup when the shop asks for it there (the `pickupCode` setting); null at every other moment.
 */
export function memberHandoverCode(
  config: Pick<Config, 'authSecret' | 'dataDir'>,
  order: Pick<typeof shopOrder.$inferSelect, 'id' | 'status' | 'deliveryMethod'>,
  { pickupCode }: { pickupCode: boolean },
): string | null {
  const shown =
    order.deliveryMethod === 'Delivery'
      ? order.status === 'in-progress' || order.status === 'out-for-delivery'
      : pickupCode && order.status !== 'completed' && order.status !== 'cancelled';
  return shown ? handoverCodeOf(config, order.id) : null;
}

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
