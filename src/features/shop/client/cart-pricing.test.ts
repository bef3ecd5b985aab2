import { describe, expect, it } from 'vitest';
import type { MenuResponse, MenuSticker, ShopSettings } from '../shop.schema';
import { priceCart } from './cart-pricing';
import { cartLineId, type CartLine } from './cart-store';

const line = (stickerId: string, quantity: number, unitPriceCents: number): CartLine => ({
  id: cartLineId(stickerId, 'oz', 'Delivery'),
  stickerId,
  stickerName: stickerId,
  size: 'oz',
  quantity,
  unitPriceCents,
  deliveryOption: 'Delivery',
});
const sticker = (id: string, oz: number | null): MenuSticker => ({
  id,
  name: id,
  type: 'Hybrid',
  description: '',
  imageUrl: '',
  prices: { '3.5g': 2000, oz, lb: null },
  rating: { count: 0, smell: null, taste: null, high: null, overall: null },
});
const settings: ShopSettings = {
  shopName: 'The Vault',
  contactPhone: '5550100',
  deliveryFeeCents: 1000,
  timeZone: 'America/New_York',
  requireVerifiedEmail: false,
  joinMode: 'open',
  askAgainDays: 30,
  idCheck: false,
  pickupCode: false,
};
const cart = [line('gelato', 2, 9000), line('runtz', 1, 8000)];

describe('pricing the cart', () => {
  it('uses the prices stored with the lines until the menu loads, with no total until the fee is known', () => {
    const priced = priceCart(cart, 'Delivery', undefined, undefined);
    expect(priced.subtotalCents).toBe(26_000);
    expect(priced.deliveryFeeCents).toBeNull();
    expect(priced.totalCents).toBeNull();
    expect(priced.live).toBe(false);
  });

  it("prices each line at the menu's current price and adds the shop's delivery fee", () => {
    const menu: MenuResponse = { stickers: [sticker('gelato', 9500), sticker('runtz', 8000)] };
    const priced = priceCart(cart, 'Delivery', menu, settings);
    expect(priced.lines.map((l) => [l.unitPriceCents, l.lineTotalCents])).toEqual([
      [9500, 19_000],
      [8000, 8000],
    ]);
    expect(priced).toMatchObject({
      subtotalCents: 27_000,
      deliveryFeeCents: 1000,
      totalCents: 28_000,
      live: true,
    });
  });

  it('charges no fee for pickup, even before the settings load', () => {
    expect(priceCart(cart, 'Pickup', undefined, undefined)).toMatchObject({
      deliveryFeeCents: 0,
      totalCents: 26_000,
    });
  });

  it('charges no fee for a Delivery order carrying a Free Delivery reward', () => {
    const menu: MenuResponse = { stickers: [sticker('gelato', 9500), sticker('runtz', 8000)] };
    expect(priceCart(cart, 'Delivery', menu, settings, { freeDelivery: true })).toMatchObject({
      subtotalCents: 27_000,
      deliveryFeeCents: 0,
      totalCents: 27_000,
    });
  });

  it('marks lines the menu no longer offers (hidden sticker, withdrawn size) and counts them as nothing', () => {
    const menu: MenuResponse = { stickers: [sticker('gelato', null)] };
    const priced = priceCart(cart, 'Delivery', menu, settings);
    expect(priced.unavailable.map((l) => l.line.stickerId)).toEqual(['gelato', 'runtz']);
    expect(priced).toMatchObject({ subtotalCents: 0, totalCents: 1000 });
  });
});
