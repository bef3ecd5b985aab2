import type { DeliveryMethod } from '~/features/shop/orders.constants';
import type { MenuResponse, ShopSettings } from '../shop.schema';
import type { CartLine } from './cart-store';

export interface PricedLine {
  line: CartLine;
  /** The menu's current price; the stored one until the menu loads; null when the menu no longer offers it. */
  unitPriceCents: number | null;
  lineTotalCents: number;
}

export interface CartPricing {
  lines: PricedLine[];
  subtotalCents: number;
  /** Null until the shop's settings have loaded (pickup is always free). */
  deliveryFeeCents: number | null;
  /** A Free Delivery reward waives a Delivery order's fee. */
  freeDelivery: boolean;
  totalCents: number | null;
  /** Priced from the live menu and settings: the total the server will check against. */
  live: boolean;
  /** Lines the menu no longer offers in that size (hidden, or the size withdrawn). */
  unavailable: PricedLine[];
}

/**
 * The cart priced as the shop prices it now: each line at the menu's price, plus the delivery fee (none for
 * pickup, or with a Free Delivery reward in the cart). Reward lines are $0.
 */
export function priceCart(
  lines: CartLine[],
  method: DeliveryMethod,
  menu: MenuResponse | undefined,
  settings: ShopSettings | undefined,
  { freeDelivery = false }: { freeDelivery?: boolean } = {},
): CartPricing {
  const stickers = new Map(menu?.stickers.map((sticker) => [sticker.id, sticker]));
  const priced = lines.map((line): PricedLine => {
    const unitPriceCents = menu
      ? (stickers.get(line.stickerId)?.prices[line.size] ?? null)
      : line.unitPriceCents;
    return { line, unitPriceCents, lineTotalCents: (unitPriceCents ?? 0) * line.quantity };
  });
  const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const deliveryFeeCents = method === 'Pickup' || freeDelivery ? 0 : (settings?.deliveryFeeCents ?? null);
  return {
    lines: priced,
    subtotalCents,
    deliveryFeeCents,
    freeDelivery: method === 'Delivery' && freeDelivery,
    totalCents: deliveryFeeCents === null ? null : subtotalCents + deliveryFeeCents,
    live: menu !== undefined && settings !== undefined,
    unavailable: priced.filter((line) => line.unitPriceCents === null),
  };
}
