import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '~/shared/app-error';
import type { SessionResponse } from '~/shared/session';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { applyAward } from '~/features/economy/server/ledger.service';
import type { RedeemResponse } from '~/features/economy/rewards.schema';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder, storeCreditEntry } from '~/server/db/tables/orders.tables';
import type { OrderQuote, PlaceOrderInput, PlaceOrderResponse, QuoteCartInput } from '../orders.schema';
import type { DeliveryRules, DeliveryTermsResponse } from '../shop.schema';
import { insertSticker, seedShopWithSticker } from './shop.seed';

/** Delivery areas and hours, store credit and reward-only orders (issue 48), on both databases. */
type Someone = { cookie: string; id: string };
let t: TestContext;
let owner: Someone;
let stickerId: string;

beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_ORDERS_PER_USER: '1000/60' } });
  await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Seed Sticker' });
  // $40 the 3.5g; the shop's fee is $20 (the seed's settings).
  stickerId = await insertSticker(t.database.db, {
    name: 'Area Sticker',
    type: 'Hybrid',
    description: 'x',
    price35gCents: 4000,
  });
  owner = await signedInWithRoles(t, ['Owner']);
});
afterAll(() => t.close());

const as = (who: Someone) => ({ Cookie: who.cookie });
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
async function newMember(): Promise<Someone & { password: string }> {
  const signedIn = await signedInMember(t);
  return { cookie: signedIn.cookie, id: signedIn.user.id, password: signedIn.input.password };
}

const quote = async (who: Someone, body: QuoteCartInput) => {
  const response = await t.call('POST', '/api/orders/quote', body, as(who));
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as OrderQuote;
};
const oneSticker = (quantity = 1) => [{ stickerId, size: '3.5g' as const, quantity }];

let keys = 0;
function order(overrides: Partial<PlaceOrderInput>): PlaceOrderInput {
  return {
    idempotencyKey: `area-credit-${(keys += 1)}-${Date.now()}`,
    deliveryMethod: 'Delivery',
    paymentMethod: 'Cash',
    phone: '+12025550142',
    address: '1 Main St, Washington, DC 20001',
    items: oneSticker(),
    rewardIds: [],
    expectedTotalCents: 0,
    ...overrides,
  };
}
const place = (who: Someone, body: PlaceOrderInput) => t.call('POST', '/api/orders', body, as(who));
async function placed(who: Someone, body: PlaceOrderInput) {
  const response = await place(who, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as PlaceOrderResponse).order;
}
const ordersOf = (who: Someone) => t.database.db.$count(shopOrder, eq(shopOrder.userId, who.id));

const addArea = (body: Record<string, unknown>, who: Someone = owner) =>
  t.call('POST', '/api/admin/delivery-areas', body, as(who));
const setHours = (days: { weekday: number; opensAt: number; closesAt: number }[]) =>
  t.call('PUT', '/api/admin/delivery-hours', { days }, as(owner));
const rules = async () =>
  (await (await t.call('GET', '/api/admin/delivery-rules', undefined, as(owner))).json()) as DeliveryRules;

describe('delivery areas', () => {
  it('price Delivery by the ZIP code’s area, refuse a ZIP outside them offering Pickup, and leave Pickup alone', async () => {
    const member = await newMember();
    const cart: QuoteCartInput = { deliveryMethod: 'Delivery', items: oneSticker(), zip: '20001' };
    // No areas: today's behaviour, the settings' fee anywhere.
    expect(await quote(member, cart)).toMatchObject({
      zipRequired: false,
      deliveryArea: null,
      deliveryFeeCents: 2000,
      deliveryProblem: null,
      totalCents: 6000,
    });

    const created = await addArea({
      name: 'Downtown',
      zips: '20001, 20002\n20003',
      feeCents: 500,
      minimumCents: 3000,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const downtown = ((await created.json()) as DeliveryRules).areas.find(
      (area) => area.name === 'Downtown',
    )!;
    expect(downtown.zips).toEqual(['20001', '20002', '20003']);
    const terms = (await (
      await t.call('GET', '/api/shop/delivery', undefined, as(member))
    ).json()) as DeliveryTermsResponse;
    expect(terms.zipRequired).toBe(true);

    expect(await quote(member, cart)).toMatchObject({
      zipRequired: true,
      deliveryArea: 'Downtown',
      deliveryFeeCents: 500,
      deliveryProblem: null,
      totalCents: 4500,
    });
    const outside = await quote(member, { ...cart, zip: '90210' });
    expect(outside.deliveryProblem).toBe(
      'We don’t deliver to 90210. Choose Pickup to collect your order from one of our locations.',
    );
    expect((await quote(member, { ...cart, zip: '' })).deliveryProblem).toBe(
      'Enter the 5-digit ZIP code of your delivery address.',
    );
    expect((await quote(member, { ...cart, deliveryMethod: 'Pickup', zip: '' })).deliveryProblem).toBeNull();

    // Submit refuses what the quote flags, and stores nothing.
    const before = await ordersOf(member);
    const refused = await place(member, order({ zip: '90210', expectedTotalCents: outside.totalCents }));
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(outside.deliveryProblem);
    expect(await ordersOf(member)).toBe(before);

    // Inside: the order keeps the area's fee and name.
    const inArea = await placed(member, order({ zip: '20001', expectedTotalCents: 4500 }));
    expect(inArea).toMatchObject({ deliveryFeeCents: 500, deliveryArea: 'Downtown', totalCents: 4500 });
    await t.call('DELETE', `/api/admin/delivery-areas/${downtown.id}`, undefined, as(owner));
  });

  it('hold a Delivery order to its area’s minimum on the stickers, naming what is missing', async () => {
    const member = await newMember();
    const created = await addArea({ name: 'Suburbs', zips: '20850', feeCents: 1000, minimumCents: 10_000 });
    const area = ((await created.json()) as DeliveryRules).areas.find((a) => a.name === 'Suburbs')!;
    const short = await quote(member, { deliveryMethod: 'Delivery', items: oneSticker(2), zip: '20850' });
    expect(short.deliveryProblem).toBe(
      'Delivery to Suburbs needs an order of at least $100.00: add $20.00 more, or choose Pickup.',
    );
    const refused = await place(
      member,
      order({ zip: '20850', items: oneSticker(2), expectedTotalCents: short.totalCents }),
    );
    expect(refused.status).toBe(400);
    const enough = await quote(member, { deliveryMethod: 'Delivery', items: oneSticker(3), zip: '20850' });
    expect(enough).toMatchObject({ deliveryProblem: null, totalCents: 13_000 });
    await t.call('DELETE', `/api/admin/delivery-areas/${area.id}`, undefined, as(owner));
  });

  it('refuse a ZIP another area covers, a name taken in other letters, a ZIP that is not 5 digits, and members', async () => {
    const first = await addArea({ name: 'Navy Yard', zips: '20003', feeCents: 0, minimumCents: 0 });
    expect(first.status).toBe(201);
    const area = ((await first.json()) as DeliveryRules).areas.find((a) => a.name === 'Navy Yard')!;
    const before = await rules();

    const taken = await addArea({ name: 'Capitol Hill', zips: '20002 20003', feeCents: 0, minimumCents: 0 });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).message).toBe(
      '20003 is already in the area “Navy Yard”. Remove it there first.',
    );
    const sameName = await addArea({ name: 'navy yard', zips: '20004', feeCents: 0, minimumCents: 0 });
    expect(sameName.status).toBe(409);
    const notZip = await addArea({ name: 'Elsewhere', zips: '2000, 20005', feeCents: 0, minimumCents: 0 });
    expect(notZip.status).toBe(400);
    expect(JSON.stringify(await errorOf(notZip))).toContain('“2000” is not a 5-digit ZIP code.');
    const member = await newMember();
    expect(
      (await addArea({ name: 'Mine', zips: '20006', feeCents: 0, minimumCents: 0 }, member)).status,
    ).toBe(403);
    // Nothing refused changed anything.
    expect(await rules()).toEqual(before);

    // Editing moves a ZIP; the old one is free again.
    const edited = await t.call(
      'PUT',
      `/api/admin/delivery-areas/${area.id}`,
      { name: 'Navy Yard', zips: '20024', feeCents: 300, minimumCents: 0 },
      as(owner),
    );
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(((await edited.json()) as DeliveryRules).areas.find((a) => a.id === area.id)).toMatchObject({
      zips: ['20024'],
      feeCents: 300,
    });
    expect(
      (await addArea({ name: 'Capitol Hill', zips: '20003', feeCents: 0, minimumCents: 0 })).status,
    ).toBe(201);
    const audits = await t.database.db
      .select({ meta: auditLog.meta })
      .from(auditLog)
      .where(eq(auditLog.eventType, 'DELIVERY_AREA_SAVED'));
    expect(audits.some((row) => (row.meta as { created?: boolean }).created === false)).toBe(true);
    for (const a of (await rules()).areas) {
      await t.call('DELETE', `/api/admin/delivery-areas/${a.id}`, undefined, as(owner));
    }
    expect((await rules()).areas).toEqual([]);
  });
});

describe('delivery hours', () => {
  // The shop's time zone is America/New_York (the seed): 14:00 UTC on a Monday in June is 10:00 there.
  const at = (iso: string) => t.clock.set(new Date(iso));
  const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: 600, closesAt: 1320 }));

  it('refuse Delivery outside them with the next opening, in the shop’s time zone; Pickup stays open', async () => {
    const saved = t.clock.now();
    const member = await newMember();
    expect((await setHours(weekdays)).status).toBe(200);
    const cart: QuoteCartInput = { deliveryMethod: 'Delivery', items: oneSticker() };
    try {
      at('2026-06-07T16:00:00Z'); // Sunday noon
      expect((await quote(member, cart)).deliveryProblem).toBe(
        'Delivery is closed right now. It opens again tomorrow at 10:00 AM. Choose Pickup to order now.',
      );
      at('2026-06-08T13:59:00Z'); // Monday 9:59
      expect((await quote(member, cart)).deliveryProblem).toBe(
        'Delivery is closed right now. It opens again today at 10:00 AM. Choose Pickup to order now.',
      );
      at('2026-06-08T14:00:00Z'); // Monday 10:00
      expect((await quote(member, cart)).deliveryProblem).toBeNull();
      at('2026-06-13T02:00:00Z'); // Friday 22:00: closed, and Saturday and Sunday too
      const closed = await quote(member, cart);
      expect(closed.deliveryProblem).toBe(
        'Delivery is closed right now. It opens again Monday at 10:00 AM. Choose Pickup to order now.',
      );
      expect((await place(member, order({ expectedTotalCents: closed.totalCents }))).status).toBe(400);
      expect((await quote(member, { ...cart, deliveryMethod: 'Pickup' })).deliveryProblem).toBeNull();

      // Hours that close before they open are refused; no hours at all is always open.
      expect((await setHours([{ weekday: 1, opensAt: 600, closesAt: 600 }])).status).toBe(400);
      expect((await rules()).hours).toHaveLength(5);
      expect((await setHours([])).status).toBe(200);
      expect((await quote(member, cart)).deliveryProblem).toBeNull();
    } finally {
      t.clock.set(saved);
      await setHours([]);
    }
  });
});

/** A member with `cents` of store credit, the way a member gets it: a cash-or-credit reward approved as credit. */
async function memberWithCredit(): Promise<Someone & { password: string }> {
  const member = await newMember();
  await t.database.db.transaction((tx) =>
    applyAward(tx, { userId: member.id, coins: 2500, xp: 0, reason: 'adjustment', at: t.clock.now() }),
  );
  const redeemed = await t.call(
    'POST',
    '/api/rewards/reward-cash-credit/redeem',
    { expectedCost: 2500, idempotencyKey: `credit-${member.id}` },
    as(member),
  );
  expect(redeemed.status, await redeemed.clone().text()).toBe(201);
  const { redemption } = (await redeemed.json()) as RedeemResponse;
  const approved = await t.call(
    'POST',
    `/api/admin/rewards/requests/${redemption.id}/approve`,
    { payAs: 'credit' },
    as(owner),
  );
  expect(approved.status, await approved.clone().text()).toBe(200);
  return member;
}
const creditOf = async (who: Someone) => {
  const session = (await (
    await t.call('GET', '/api/accounts/session', undefined, as(who))
  ).json()) as SessionResponse;
  return session.user!.storeCreditCents;
};
async function expectCreditMatchesLedger(who: Someone) {
  const [sum] = await t.database.db
    .select({ cents: sql<number>`coalesce(sum(${storeCreditEntry.deltaCents}), 0)::int` })
    .from(storeCreditEntry)
    .where(eq(storeCreditEntry.userId, who.id));
  const [row] = await t.database.db
    .select({ cents: user.storeCreditCents })
    .from(user)
    .where(eq(user.id, who.id));
  expect(row!.cents).toBe(sum!.cents);
}

describe('store credit', () => {
  it('pays what it can of an order, the fee included, and the rest is paid as chosen', async () => {
    const member = await memberWithCredit();
    expect(await creditOf(member)).toBe(10_000);
    // 3 × $40 + $20 fee = $140: $100 of credit, $40 to pay in cash.
    const priced = await quote(member, { deliveryMethod: 'Delivery', items: oneSticker(3) });
    expect(priced).toMatchObject({
      subtotalCents: 12_000,
      deliveryFeeCents: 2000,
      storeCreditCents: 10_000,
      totalCents: 4000,
    });
    const placedOrder = await placed(member, order({ items: oneSticker(3), expectedTotalCents: 4000 }));
    expect(placedOrder).toMatchObject({ storeCreditCents: 10_000, totalCents: 4000, paymentMethod: 'Cash' });
    expect(await creditOf(member)).toBe(0);
    await expectCreditMatchesLedger(member);
  });

  it('covers a whole order and reads as the payment; a cancel gives it back once and the order cannot be reopened', async () => {
    const member = await memberWithCredit();
    const priced = await quote(member, { deliveryMethod: 'Delivery', items: oneSticker() });
    expect(priced).toMatchObject({ storeCreditCents: 6000, totalCents: 0 });
    const paid = await placed(member, order({ expectedTotalCents: 0 }));
    expect(paid).toMatchObject({ paymentMethod: 'Store credit', storeCreditCents: 6000, totalCents: 0 });
    expect(await creditOf(member)).toBe(4000);

    const cancelled = await t.call(
      'PATCH',
      `/api/admin/orders/${paid.id}/status`,
      { status: 'cancelled' },
      as(owner),
    );
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await creditOf(member)).toBe(10_000);
    // Cancelling again changes nothing; reopening would spend the credit twice.
    await t.call('PATCH', `/api/admin/orders/${paid.id}/status`, { status: 'cancelled' }, as(owner));
    const reopened = await t.call(
      'PATCH',
      `/api/admin/orders/${paid.id}/status`,
      { status: 'available' },
      as(owner),
    );
    expect(reopened.status).toBe(400);
    expect((await errorOf(reopened)).message).toBe(
      'This order was paid with store credit, which went back to the member when it was cancelled, so it cannot be reopened. Ask the member to order again.',
    );
    expect(await creditOf(member)).toBe(10_000);
    await expectCreditMatchesLedger(member);
  });

  it('comes back when the member cancels their own order', async () => {
    const member = await memberWithCredit();
    const paid = await placed(
      member,
      order({ deliveryMethod: 'Pickup', pickupLocation: 'van ness', expectedTotalCents: 0 }),
    );
    expect(await creditOf(member)).toBe(6000);
    const cancelled = await t.call('POST', `/api/orders/${paid.id}/cancel`, undefined, as(member));
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await creditOf(member)).toBe(10_000);
    await expectCreditMatchesLedger(member);
  });

  it('keeps Delete My Account from going through while any is left', async () => {
    const member = await memberWithCredit();
    const refused = await t.call(
      'POST',
      '/api/profile/delete-account',
      { password: member.password },
      as(member),
    );
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      'You have $100.00 of store credit. Spend it on an order, or ask the shop about it, then delete your account.',
    );
    const [row] = await t.database.db
      .select({ deletedAt: user.deletedAt })
      .from(user)
      .where(eq(user.id, member.id));
    expect(row!.deletedAt).toBeNull();
  });
});

describe('reward-only orders', () => {
  async function memberWithReward(
    rewardId: string,
    cost: number,
  ): Promise<{ member: Someone; redemptionId: string }> {
    const member = await newMember();
    await t.database.db.transaction((tx) =>
      applyAward(tx, { userId: member.id, coins: cost, xp: 0, reason: 'adjustment', at: t.clock.now() }),
    );
    const redeemed = await t.call(
      'POST',
      `/api/rewards/${rewardId}/redeem`,
      { expectedCost: cost, idempotencyKey: `only-${member.id}` },
      as(member),
    );
    expect(redeemed.status, await redeemed.clone().text()).toBe(201);
    return { member, redemptionId: ((await redeemed.json()) as RedeemResponse).redemption.id };
  }

  it('go out without a sticker: Pickup for $0, Delivery with the fee, unless Free Delivery rides along', async () => {
    const preRoll = await memberWithReward('reward-pre-roll', 63);
    const pickup = await placed(
      preRoll.member,
      order({
        deliveryMethod: 'Pickup',
        pickupLocation: 'van ness',
        items: [],
        rewardIds: [preRoll.redemptionId],
      }),
    );
    expect(pickup).toMatchObject({ subtotalCents: 0, totalCents: 0 });
    expect(pickup.items.map((item) => item.size)).toEqual(['Reward']);

    const delivered = await memberWithReward('reward-pre-roll', 63);
    const priced = await quote(delivered.member, {
      deliveryMethod: 'Delivery',
      items: [],
      rewardIds: [delivered.redemptionId],
    });
    expect(priced).toMatchObject({ subtotalCents: 0, deliveryFeeCents: 2000, totalCents: 2000 });
    await placed(
      delivered.member,
      order({ items: [], rewardIds: [delivered.redemptionId], expectedTotalCents: 2000 }),
    );

    const free = await memberWithReward('reward-free-delivery', 100);
    const freeQuote = await quote(free.member, {
      deliveryMethod: 'Delivery',
      items: [],
      rewardIds: [free.redemptionId],
    });
    // A Free Delivery alone delivers nothing: refused, as the quote says.
    expect(freeQuote).toMatchObject({
      freeDelivery: true,
      deliveryFeeCents: 0,
      totalCents: 0,
      rewardsProblem: 'A Free Delivery needs something to deliver: add a sticker or another reward.',
    });
    const nothing = await place(
      free.member,
      order({ items: [], rewardIds: [free.redemptionId], expectedTotalCents: 0 }),
    );
    expect(nothing.status).toBe(400);
    expect(await ordersOf(free.member)).toBe(0);
  });

  it('are not held to an area’s minimum, and an empty cart is still refused', async () => {
    const created = await addArea({
      name: 'Minimum Land',
      zips: '20010',
      feeCents: 700,
      minimumCents: 50_000,
    });
    const area = ((await created.json()) as DeliveryRules).areas.find((a) => a.name === 'Minimum Land')!;
    const { member, redemptionId } = await memberWithReward('reward-pre-roll', 63);
    const priced = await quote(member, {
      deliveryMethod: 'Delivery',
      items: [],
      rewardIds: [redemptionId],
      zip: '20010',
    });
    expect(priced).toMatchObject({ deliveryProblem: null, deliveryFeeCents: 700, totalCents: 700 });
    const empty = await place(
      member,
      order({ items: [], rewardIds: [], zip: '20010', expectedTotalCents: 700 }),
    );
    expect(empty.status).toBe(400);
    await placed(
      member,
      order({ items: [], rewardIds: [redemptionId], zip: '20010', expectedTotalCents: 700 }),
    );
    await t.call('DELETE', `/api/admin/delivery-areas/${area.id}`, undefined, as(owner));
  });
});
