import { randomKey } from '~/client/lib/random-key';

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
