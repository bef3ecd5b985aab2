import { useCallback, useMemo, useState } from 'react';
import { readCart, useStoredCart, writeCart, type StoredCartLine } from '~/client/lib/cart-storage';
import { DELIVERY_METHODS, MAX_LINE_QUANTITY, type DeliveryMethod } from '~/features/shop/orders.constants';
import { STICKER_SIZES, type StickerSize } from '../shop.constants';

/** What Add to cart puts in: a sticker in a size, how many, and its price then. */
export interface NewCartLine {
  stickerId: string;
  stickerName: string;
  size: StickerSize;
  quantity: number;
  /** The price when it was added; the cart shows the menu's current price once it has loaded. */
  unitPriceCents: number;
}

/**
 * The shop's lines in the member's cart (stored by cart-storage on this device only). The whole cart shares one
 * delivery method: switching it moves every line.
 */
export interface CartLine extends StoredCartLine, NewCartLine {
  /** `${stickerId}-${size}-${deliveryOption}` */
  id: string;
  deliveryOption: DeliveryMethod;
}

export const cartLineId = (stickerId: string, size: StickerSize, method: DeliveryMethod) =>
  `${stickerId}-${size}-${method}`;

/**
 * The promo code the member applied rides in the cart's storage as an entry of quantity 0 (no item, so the header's
 * count ignores it): it is cleared with the cart, after a placed order and on signing out, and current across tabs.
 */
interface StoredPromoCode extends StoredCartLine {
  quantity: 0;
  promoCode: string;
}

const isPromoCode = (line: StoredCartLine): line is StoredPromoCode =>
  line.quantity === 0 && typeof line.promoCode === 'string' && line.promoCode !== '';

/** The member's sticker lines, current across tabs. */
export function useCart(userId: string): CartLine[] {
  const stored = useStoredCart(userId);
  return useMemo(() => stored.filter(isCartLine), [stored]);
}

/** The promo code applied to the member's cart (normalised, as the quote sends it), or '' for none. */
export function usePromoCode(userId: string): string {
  return useStoredCart(userId).find(isPromoCode)?.promoCode ?? '';
}

/** Applies a promo code to the cart (already normalised), or removes it with ''. */
export function setPromoCode(userId: string, promoCode: string): void {
  const lines = readLines(userId);
  writeCart(userId, promoCode ? [...lines, { quantity: 0, promoCode } satisfies StoredPromoCode] : lines);
}

/** The cart's delivery method: its lines', or undefined while it is empty. */
export const cartMethodOf = (lines: CartLine[]): DeliveryMethod | undefined => lines[0]?.deliveryOption;

/**
 * The cart's order type and how to change it. While the cart has sticker lines it is theirs (switching moves them
 * all); with none (rewards only) it is the member's last choice on this screen, which starts as the lines' last.
 */
export function useCartMethod(
  userId: string,
  lines: CartLine[],
): [DeliveryMethod, (method: DeliveryMethod) => void] {
  const linesMethod = cartMethodOf(lines);
  const [chosen, setChosen] = useState<DeliveryMethod>(linesMethod ?? 'Delivery');
  // Removing the last sticker line keeps the order type the member was on.
  if (linesMethod && linesMethod !== chosen) setChosen(linesMethod);
  const change = useCallback(
    (method: DeliveryMethod) => {
      setChosen(method);
      setCartMethod(userId, method);
    },
    [userId],
  );
  return [linesMethod ?? chosen, change];
}

/**
 * Adds a sticker in a size; the same line again adds to its quantity (at most 99). The line takes the cart's
 * method, or `method` when the cart is empty. Returns the line's quantity now.
 */
export function addToCart(userId: string, line: NewCartLine, method: DeliveryMethod): number {
  const lines = readLines(userId);
  const deliveryOption = cartMethodOf(lines) ?? method;
  const id = cartLineId(line.stickerId, line.size, deliveryOption);
  const existing = lines.find((candidate) => candidate.id === id);
  const added: CartLine = {
    ...line,
    id,
    deliveryOption,
    quantity: clampQuantity((existing?.quantity ?? 0) + line.quantity),
  };
  writeLines(
    userId,
    existing ? lines.map((candidate) => (candidate.id === id ? added : candidate)) : [...lines, added],
  );
  return added.quantity;
}

/** Sets a line's quantity; below 1 removes the line (spec section 5). Returns true when it was removed. */
export function setLineQuantity(userId: string, lineId: string, quantity: number): boolean {
  if (quantity < 1) {
    removeCartLine(userId, lineId);
    return true;
  }
  writeLines(
    userId,
    readLines(userId).map((line) =>
      line.id === lineId ? { ...line, quantity: clampQuantity(quantity) } : line,
    ),
  );
  return false;
}

export function removeCartLine(userId: string, lineId: string): void {
  writeLines(
    userId,
    readLines(userId).filter((line) => line.id !== lineId),
  );
}

/** Moves every line to one delivery method, merging lines that become the same. */
export function setCartMethod(userId: string, method: DeliveryMethod): void {
  const lines = readLines(userId);
  // No sticker lines (rewards only): nothing to move, and nothing to write.
  if (lines.length === 0) return;
  const merged = new Map<string, CartLine>();
  for (const line of lines) {
    const id = cartLineId(line.stickerId, line.size, method);
    const same = merged.get(id);
    merged.set(id, {
      ...line,
      id,
      deliveryOption: method,
      quantity: clampQuantity((same?.quantity ?? 0) + line.quantity),
    });
  }
  writeLines(userId, [...merged.values()]);
}

const clampQuantity = (quantity: number) => Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));

const readLines = (userId: string) => readCart(userId).filter(isCartLine);

/** Writes the sticker lines, keeping the promo code applied (if any). */
const writeLines = (userId: string, lines: CartLine[]) =>
  writeCart(userId, [...lines, ...readCart(userId).filter(isPromoCode)]);

/** Lines written by an older version, or by hand, that the shop cannot read are left out. */
function isCartLine(line: StoredCartLine): line is CartLine {
  return (
    typeof line.id === 'string' &&
    typeof line.stickerId === 'string' &&
    typeof line.stickerName === 'string' &&
    (STICKER_SIZES as readonly unknown[]).includes(line.size) &&
    (DELIVERY_METHODS as readonly unknown[]).includes(line.deliveryOption) &&
    typeof line.unitPriceCents === 'number' &&
    Number.isInteger(line.quantity) &&
    line.quantity >= 1
  );
}
