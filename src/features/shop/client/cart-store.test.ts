import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartStorageKey, clearCart, readCart, writeCart } from '~/client/lib/cart-storage';
import { stubBrowserStorage } from '~/client/testing/browser-storage';
import { vi } from 'vitest';
import { MAX_LINE_QUANTITY } from '../orders.constants';
import {
  addToCart,
  cartLineId,
  removeCartLine,
  setCartMethod,
  setLineQuantity,
  setPromoCode,
  type NewCartLine,
} from './cart-store';

const ana = 'member-ana';
const bo = 'member-bo';
const gelato = (quantity = 1): NewCartLine => ({
  stickerId: 'gelato',
  stickerName: 'Gelato',
  size: '3.5g',
  quantity,
  unitPriceCents: 2500,
});
const runtz: NewCartLine = {
  stickerId: 'runtz',
  stickerName: 'Runtz',
  size: 'oz',
  quantity: 2,
  unitPriceCents: 9000,
};

let storage: Map<string, string>;
beforeEach(() => {
  storage = stubBrowserStorage();
});
afterEach(() => vi.unstubAllGlobals());

describe('the cart on this device', () => {
  it('adds a line once per sticker and size, adding to its quantity up to the most a line may hold', () => {
    expect(addToCart(ana, gelato(2), 'Delivery')).toBe(2);
    expect(addToCart(ana, gelato(3), 'Delivery')).toBe(5);
    expect(addToCart(ana, gelato(500), 'Delivery')).toBe(MAX_LINE_QUANTITY);
    expect(readCart(ana)).toEqual([
      {
        ...gelato(MAX_LINE_QUANTITY),
        id: cartLineId('gelato', '3.5g', 'Delivery'),
        deliveryOption: 'Delivery',
      },
    ]);
  });

  it("gives a new line the cart's delivery method, whatever the menu had selected", () => {
    addToCart(ana, gelato(), 'Pickup');
    addToCart(ana, runtz, 'Delivery');
    expect(readCart(ana).map((line) => line.deliveryOption)).toEqual(['Pickup', 'Pickup']);
  });

  it('keeps each member’s cart apart, and clearing one leaves the other', () => {
    addToCart(ana, gelato(), 'Delivery');
    addToCart(bo, runtz, 'Pickup');
    clearCart(ana);
    expect(readCart(ana)).toEqual([]);
    expect(readCart(bo)).toHaveLength(1);
  });

  it('removes a line when its quantity goes below one, and says so', () => {
    addToCart(ana, gelato(4), 'Delivery');
    const id = cartLineId('gelato', '3.5g', 'Delivery');
    expect(setLineQuantity(ana, id, 7)).toBe(false);
    expect(readCart(ana)[0]?.quantity).toBe(7);
    expect(setLineQuantity(ana, id, 0)).toBe(true);
    expect(readCart(ana)).toEqual([]);
  });

  it('moves every line to one method, merging lines that become the same', () => {
    writeCart(ana, [
      { ...gelato(60), id: cartLineId('gelato', '3.5g', 'Pickup'), deliveryOption: 'Pickup' },
      { ...gelato(70), id: cartLineId('gelato', '3.5g', 'Delivery'), deliveryOption: 'Delivery' },
    ]);
    setCartMethod(ana, 'Delivery');
    expect(readCart(ana)).toEqual([
      {
        ...gelato(MAX_LINE_QUANTITY),
        id: cartLineId('gelato', '3.5g', 'Delivery'),
        deliveryOption: 'Delivery',
      },
    ]);
  });

  it('leaves a cart without sticker lines as it is when the order type changes (a rewards-only cart)', () => {
    setCartMethod(ana, 'Pickup');
    expect(storage.has(cartStorageKey(ana))).toBe(false);
    expect(readCart(ana)).toEqual([]);
  });

  it('drops what it cannot read (garbage, a line from an older version) instead of failing', () => {
    storage.set(cartStorageKey(ana), 'not json');
    expect(readCart(ana)).toEqual([]);
    storage.set(cartStorageKey(ana), JSON.stringify([{ quantity: 1, stickerId: 'old' }, { nope: true }]));
    expect(readCart(ana)).toEqual([{ quantity: 1, stickerId: 'old' }]);
    addToCart(ana, runtz, 'Delivery');
    expect(readCart(ana).map((line) => line.stickerId)).toEqual(['runtz']);
  });

  it('removes one line and leaves the rest', () => {
    addToCart(ana, gelato(), 'Delivery');
    addToCart(ana, runtz, 'Delivery');
    removeCartLine(ana, cartLineId('gelato', '3.5g', 'Delivery'));
    expect(readCart(ana).map((line) => line.stickerId)).toEqual(['runtz']);
  });

  it('keeps the promo code applied as the lines change, counts no item for it, and clears it with the cart', () => {
    addToCart(ana, gelato(), 'Delivery');
    setPromoCode(ana, 'SAVE10');
    addToCart(ana, runtz, 'Delivery');
    setCartMethod(ana, 'Pickup');
    removeCartLine(ana, cartLineId('gelato', '3.5g', 'Pickup'));
    expect(readCart(ana)).toEqual([
      { ...runtz, id: cartLineId('runtz', 'oz', 'Pickup'), deliveryOption: 'Pickup' },
      { quantity: 0, promoCode: 'SAVE10' },
    ]);
    setPromoCode(ana, 'WELCOME');
    expect(readCart(ana).filter((line) => 'promoCode' in line)).toEqual([
      { quantity: 0, promoCode: 'WELCOME' },
    ]);
    setPromoCode(ana, '');
    expect(readCart(ana).filter((line) => 'promoCode' in line)).toEqual([]);
    setPromoCode(ana, 'SAVE10');
    clearCart(ana);
    expect(readCart(ana)).toEqual([]);
  });

  it('reads an empty cart when the browser refuses storage', () => {
    vi.unstubAllGlobals();
    stubBrowserStorage({ refuse: true });
    expect(readCart(ana)).toEqual([]);
  });
});
