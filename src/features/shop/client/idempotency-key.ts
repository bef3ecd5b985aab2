/**
 * One key per cart as it is submitted: a retry or a double tap of the same cart sends the same key, so the shop
 * places one order. A changed cart, or an order placed, starts a new key. Kept for this page load.
 */
let current: { cart: string; key: string } | undefined;

export function idempotencyKeyFor(cartSignature: string): string {
  if (current?.cart !== cartSignature) current = { cart: cartSignature, key: randomKey() };
  return current.key;
}

export function forgetIdempotencyKey(): void {
  current = undefined;
}

/** randomUUID needs a secure context; a site served over plain http on a LAN still gets a random key. */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
