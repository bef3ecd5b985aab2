import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { insertSticker, seedShopWithSticker } from '~/features/shop/server/shop.seed';
import { auditLog } from '~/server/db/tables/audit.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { orderItem, shopOrder } from '~/server/db/tables/orders.tables';
import { shopSettings, sticker } from '~/server/db/tables/shop.tables';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { MyOrdersResponse, OrderView, PlaceOrderInput, PlaceOrderResponse } from '../orders.schema';
import { timelineFor } from '../orders.constants';

let t: TestContext;
let velvet: string;
let partial: string;
let hidden: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestContext({
    // One member places many orders here; the limits have their own test (src/server/abuse-limits.test.ts).
    env: {
      RATE_LIMIT_ORDERS_PER_USER: '1000/60',
    },
  });
  velvet = await seedShopWithSticker(t.database.db, t.clock.now(), {
    name: 'Test Velvet',
    priceOzCents: 25000,
    priceLbCents: 180000,
  });
  partial = await insertSticker(t.database.db, {
    name: 'Only Ounces',
    type: 'Sativa',
    description: 'x',
    priceOzCents: 9900,
  });
  hidden = await insertSticker(t.database.db, {
    name: 'Hidden',
    type: 'Hybrid',
    description: 'x',
    price35gCents: 1000,
    hidden: true,
  });
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });

function delivery(overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  counter += 1;
  return {
    idempotencyKey: `key-${counter}-${Date.now()}`,
    deliveryMethod: 'Delivery',
    paymentMethod: 'Cash',
    phone: '(202) 555-0199',
    address: '12 Test St NW, Washington, DC 20001',
    notes: 'Ring twice',
    items: [
      { stickerId: velvet, size: '3.5g', quantity: 2 },
      { stickerId: velvet, size: 'oz', quantity: 1 },
    ],
    // 2 x 45 + 250 + 20 delivery
    expectedTotalCents: 36000,
    ...overrides,
  };
}

function pickup(overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return delivery({
    deliveryMethod: 'Pickup',
    address: undefined,
    pickupLocation: 'Van Ness',
    expectedTotalCents: 34000,
    ...overrides,
  });
}

const place = (cookie: string, body: unknown) => t.call('POST', '/api/orders', body, as(cookie));
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string; title?: string; fields?: Record<string, string> } })
    .error;
const ordersOf = async (userId: string) =>
  t.database.db.select().from(shopOrder).where(eq(shopOrder.userId, userId));

describe('placing an order', () => {
  it('prices a delivery order on the server, with the delivery fee, and stores each line’s price', async () => {
    const { cookie, user } = await signedInMember(t);
    const response = await place(cookie, delivery());
    expect(response.status).toBe(201);
    const { order, contactPhone } = (await response.json()) as PlaceOrderResponse;
    expect(contactPhone).toBe('(202) 555-0142');
    expect(order).toMatchObject({
      status: 'available',
      deliveryMethod: 'Delivery',
      paymentMethod: 'Cash',
      phone: '+12025550199',
      address: '12 Test St NW, Washington, DC 20001',
      pickupLocation: 'Main Hub',
      notes: 'Ring twice',
      subtotalCents: 34000,
      deliveryFeeCents: 2000,
      totalCents: 36000,
    });
    expect(order.id).toMatch(/^order-\d+[0-9a-f]{6}$/);
    expect(order.shortId).toBe(order.id.slice(-6).toUpperCase());
    expect(order.items).toEqual([
      {
        stickerId: velvet,
        stickerName: 'Test Velvet',
        size: '3.5g',
        quantity: 2,
        unitPriceCents: 4500,
        lineTotalCents: 9000,
      },
      {
        stickerId: velvet,
        stickerName: 'Test Velvet',
        size: 'oz',
        quantity: 1,
        unitPriceCents: 25000,
        lineTotalCents: 25000,
      },
    ]);

    // A later price change leaves the order as it was ordered.
    await t.database.db.update(sticker).set({ price35gCents: 9999 }).where(eq(sticker.id, velvet));
    const again = await t.call('GET', `/api/orders/${order.id}`, undefined, as(cookie));
    expect(((await again.json()) as { order: OrderView }).order.items[0]!.unitPriceCents).toBe(4500);
    await t.database.db.update(sticker).set({ price35gCents: 4500 }).where(eq(sticker.id, velvet));
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('places a pickup order with no fee and no address, at a known location stored lowercase', async () => {
    const { cookie } = await signedInMember(t);
    const response = await place(cookie, pickup({ address: 'ignored for pickup' }));
    expect(response.status).toBe(201);
    const { order } = (await response.json()) as PlaceOrderResponse;
    expect(order).toMatchObject({
      status: 'pending',
      deliveryMethod: 'Pickup',
      address: null,
      pickupLocation: 'van ness',
      deliveryFeeCents: 0,
      totalCents: 34000,
    });
  });

  it('uses the delivery fee from the shop settings', async () => {
    await t.database.db.update(shopSettings).set({ deliveryFeeCents: 1500 }).where(eq(shopSettings.id, 1));
    try {
      const { cookie } = await signedInMember(t);
      const response = await place(cookie, delivery({ expectedTotalCents: 35500 }));
      expect(response.status).toBe(201);
      expect(((await response.json()) as PlaceOrderResponse).order.deliveryFeeCents).toBe(1500);
    } finally {
      await t.database.db.update(shopSettings).set({ deliveryFeeCents: 2000 }).where(eq(shopSettings.id, 1));
    }
  });

  it.each([
    ['an empty cart', { items: [] }, 'Cannot submit order: Your cart is empty or you are not logged in.'],
    [
      'no items at all',
      { items: undefined },
      'Cannot submit order: Your cart is empty or you are not logged in.',
    ],
    ['an empty phone', { phone: '  ' }, 'Phone number required'],
    ['a phone that is not one', { phone: '12' }, 'Enter a valid US phone number, like (555) 123-4567.'],
    ['a delivery without address', { address: '' }, 'Address required'],
    [
      'an unknown payment method',
      { paymentMethod: 'Bitcoin' },
      'Choose a payment method: Cash, Cash App, Apple Pay or Even Exchange.',
    ],
    [
      'an unknown sticker',
      { items: [{ stickerId: 'nope', size: '3.5g', quantity: 1 }] },
      'A sticker in your cart is no longer on the menu. Remove it and try again.',
    ],
    [
      'a hidden sticker',
      { items: [{ stickerId: 'HIDDEN', size: '3.5g', quantity: 1 }] },
      'A sticker in your cart is no longer on the menu. Remove it and try again.',
    ],
    [
      'a size priced 0',
      { items: [{ stickerId: 'PARTIAL', size: 'lb', quantity: 1 }] },
      'Only Ounces is not offered as a P Sticker.',
    ],
    [
      'an unknown size',
      { items: [{ stickerId: 'VELVET', size: 'kg', quantity: 1 }] },
      'Choose a size: 3.5g, oz or lb.',
    ],
    [
      'a quantity of 0',
      { items: [{ stickerId: 'VELVET', size: 'oz', quantity: 0 }] },
      'Quantity must be at least 1.',
    ],
    [
      'a quantity of 100',
      { items: [{ stickerId: 'VELVET', size: 'oz', quantity: 100 }] },
      'Quantity can be at most 99.',
    ],
    [
      'a fractional quantity',
      { items: [{ stickerId: 'VELVET', size: 'oz', quantity: 1.5 }] },
      'Quantity must be a whole number.',
    ],
    [
      'a price sent by the browser',
      { items: [{ stickerId: 'VELVET', size: 'oz', quantity: 1, price: 1 }] },
      'Send only the sticker, size and quantity of each line: the shop sets the prices.',
    ],
    [
      'a total sent by the browser',
      { total: 1 },
      'Send only the order form’s fields: the shop sets the prices.',
    ],
  ])('refuses %s with a clear message and stores nothing', async (_, change, message) => {
    const { cookie, user } = await signedInMember(t);
    const ids: Record<string, string> = { HIDDEN: hidden, PARTIAL: partial, VELVET: velvet };
    const body: Record<string, unknown> = { ...delivery(), ...change };
    if (Array.isArray(body.items)) {
      body.items = (body.items as { stickerId: string }[]).map((line) => ({
        ...line,
        stickerId: ids[line.stickerId] ?? line.stickerId,
      }));
    }
    const response = await place(cookie, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('refuses a pickup without a location, or at one that is not on the list', async () => {
    const { cookie, user } = await signedInMember(t);
    const missing = await place(cookie, pickup({ pickupLocation: '' }));
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatchObject({
      message: 'Pickup location required',
      fields: { pickupLocation: 'Pickup location required' },
    });
    const unknown = await place(cookie, pickup({ pickupLocation: 'the moon' }));
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe('Choose a pickup location from the list.');
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('answers 409 when the total the member saw is not the server’s, and stores nothing', async () => {
    const { cookie, user } = await signedInMember(t);
    const response = await place(cookie, delivery({ expectedTotalCents: 35000 }));
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({
      code: 'PRICES_CHANGED',
      title: 'Prices Changed',
      message:
        'Prices have changed since you opened your cart: the total is now $360.00. Check your cart and submit again.',
      requestId: expect.any(String),
    });
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('gives a repeated submit with the same key the same order', async () => {
    const { cookie, user } = await signedInMember(t);
    const body = delivery();
    const first = await place(cookie, body);
    const second = await place(cookie, body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    const a = (await first.json()) as PlaceOrderResponse;
    const b = (await second.json()) as PlaceOrderResponse;
    expect(b.order).toEqual(a.order);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await t.database.db.$count(orderItem, eq(orderItem.orderId, a.order.id))).toBe(2);
  });

  it('merges lines of the same sticker and size', async () => {
    const { cookie } = await signedInMember(t);
    const response = await place(
      cookie,
      delivery({
        items: [
          { stickerId: velvet, size: '3.5g', quantity: 1 },
          { stickerId: velvet, size: '3.5g', quantity: 2 },
        ],
        expectedTotalCents: 3 * 4500 + 2000,
      }),
    );
    const { order } = (await response.json()) as PlaceOrderResponse;
    expect(order.items).toHaveLength(1);
    expect(order.items[0]!.quantity).toBe(3);
  });
});

describe('a member’s own orders', () => {
  it('lists only the member’s own, newest first, a page at a time', async () => {
    const alice = await signedInMember(t);
    const bob = await signedInMember(t);
    const placed: string[] = [];
    for (let i = 0; i < 22; i += 1) {
      t.clock.advance(1000);
      const response = await place(alice.cookie, pickup());
      placed.push(((await response.json()) as PlaceOrderResponse).order.id);
    }
    await place(bob.cookie, pickup());

    const first = (await (
      await t.call('GET', '/api/orders', undefined, as(alice.cookie))
    ).json()) as MyOrdersResponse;
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.id).toBe(placed.at(-1));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await (
      await t.call('GET', `/api/orders?cursor=${first.nextCursor}`, undefined, as(alice.cookie))
    ).json()) as MyOrdersResponse;
    expect(second.items.map((o) => o.id)).toEqual([placed[1], placed[0]]);
    expect(second.nextCursor).toBeNull();
    // The old form of the cursor (an order id) is refused, not read as someone else's page.
    const stale = await t.call('GET', `/api/orders?cursor=${placed[5]}`, undefined, as(alice.cookie));
    expect(stale.status).toBe(400);
  });

  it('answers 404 for another member’s order', async () => {
    const alice = await signedInMember(t);
    const bob = await signedInMember(t);
    const { order } = (await (await place(alice.cookie, pickup())).json()) as PlaceOrderResponse;
    expect((await t.call('GET', `/api/orders/${order.id}`, undefined, as(bob.cookie))).status).toBe(404);
    expect((await t.call('GET', `/api/orders/${order.id}`, undefined, as(alice.cookie))).status).toBe(200);
    const bobsList = (await (
      await t.call('GET', '/api/orders', undefined, as(bob.cookie))
    ).json()) as MyOrdersResponse;
    expect(bobsList.items).toEqual([]);
  });
});

describe('who hears of a new order', () => {
  let owner: Awaited<ReturnType<typeof signedInWithRoles>>;
  let admin: Awaited<ReturnType<typeof signedInWithRoles>>;
  let ready: Awaited<ReturnType<typeof signedInWithRoles>>;
  let offline: Awaited<ReturnType<typeof signedInWithRoles>>;
  let unapproved: Awaited<ReturnType<typeof signedInWithRoles>>;
  let bystander: Awaited<ReturnType<typeof signedInMember>>;

  beforeAll(async () => {
    owner = await signedInWithRoles(t, ['Owner']);
    admin = await signedInWithRoles(t, ['Admin']);
    ready = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
    offline = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: false });
    unapproved = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: false, isOnline: true });
    bystander = await signedInMember(t);
  });
  beforeEach(async () => {
    // Each story counts only the notifications it caused.
    await t.database.db.delete(notification).where(sql`true`);
  });

  const notesOf = (userId: string) =>
    t.database.db.select().from(notification).where(eq(notification.userId, userId));

  it('tells Owners, Admins and approved online drivers of a delivery order, and nobody else', async () => {
    const { cookie } = await signedInMember(t);
    const { order } = (await (await place(cookie, delivery())).json()) as PlaceOrderResponse;
    expect((await notesOf(owner.id)).map((n) => n.message)).toEqual([
      `New delivery order #${order.shortId} ($360.00).`,
    ]);
    expect(await notesOf(admin.id)).toHaveLength(1);
    expect((await notesOf(ready.id)).map((n) => [n.message, n.link])).toEqual([
      [`New delivery order #${order.shortId} is in the queue.`, '/driver-queue'],
    ]);
    for (const nobody of [offline.id, unapproved.id, bystander.user.id])
      expect(await notesOf(nobody)).toEqual([]);
  });

  it('tells only Owners and Admins of a pickup order', async () => {
    const { cookie } = await signedInMember(t);
    await place(cookie, pickup());
    expect(await notesOf(owner.id)).toHaveLength(1);
    expect(await notesOf(admin.id)).toHaveLength(1);
    expect(await notesOf(ready.id)).toEqual([]);
  });

  it('tells the member’s browser and the orders desk over the event stream, not other members', async () => {
    const member = await signedInMember(t);
    const memberStream = sseReader(await t.call('GET', '/api/events', undefined, as(member.cookie)));
    const ownerStream = sseReader(await t.call('GET', '/api/events', undefined, as(owner.cookie)));
    const otherStream = sseReader(await t.call('GET', '/api/events', undefined, as(bystander.cookie)));
    for (const stream of [memberStream, ownerStream, otherStream])
      await stream.next((m) => m.event === 'ready');
    const { order } = (await (await place(member.cookie, pickup())).json()) as PlaceOrderResponse;
    const isThisOrder = (m: { data: string }) => m.data.includes(order.id);
    await memberStream.next(isThisOrder);
    await ownerStream.next(isThisOrder);
    await expect(otherStream.next(isThisOrder, 500)).rejects.toThrow();
    for (const stream of [memberStream, ownerStream, otherStream]) await stream.close();
  });
});

describe('an admin sets an order’s status', () => {
  let owner: Awaited<ReturnType<typeof signedInWithRoles>>;
  beforeAll(async () => {
    owner = await signedInWithRoles(t, ['Owner']);
  });
  const setStatus = (orderId: string, status: string, cookie = owner.cookie) =>
    t.call('PATCH', `/api/admin/orders/${orderId}/status`, { status }, as(cookie));

  it('refuses the driver flow’s statuses and the other method’s', async () => {
    const { cookie } = await signedInMember(t);
    const { order: deliveryOrder } = (await (await place(cookie, delivery())).json()) as PlaceOrderResponse;
    const { order: pickupOrder } = (await (await place(cookie, pickup())).json()) as PlaceOrderResponse;
    const cases: [string, string, string][] = [
      [deliveryOrder.id, 'claimed', 'Claimed and in progress are set by the driver flow, not by hand.'],
      [deliveryOrder.id, 'in-progress', 'Claimed and in progress are set by the driver flow, not by hand.'],
      [deliveryOrder.id, 'ready-for-pickup', 'Ready for pickup is only for pickup orders.'],
      [pickupOrder.id, 'out-for-delivery', 'Out for delivery is only for delivery orders.'],
      [pickupOrder.id, 'available', 'Only delivery orders can be put back in the driver queue.'],
      [pickupOrder.id, 'shipped', 'Choose a status from the list.'],
    ];
    for (const [id, status, message] of cases) {
      const response = await setStatus(id, status);
      expect(response.status, status).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    const rows = await t.database.db
      .select({ status: shopOrder.status })
      .from(shopOrder)
      .where(eq(shopOrder.id, deliveryOrder.id));
    expect(rows[0]!.status).toBe('available');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.eventType, 'ORDER_STATUS_CHANGED'));
    expect(
      audits.filter((row) => [deliveryOrder.id, pickupOrder.id].includes(row.meta.orderId as string)),
    ).toEqual([]);
  });

  it('notifies the member for confirmed, out for delivery, ready, completed and cancelled, and audits each change', async () => {
    const { cookie, user } = await signedInMember(t);
    const { order } = (await (await place(cookie, delivery())).json()) as PlaceOrderResponse;
    const short = order.shortId;
    const expectations: [string, string[]][] = [
      ['pending', []],
      ['confirmed', [`Your order #${short} has been confirmed.`]],
      ['out-for-delivery', [`Your order #${short} is out for delivery.`]],
      // Completing it also pays the Personal Purchase XP and the order's coins, with their own notification.
      [
        'completed',
        [
          `Your order #${short} has been completed. Thank you!`,
          `You earned +150 XP and +${order.purchaseCoins} coins for your order #${short}.`,
        ],
      ],
      ['cancelled', [`Your order #${short} has been cancelled.`]],
    ];
    let previous = 'available';
    for (const [status, message] of expectations) {
      await t.database.db.delete(notification).where(eq(notification.userId, user.id));
      const response = await setStatus(order.id, status);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { order: OrderView }).order.status).toBe(status);
      const notes = await t.database.db.select().from(notification).where(eq(notification.userId, user.id));
      expect(notes.map((n) => n.message).sort()).toEqual([...message].sort());
      const audits = (
        await t.database.db.select().from(auditLog).where(eq(auditLog.eventType, 'ORDER_STATUS_CHANGED'))
      ).filter((row) => row.meta.orderId === order.id && row.meta.newStatus === status);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ actorId: owner.id, meta: { oldStatus: previous } });
      previous = status;
    }
    const { order: pickupOrder } = (await (await place(cookie, pickup())).json()) as PlaceOrderResponse;
    await t.database.db.delete(notification).where(eq(notification.userId, user.id));
    expect((await setStatus(pickupOrder.id, 'ready-for-pickup')).status).toBe(200);
    const notes = await t.database.db.select().from(notification).where(eq(notification.userId, user.id));
    expect(notes.map((n) => [n.message, n.link])).toEqual([
      [`Your order #${pickupOrder.shortId} is ready for pickup.`, '/orders'],
    ]);
  });

  it('returns an order to the queue with its driver, claim and ETA cleared', async () => {
    const { cookie } = await signedInMember(t);
    const driver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
    const { order } = (await (await place(cookie, delivery())).json()) as PlaceOrderResponse;
    await t.database.db
      .update(shopOrder)
      .set({
        status: 'in-progress',
        assignedDriverId: driver.id,
        claimedAt: t.clock.now(),
        etaMinutes: 20,
        etaSubmittedAt: t.clock.now(),
      })
      .where(eq(shopOrder.id, order.id));
    expect((await setStatus(order.id, 'available')).status).toBe(200);
    const [row] = await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(row).toMatchObject({
      status: 'available',
      assignedDriverId: null,
      claimedAt: null,
      etaMinutes: null,
      etaSubmittedAt: null,
    });
  });

  it('keeps when staff confirmed an order, so the member’s timeline shows Confirmed only when someone did', async () => {
    const { cookie } = await signedInMember(t);
    const mine = async (id: string) =>
      (
        (await (await t.call('GET', '/api/orders', undefined, as(cookie))).json()) as MyOrdersResponse
      ).items.find((order) => order.id === id)!;
    const { order: skipped } = (await (await place(cookie, pickup())).json()) as PlaceOrderResponse;
    expect(skipped.confirmedAt).toBeNull();
    expect((await setStatus(skipped.id, 'ready-for-pickup')).status).toBe(200);
    expect(timelineFor(await mine(skipped.id))).toEqual(['Placed', 'Ready for pickup', 'Completed']);

    const { order: confirmed } = (await (await place(cookie, pickup())).json()) as PlaceOrderResponse;
    expect((await setStatus(confirmed.id, 'confirmed')).status).toBe(200);
    const at = t.clock.now().toISOString();
    expect((await setStatus(confirmed.id, 'ready-for-pickup')).status).toBe(200);
    expect(await mine(confirmed.id)).toMatchObject({ status: 'ready-for-pickup', confirmedAt: at });
    expect(timelineFor(await mine(confirmed.id))).toEqual([
      'Placed',
      'Confirmed',
      'Ready for pickup',
      'Completed',
    ]);
    // Back to pending: nobody has confirmed it any more.
    expect((await setStatus(confirmed.id, 'pending')).status).toBe(200);
    expect((await mine(confirmed.id)).confirmedAt).toBeNull();
  });

  it('is refused to members and answers 404 for an unknown order', async () => {
    const member = await signedInMember(t);
    const { order } = (await (await place(member.cookie, pickup())).json()) as PlaceOrderResponse;
    expect((await setStatus(order.id, 'confirmed', member.cookie)).status).toBe(403);
    expect((await setStatus('order-nope', 'confirmed')).status).toBe(404);
  });
});
