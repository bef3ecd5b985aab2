import { useMemo, useSyncExternalStore } from 'react';

/**
 * The member's cart lives on this device only, per member, until they order or sign out (ARCHITECTURE.md
 * departure 1). The shop writes the lines; the header only needs how many items there are.
 */
export interface StoredCartLine {
  quantity: number;
  [field: string]: unknown;
}

export const cartStorageKey = (userId: string) => `vault.cart.${userId}`;

/** The `storage` event reaches other tabs only; this tab's writers announce themselves with this one. */
const SAME_TAB_EVENT = 'vault:cart-change';

export function readCart(userId: string): StoredCartLine[] {
  return parseCart(safeGet(cartStorageKey(userId)));
}

export function writeCart(userId: string, lines: StoredCartLine[]): void {
  try {
    localStorage.setItem(cartStorageKey(userId), JSON.stringify(lines));
  } finally {
    window.dispatchEvent(new Event(SAME_TAB_EVENT));
  }
}

export function clearCart(userId: string): void {
  try {
    localStorage.removeItem(cartStorageKey(userId));
  } finally {
    window.dispatchEvent(new Event(SAME_TAB_EVENT));
  }
}

/** Sum of the quantities in the member's cart, kept current across tabs. */
export function useCartCount(userId: string | undefined): number {
  const lines = useStoredCart(userId);
  return useMemo(() => lines.reduce((sum, line) => sum + Math.max(0, Math.floor(line.quantity)), 0), [lines]);
}

/** The member's stored lines, kept current across tabs (the shop reads its own fields from them). */
export function useStoredCart(userId: string | undefined): StoredCartLine[] {
  const raw = useSyncExternalStore(
    subscribe,
    () => (userId ? safeGet(cartStorageKey(userId)) : null),
    () => null,
  );
  return useMemo(() => parseCart(raw), [raw]);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(SAME_TAB_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(SAME_TAB_EVENT, onChange);
  };
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be switched off (private modes, strict settings): an empty cart then.
    return null;
  }
}

/** Anything that is not a list of lines with a numeric quantity reads as an empty cart. */
function parseCart(raw: string | null): StoredCartLine[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (line): line is StoredCartLine =>
        typeof line === 'object' &&
        line !== null &&
        typeof (line as StoredCartLine).quantity === 'number' &&
        Number.isFinite((line as StoredCartLine).quantity),
    );
  } catch {
    return [];
  }
}
