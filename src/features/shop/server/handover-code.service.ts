import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '~/server/config';
import type { shopOrder } from '~/server/db/tables/orders.tables';
import { derivedKey } from '~/server/secrets';

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
