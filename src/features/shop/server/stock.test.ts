import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '~/shared/app-error';
import { DAY_MS } from '~/shared/time';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { RACE_LIMITS } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { auditLog } from '~/server/db/tables/audit.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { orderItem, shopOrder } from '~/server/db/tables/orders.tables';
import type { OrderQuote, PlaceOrderInput, PlaceOrderResponse, QuoteCartInput } from '../orders.schema';
import type { CatalogSticker, MenuResponse, SetStockInput } from '../shop.schema';
import type { StickerSize } from '../shop.constants';
import { insertSticker, seedShopWithSticker } from './shop.seed';

/** Stock, sold out, limits and the one server quote (issue 47), on both databases. */
type Someone = { cookie: string; id: string };
let t: TestContext;
let member: Someone;
let owner: Someone;
let cataloguer: Someone;

beforeAll(async () => {
  t = await createTestContext({ env: RACE_LIMITS });
  await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Seed Sticker' });
  const signedIn = await signedInMember(t);
  member = { cookie: signedIn.cookie, id: signedIn.user.id };
  owner = await signedInWithRoles(t, ['Owner']);
  cataloguer = await signedInWithRoles(t, ['Catalog Manager']);
});
afterAll(() => t.close());

const as = (who: Someone) => ({ Cookie: who.cookie });
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

/** A sticker of its own for each story: $40 the 3.5g, $90 the OZ, no lb. */
let stickers = 0;
async function newSticker(name = `Stocked ${(stickers += 1)}`): Promise<{ id: string; name: string }> {
  const id = await insertSticker(t.database.db, {
    name,
    type: 'Hybrid',
    description: 'x',
    price35gCents: 4000,
    priceOzCents: 9000,
  });
  return { id, name };
}

const setStock = (stickerId: string, body: SetStockInput, who: Someone = cataloguer) =>
  t.call('PUT', `/api/admin/stickers/${stickerId}/stock`, body, as(who));
const adjust = (stickerId: string, body: { size: StickerSize; by: number }, who: Someone = cataloguer) =>
  t.call('POST', `/api/admin/stickers/${stickerId}/stock/adjust`, body, as(who));
const editLimits = (stickerId: string, body: Record<string, unknown>) =>
  t.call('PATCH', `/api/admin/stickers/${stickerId}`, body, as(cataloguer));
const quote = async (body: QuoteCartInput, who: Someone = member) => {
  const response = await t.call('POST', '/api/orders/quote', body, as(who));
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as OrderQuote;
};
const catalogSticker = async (stickerId: string) => {
  const response = await t.call('GET', '/api/admin/stickers', undefined, as(cataloguer));
  const { stickers: all } = (await response.json()) as { stickers: CatalogSticker[] };
  return all.find((sticker) => sticker.id === stickerId)!;
};
const menuSticker = async (stickerId: string) => {
  const { stickers: all } = (await (
    await t.call('GET', '/api/shop/menu', undefined, as(member))
  ).json()) as MenuResponse;
  return all.find((sticker) => sticker.id === stickerId)!;
};

let keys = 0;
function pickupOrder(
  items: PlaceOrderInput['items'],
  expectedTotalCents: number,
  key?: string,
): PlaceOrderInput {
  return {
    idempotencyKey: key ?? `stock-${(keys += 1)}-${Date.now()}`,
    deliveryMethod: 'Pickup',
    paymentMethod: 'Cash',
    phone: '+12025550142',
    pickupLocation: 'van ness',
    items,
    expectedTotalCents,
  };
}
const place = (body: PlaceOrderInput, who: Someone = member) => t.call('POST', '/api/orders', body, as(who));
async function placed(body: PlaceOrderInput, who: Someone = member): Promise<string> {
  const response = await place(body, who);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as PlaceOrderResponse).order.id;
}
const setStatus = (orderId: string, status: string) =>
  t.call('PATCH', `/api/admin/orders/${orderId}/status`, { status }, as(owner));
const ordersOf = (who: Someone) => t.database.db.$count(shopOrder, eq(shopOrder.userId, who.id));

describe('the quote', () => {
  it('prices the cart as submit does: the member submits the quoted total and the order carries it', async () => {
    const { id } = await newSticker();
    const cart: QuoteCartInput = {
      deliveryMethod: 'Delivery',
      items: [
        { stickerId: id, size: '3.5g', quantity: 2 },
        { stickerId: id, size: 'oz', quantity: 1 },
        { stickerId: id, size: '3.5g', quantity: 1 },
      ],
    };
    const priced = await quote(cart);
    expect(priced).toMatchObject({
      lines: [
        {
          stickerId: id,
          size: '3.5g',
          quantity: 3,
          unitPriceCents: 4000,
          lineTotalCents: 12000,
          problem: null,
        },
        { stickerId: id, size: 'oz', quantity: 1, unitPriceCents: 9000, lineTotalCents: 9000, problem: null },
      ],
      subtotalCents: 21000,
      deliveryFeeCents: 2000,
      freeDelivery: false,
      totalCents: 23000,
      rewardsProblem: null,
    });
    expect((await quote({ ...cart, deliveryMethod: 'Pickup' })).totalCents).toBe(21000);

    const response = await place({
      ...pickupOrder(cart.items, priced.totalCents),
      deliveryMethod: 'Delivery',
      pickupLocation: '',
      address: '1 Quote St',
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(((await response.json()) as PlaceOrderResponse).order.totalCents).toBe(priced.totalCents);
  });

  it('names what cannot be ordered: a sticker gone from the menu, a size no longer sold', async () => {
    const { id, name } = await newSticker();
    const gone = await insertSticker(t.database.db, {
      name: 'Gone',
      type: 'Indica',
      description: 'x',
      price35gCents: 1000,
      hidden: true,
    });
    const priced = await quote({
      deliveryMethod: 'Pickup',
      items: [
        { stickerId: id, size: 'lb', quantity: 1 },
        { stickerId: gone, size: '3.5g', quantity: 1 },
        { stickerId: 'sticker-nothing', size: '3.5g', quantity: 1 },
      ],
    });
    expect(priced.lines.map((line) => [line.stickerName, line.unitPriceCents, line.problem])).toEqual([
      [name, null, `${name} is not offered as a P Sticker.`],
      ['Gone', null, 'A sticker in your cart is no longer on the menu. Remove it and try again.'],
      [null, null, 'A sticker in your cart is no longer on the menu. Remove it and try again.'],
    ]);
    expect(priced.totalCents).toBe(0);
  });
});

describe('staff counting stock', () => {
  it('set a count against the one they saw, adjust it ± whatever it is, never below 0, audited', async () => {
    const { id } = await newSticker();
    expect((await catalogSticker(id)).stock).toEqual({ '3.5g': null, oz: null, lb: null });

    let response = await setStock(id, { size: 'oz', count: 3, expected: null });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as { sticker: CatalogSticker }).sticker.stock.oz).toBe(3);

    // Someone else saw "unlimited" too: their save is refused, and says what the count is now.
    response = await setStock(id, { size: 'oz', count: 10, expected: null });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({
      title: 'Stock changed',
      message: 'The count changed since you opened it: it is 3 now. Look at it again and save.',
    });

    response = await adjust(id, { size: 'oz', by: 4 });
    expect(response.status, await response.clone().text()).toBe(200);
    response = await adjust(id, { size: 'oz', by: -10 });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe('Only 7 in stock: you cannot take away 10.');
    response = await adjust(id, { size: 'oz', by: 100_000 });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe('7 in stock: a count can be at most 100,000.');
    response = await adjust(id, { size: '3.5g', by: 5 });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('This size has no count (unlimited): set a count first.');
    expect((await catalogSticker(id)).stock).toEqual({ '3.5g': null, oz: 7, lb: null });

    const audits = (await t.database.db.select().from(auditLog)).filter(
      (row) => row.eventType.startsWith('STOCK_') && row.meta.stickerId === id,
    );
    expect(audits.map((row) => [row.eventType, row.actorId, row.meta])).toEqual(
      expect.arrayContaining([
        ['STOCK_SET', cataloguer.id, { stickerId: id, size: 'oz', from: null, to: 3 }],
        ['STOCK_ADJUSTED', cataloguer.id, { stickerId: id, size: 'oz', by: 4, from: 3, to: 7 }],
      ]),
    );
    expect(audits).toHaveLength(2);
    const log = await t.call('GET', '/api/admin/audit-log?eventType=STOCK_ADJUSTED', undefined, as(owner));
    expect(await log.text()).toContain('Added 4 to the stock of the sticker');

    // Back to unlimited, against the count seen.
    response = await setStock(id, { size: 'oz', count: null, expected: 7 });
    expect(response.status, await response.clone().text()).toBe(200);
  });

  it('refuses members, bad counts and an adjustment of nothing, changing nothing', async () => {
    const { id } = await newSticker();
    expect((await setStock(id, { size: 'oz', count: 3, expected: null }, member)).status).toBe(403);
    expect((await adjust(id, { size: 'oz', by: 3 }, member)).status).toBe(403);
    let response = await setStock(id, { size: 'oz', count: -1, expected: null });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await errorOf(response))).toContain('The count cannot be negative.');
    response = await adjust(id, { size: 'oz', by: 0 });
    expect(response.status).toBe(400);
    expect((await setStock('sticker-nothing', { size: 'oz', count: 1, expected: null })).status).toBe(404);
    expect((await catalogSticker(id)).stock.oz).toBeNull();
  });
});

describe('stock on the menu and at submit', () => {
  it('shows "Only N left" at the threshold, Sold out at 0, and tells catalogue staff once as it falls', async () => {
    const { id, name } = await newSticker();
    await setStock(id, { size: 'oz', count: 7, expected: null });
    expect((await menuSticker(id)).availability.oz).toEqual({
      soldOut: false,
      onlyLeft: null,
      orderLimit: 99,
      dailyLimit: null,
    });

    await placed(pickupOrder([{ stickerId: id, size: 'oz', quantity: 2 }], 18000));
    expect((await menuSticker(id)).availability.oz).toMatchObject({ soldOut: false, onlyLeft: 5 });
    await placed(pickupOrder([{ stickerId: id, size: 'oz', quantity: 1 }], 9000));
    await placed(pickupOrder([{ stickerId: id, size: 'oz', quantity: 4 }], 36000));
    expect((await menuSticker(id)).availability.oz).toMatchObject({ soldOut: true, onlyLeft: null });

    const told = await t.database.db
      .select({ message: notification.message })
      .from(notification)
      .where(eq(notification.userId, cataloguer.id));
    const about = told.map((note) => note.message).filter((message) => message.includes(name));
    // Down to 5 (the threshold), then sold out; not again at 4.
    expect(about).toEqual([`${name} (OZ Sticker) is down to 5 left.`, `${name} (OZ Sticker) is sold out.`]);
  });

  it('a size that sold out while in the cart: the quote flags it by name and submit refuses it, storing nothing', async () => {
    const { id, name } = await newSticker();
    await setStock(id, { size: 'oz', count: 2, expected: null });
    const cart = [
      { stickerId: id, size: 'oz' as const, quantity: 2 },
      { stickerId: id, size: '3.5g' as const, quantity: 1 },
    ];
    const before = await quote({ deliveryMethod: 'Pickup', items: cart });
    expect(before.lines.every((line) => line.problem === null)).toBe(true);

    const other = await signedInMember(t);
    await placed(pickupOrder([{ stickerId: id, size: 'oz', quantity: 1 }], 9000), {
      cookie: other.cookie,
      id: other.user.id,
    });
    const after = await quote({ deliveryMethod: 'Pickup', items: cart });
    expect(after.lines[0]!.problem).toBe(
      `Only 1 left of ${name} (OZ Sticker): lower the quantity and submit again.`,
    );
    const ordersBefore = await ordersOf(member);
    const response = await place(pickupOrder(cart, before.totalCents));
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({
      title: 'Sold Out',
      message: `Only 1 left of ${name} (OZ Sticker): lower the quantity and submit again.`,
    });
    expect(await ordersOf(member)).toBe(ordersBefore);
    expect((await catalogSticker(id)).stock.oz).toBe(1);

    // Above the low-stock threshold the count is never told: asking for 12 of 10 says not enough, not 10.
    await setStock(id, { size: 'oz', count: 10, expected: 1 });
    expect(
      (await quote({ deliveryMethod: 'Pickup', items: [{ stickerId: id, size: 'oz', quantity: 12 }] }))
        .lines[0]!.problem,
    ).toBe(`Not enough left of ${name} (OZ Sticker) for 12: lower the quantity and submit again.`);
    await setStock(id, { size: 'oz', count: 0, expected: 10 });
    expect((await quote({ deliveryMethod: 'Pickup', items: cart })).lines[0]!.problem).toBe(
      `${name} (OZ Sticker) is sold out. Remove it from your cart and submit again.`,
    );
  });

  it('a retried submit takes nothing; a cancel gives the stock back, a cancel after completion does not', async () => {
    const { id } = await newSticker();
    await setStock(id, { size: '3.5g', count: 10, expected: null });
    const body = pickupOrder([{ stickerId: id, size: '3.5g', quantity: 3 }], 12000);
    const orderId = await placed(body);
    const retried = await place(body);
    expect(retried.status).toBe(200);
    expect((await catalogSticker(id)).stock['3.5g']).toBe(7);
    expect(
      await t.database.db
        .select({ stockTaken: orderItem.stockTaken })
        .from(orderItem)
        .where(eq(orderItem.orderId, orderId)),
    ).toEqual([{ stockTaken: true }]);

    // The member cancels: the 3 go back, once.
    expect((await t.call('POST', `/api/orders/${orderId}/cancel`, {}, as(member))).status).toBe(200);
    expect((await catalogSticker(id)).stock['3.5g']).toBe(10);

    // Staff complete another, then cancel it: those stickers left the shop.
    const second = await placed(pickupOrder([{ stickerId: id, size: '3.5g', quantity: 4 }], 16000));
    expect((await setStatus(second, 'completed')).status).toBe(200);
    expect((await setStatus(second, 'cancelled')).status).toBe(200);
    expect((await catalogSticker(id)).stock['3.5g']).toBe(6);
    // Reopened, it takes nothing more (it never gave them back).
    expect((await setStatus(second, 'pending')).status).toBe(200);
    expect((await catalogSticker(id)).stock['3.5g']).toBe(6);

    // A desk cancel of an open order gives back; reopening takes again, and is refused once too few are left.
    const third = await placed(pickupOrder([{ stickerId: id, size: '3.5g', quantity: 5 }], 20000));
    expect((await setStatus(third, 'cancelled')).status).toBe(200);
    expect((await catalogSticker(id)).stock['3.5g']).toBe(6);
    expect((await setStatus(third, 'pending')).status).toBe(200);
    expect((await catalogSticker(id)).stock['3.5g']).toBe(1);
    expect((await setStatus(third, 'cancelled')).status).toBe(200);
    await adjust(id, { size: '3.5g', by: -4 });
    const refused = await setStatus(third, 'pending');
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(
      /^Only 2 left of .* \(3\.5g Sticker\), so this order cannot be reopened\.$/,
    );
    const [row] = await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, third));
    expect(row!.status).toBe('cancelled');
  });
});

describe('limits', () => {
  it('a most per order per size, set in the catalogue, on the menu and refused at submit by name', async () => {
    const { id, name } = await newSticker();
    const response = await editLimits(id, { orderLimits: { oz: 2 } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await catalogSticker(id)).orderLimits).toEqual({ '3.5g': null, oz: 2, lb: null });
    expect((await menuSticker(id)).availability.oz.orderLimit).toBe(2);
    const refused = await place(pickupOrder([{ stickerId: id, size: 'oz', quantity: 3 }], 27000));
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(`${name} (OZ Sticker) is limited to 2 per order.`);
    await placed(pickupOrder([{ stickerId: id, size: 'oz', quantity: 2 }], 18000));

    const bad = await editLimits(id, { orderLimits: { oz: 100 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await errorOf(bad))).toContain('The limit per order can be at most 99.');
  });

  it('a most per member per day across orders: cancelled orders free it, and the next day starts afresh', async () => {
    const { id, name } = await newSticker();
    await editLimits(id, { dailyLimits: { '3.5g': 3 } });
    const first = await placed(pickupOrder([{ stickerId: id, size: '3.5g', quantity: 2 }], 8000));
    const refused = await place(pickupOrder([{ stickerId: id, size: '3.5g', quantity: 2 }], 8000));
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(
      `${name} (3.5g Sticker) is limited to 3 per member per day: you can order 1 more today.`,
    );
    const priced = await quote({
      deliveryMethod: 'Pickup',
      items: [{ stickerId: id, size: '3.5g', quantity: 2 }],
    });
    expect(priced.lines[0]!.problem).toContain('you can order 1 more today');

    // Another member has a day of their own.
    const other = await signedInMember(t);
    await placed(pickupOrder([{ stickerId: id, size: '3.5g', quantity: 3 }], 12000), {
      cookie: other.cookie,
      id: other.user.id,
    });

    expect((await t.call('POST', `/api/orders/${first}/cancel`, {}, as(member))).status).toBe(200);
    await placed(pickupOrder([{ stickerId: id, size: '3.5g', quantity: 3 }], 12000));
    expect((await place(pickupOrder([{ stickerId: id, size: '3.5g', quantity: 1 }], 4000))).status).toBe(400);

    t.clock.advance(DAY_MS);
    await placed(pickupOrder([{ stickerId: id, size: '3.5g', quantity: 3 }], 12000));
    const counted = await t.database.db
      .select({ quantity: orderItem.quantity })
      .from(orderItem)
      .innerJoin(shopOrder, eq(shopOrder.id, orderItem.orderId))
      .where(and(eq(orderItem.stickerId, id), eq(shopOrder.userId, member.id)));
    expect(counted.map((line) => line.quantity)).toEqual([2, 3, 3]);
  });
});

describe('the low-stock threshold', () => {
  it('is a setting: the menu shows "Only N left" at it or below, and the change is audited', async () => {
    const { id } = await newSticker();
    await setStock(id, { size: 'oz', count: 3, expected: null });
    expect((await menuSticker(id)).availability.oz.onlyLeft).toBe(3);
    const settings = { shopName: 'The Vault', contactPhone: '2025550142', deliveryFeeCents: 2000 };
    const saved = await t.call(
      'PUT',
      '/api/admin/shop-settings',
      { ...settings, lowStockThreshold: 2 },
      as(owner),
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await menuSticker(id)).availability.oz.onlyLeft).toBeNull();
    await adjust(id, { size: 'oz', by: -1 });
    expect((await menuSticker(id)).availability.oz.onlyLeft).toBe(2);
    const log = await t.call(
      'GET',
      '/api/admin/audit-log?eventType=SHOP_SETTINGS_CHANGED',
      undefined,
      as(owner),
    );
    expect(await log.text()).toContain('“Only N left” at 5 → 2');

    const refused = await t.call(
      'PUT',
      '/api/admin/shop-settings',
      { ...settings, lowStockThreshold: -1 },
      as(owner),
    );
    expect(refused.status).toBe(400);
    await t.call('PUT', '/api/admin/shop-settings', { ...settings, lowStockThreshold: 5 }, as(owner));
  });
});
