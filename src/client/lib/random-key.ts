/**
 * A random key for an idempotent request (an order, a redeem): the same key sent twice does the thing once.
 * randomUUID needs a secure context; a site served over plain http on a LAN still gets a random key.
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
