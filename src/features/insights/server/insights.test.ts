import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { applyAward } from '~/features/economy/server/ledger.service';
import { changeStoreCredit } from '~/features/economy/server/store-credit.service';
import { insertSticker, seedShopWithSticker } from '~/features/shop/server/shop.seed';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { orderItem, shopOrder } from '~/server/db/tables/orders.tables';
import type { InsightsResponse } from '../insights.schema';

/**
 * The Overview's figures against a fixture counted by hand (issue 49), on both databases. The shop is in New York
 * (UTC-5 in November); the range is Tuesday 10 to Monday 16 November 2026, so 04:30Z on the 10th is still the 9th.
 */
let t: TestContext;
let owner: { id: string; cookie: string };
let members: string[] = [];
let stickerA: string;
let stickerB: string;

const at = (iso: string) => new Date(iso);
let orders = 0;
async function order(
  userId: string,
  createdAt: string,
  fields: Partial<typeof shopOrder.$inferInsert> & { lines: [string, string, number, number][] },
) {
  orders += 1;
  const id = `order-insights-${orders}`;
  const { lines, ...rest } = fields;
  await t.database.db.insert(shopOrder).values({
    id,
    userId,
    idempotencyKey: id,
    userName: 'x',
    userEmail: 'x@example.com',
    userPhone: '2025550100',
    pickupLocation: 'van ness',
    deliveryMethod: 'Pickup',
    paymentMethod: 'Cash',
    subtotalCents: 0,
    deliveryFeeCents: 0,
    totalCents: 0,
    status: 'completed',
    createdAt: at(createdAt),
    updatedAt: at(createdAt),
    ...rest,
  });
  await t.database.db.insert(orderItem).values(
    lines.map(([stickerId, size, quantity, unit], index) => ({
      id: `${id}-${index}`,
      orderId: id,
      stickerId,
      stickerName: stickerId === stickerA ? '=Formula Kush' : 'Plain Haze',
      size,
      quantity,
      unitPriceCents: unit,
      lineTotalCents: unit * quantity,
    })),
  );
  return id;
}

beforeAll(async () => {
  t = await createTestContext();
  await seedShopWithSticker(t.database.db, at('2026-11-01T12:00:00Z'), { name: 'Seed' });
  stickerA = await insertSticker(t.database.db, {
    name: '=Formula Kush',
    type: 'Hybrid',
    description: 'x',
    price35gCents: 4000,
    stock35g: 0,
  });
  stickerB = await insertSticker(t.database.db, {
    name: 'Plain Haze',
    type: 'Sativa',
    description: 'x',
    price35gCents: 2500,
  });
  owner = await signedInWithRoles(t, ['Owner']);
  // Three members who joined in the range (one referred by the first), one the week before.
  members = [];
  for (const [n, joined] of [
    '2026-11-10T15:00:00Z',
    '2026-11-12T15:00:00Z',
    '2026-11-16T15:00:00Z',
    '2026-11-05T15:00:00Z',
  ].entries()) {
    const staff = await signedInWithRoles(t, ['Member'], { name: `Insight Member ${n}` });
    await t.database.db
      .update(user)
      .set({ createdAt: at(joined) })
      .where(eq(user.id, staff.id));
    members.push(staff.id);
  }
  await t.database.db.update(user).set({ referredBy: members[0] }).where(eq(user.id, members[1]!));

  // Before the range: the evening of the 9th in New York (the previous period).
  await order(members[3]!, '2026-11-10T04:30:00Z', {
    totalCents: 3000,
    subtotalCents: 3000,
    lines: [[stickerB, '3.5g', 1, 3000]],
  });
  // In the range: just after midnight on the 10th; a delivery with a fee, claimed and delivered on time.
  await order(members[0]!, '2026-11-10T05:30:00Z', {
    deliveryMethod: 'Delivery',
    paymentMethod: 'Cash App',
    subtotalCents: 8000,
    deliveryFeeCents: 2000,
    totalCents: 10000,
    claimedAt: at('2026-11-10T06:00:00Z'),
    etaSubmittedAt: at('2026-11-10T06:01:00Z'),
    etaMinutes: 30,
    completedAt: at('2026-11-10T06:20:00Z'),
    lines: [[stickerA, '3.5g', 2, 4000]],
  });
  // A delivery late for its ETA, left at the door.
  await order(members[1]!, '2026-11-12T17:00:00Z', {
    deliveryMethod: 'Delivery',
    subtotalCents: 2500,
    deliveryFeeCents: 2000,
    totalCents: 4500,
    claimedAt: at('2026-11-12T17:10:00Z'),
    etaSubmittedAt: at('2026-11-12T17:11:00Z'),
    etaMinutes: 10,
    completedAt: at('2026-11-12T17:50:00Z'),
    leftAtDoorAt: at('2026-11-12T17:50:00Z'),
    lines: [[stickerB, '3.5g', 1, 2500]],
  });
  // Cancelled: counted only in the cancelled share.
  await order(members[2]!, '2026-11-14T20:00:00Z', {
    status: 'cancelled',
    subtotalCents: 4000,
    totalCents: 4000,
    lines: [[stickerA, '3.5g', 1, 4000]],
  });
  // Paid in part with $15 of store credit, with a promo code, late on the 16th in New York (04:00Z on the 17th).
  await order(members[0]!, '2026-11-17T04:00:00Z', {
    subtotalCents: 5000,
    promoCode: 'SAVE10',
    promoCents: 500,
    storeCreditCents: 1500,
    totalCents: 3000,
    lines: [[stickerB, '3.5g', 2, 2500]],
  });
  // After the range: just after midnight on the 17th.
  await order(members[2]!, '2026-11-17T05:30:00Z', {
    totalCents: 9999,
    subtotalCents: 9999,
    lines: [[stickerB, '3.5g', 1, 9999]],
  });

  // The coin economy: a staff adjustment, the member spending some, and credit still held.
  await t.database.db.transaction(async (tx) => {
    await applyAward(tx, {
      userId: members[2]!,
      coins: 300,
      xp: 40,
      reason: 'adjustment',
      at: at('2026-11-11T15:00:00Z'),
    });
    await applyAward(tx, {
      userId: members[2]!,
      coins: -120,
      xp: 0,
      reason: 'redeem',
      at: at('2026-11-13T15:00:00Z'),
    });
    await applyAward(tx, {
      userId: members[2]!,
      coins: 50,
      xp: 0,
      reason: 'adjustment',
      at: at('2026-11-20T15:00:00Z'),
    });
    await changeStoreCredit(tx, {
      userId: members[1]!,
      deltaCents: 2500,
      reason: 'reward',
      reference: 'insights-credit',
      at: at('2026-11-11T15:00:00Z'),
    });
  });
});
afterAll(() => t.close());

const get = (path: string, cookie = owner.cookie) => t.call('GET', path, undefined, { Cookie: cookie });
const insights = async (from = '2026-11-10', to = '2026-11-16') => {
  const response = await get(`/api/admin/insights?from=${from}&to=${to}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as InsightsResponse;
};

describe('the Overview’s figures', () => {
  it('count sales by the shop’s days, leave cancelled orders out, and compare with the week before', async () => {
    const { range, sales } = await insights();
    expect(range).toEqual({
      from: '2026-11-10',
      to: '2026-11-16',
      days: 7,
      previousFrom: '2026-11-03',
      previousTo: '2026-11-09',
      timeZone: 'America/New_York',
    });
    // $100 + $45 + $30 collected; without fees $80 + $25 + $30; one of four placed was cancelled.
    expect(sales.totals).toEqual({
      revenueCents: 17500,
      revenueWithoutFeesCents: 13500,
      orders: 3,
      averageOrderCents: 5833,
      cancelledShare: 0.25,
    });
    expect(sales.previous).toEqual({
      revenueCents: 3000,
      revenueWithoutFeesCents: 3000,
      orders: 1,
      averageOrderCents: 3000,
      cancelledShare: 0,
    });
    expect(sales.daily).toHaveLength(7);
    expect(sales.daily.filter((day) => day.orders > 0)).toEqual([
      { day: '2026-11-10', revenueCents: 10000, revenueWithoutFeesCents: 8000, orders: 1 },
      { day: '2026-11-12', revenueCents: 4500, revenueWithoutFeesCents: 2500, orders: 1 },
      { day: '2026-11-16', revenueCents: 3000, revenueWithoutFeesCents: 3000, orders: 1 },
    ]);
    expect(sales.methods).toEqual([
      { name: 'Delivery', orders: 2, revenueCents: 14500 },
      { name: 'Pickup', orders: 1, revenueCents: 3000 },
    ]);
    expect(sales.payments).toEqual([
      { name: 'Cash', orders: 2, revenueCents: 7500 },
      { name: 'Cash App', orders: 1, revenueCents: 10000 },
    ]);
    expect(sales.promoCodes).toEqual([{ code: 'SAVE10', orders: 1, discountCents: 500 }]);
  });

  it('rank stickers by revenue and by units, with sizes and what is sold out now', async () => {
    const { products } = await insights();
    expect(products.byRevenue.map((row) => [row.name, row.units, row.revenueCents])).toEqual([
      ['=Formula Kush', 2, 8000],
      ['Plain Haze', 3, 7500],
    ]);
    expect(products.byUnits.map((row) => row.name)).toEqual(['Plain Haze', '=Formula Kush']);
    expect(products.byRevenue[0]!.rating).toBeNull();
    expect(products.sizes).toEqual([{ size: '3.5g', units: 5, revenueCents: 15500 }]);
    expect(products.soldOut).toEqual([{ stickerId: stickerA, name: '=Formula Kush', size: '3.5g' }]);
  });

  it('count new, active and repeat members, and who referred them', async () => {
    const { members: figures } = await insights();
    // Mondays in New York: the 9th and the 16th.
    expect(figures.newPerWeek).toEqual([
      { weekStart: '2026-11-09', members: 2, referred: 1 },
      { weekStart: '2026-11-16', members: 1, referred: 0 },
    ]);
    expect(figures.newMembers).toBe(3);
    // The Owner and the member of the 5th joined in the week before (the Owner at the test clock's time is later).
    expect(figures.previousNewMembers).toBe(1);
    // Members 0, 1 and 2 ordered (2's order was cancelled, but they still came); member 3 ordered before.
    expect(figures.activeMembers).toBe(3);
    expect(figures.previousActiveMembers).toBe(1);
    // Customers with an order that stands: 0 (two orders) and 1 (one).
    expect(figures.repeat).toEqual({ customers: 2, repeatCustomers: 1, share: 0.5 });
    expect(figures.topReferrers).toEqual([{ memberId: members[0], name: 'Insight Member 0', referred: 1 }]);
  });

  it('time deliveries from the claim to delivered, and count the on-time ones by the ETA the driver gave', async () => {
    const { deliveries } = await insights();
    // 20 and 40 minutes: the median is 30, the 90th percentile 38.
    expect(deliveries).toMatchObject({
      delivered: 2,
      medianMinutes: 30,
      p90Minutes: 38,
      onTimeShare: 0.5,
      photoDeliveries: 1,
    });
    expect(deliveries.ordersByHour).toHaveLength(24);
    // 00:30, 12:00, 15:00 and 23:00 in New York.
    expect(deliveries.ordersByHour.filter((hour) => hour.orders > 0)).toEqual([
      { hour: 0, orders: 1 },
      { hour: 12, orders: 1 },
      { hour: 15, orders: 1 },
      { hour: 23, orders: 1 },
    ]);
  });

  it('count coins issued and spent by cause, and what members hold now', async () => {
    const { economy } = await insights();
    expect(economy.weekly).toEqual([{ weekStart: '2026-11-09', issued: 300, spent: 120 }]);
    expect(economy.byCause).toEqual([
      { cause: 'adjustment', label: 'Adjustment by the Vault Team', issued: 300, spent: 0 },
      { cause: 'redeem', label: 'Reward redeemed', issued: 0, spent: 120 },
    ]);
    expect(economy.xpIssued).toBe(40);
    const [held] = await t.database.db
      .select({ coins: user.exoticCoins })
      .from(user)
      .where(eq(user.id, members[2]!));
    expect(held!.coins).toBe(230);
    // The members' 230 coins; the Owner's own coins are left out.
    expect(economy.outstandingCoins).toBe(230);
    expect(economy.storeCreditOutstandingCents).toBe(2500);
  });
});

describe('who may read and export them', () => {
  it('lets Read-Only read but not export, refuses a Driver, and refuses a range the wrong way round', async () => {
    const readOnly = await signedInWithRoles(t, ['Read-Only']);
    const driver = await signedInWithRoles(t, ['Driver']);
    expect((await get('/api/admin/insights?from=2026-11-10&to=2026-11-16', readOnly.cookie)).status).toBe(
      200,
    );
    expect(
      (await get('/api/admin/insights/export?section=sales&from=2026-11-10&to=2026-11-16', readOnly.cookie))
        .status,
    ).toBe(403);
    expect((await get('/api/admin/insights?from=2026-11-10&to=2026-11-16', driver.cookie)).status).toBe(403);
    const backwards = await get('/api/admin/insights?from=2026-11-16&to=2026-11-10');
    expect(backwards.status).toBe(400);
    expect((await get('/api/admin/insights?from=2025-01-01&to=2026-11-10')).status).toBe(400);
    const impossible = await get('/api/admin/insights?from=2026-02-31&to=2026-03-02');
    expect(impossible.status).toBe(400);
    expect(((await impossible.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual(
      {
        from: 'Choose a day (YYYY-MM-DD).',
      },
    );
    expect((await get('/api/admin/insights/export?section=sales&from=2025-01-01&to=2026-11-10')).status).toBe(
      400,
    );
  });

  it('exports a section as formula-safe CSV, audited with the section and the days', async () => {
    const admin = await signedInWithRoles(t, ['Admin']);
    const response = await get(
      '/api/admin/insights/export?section=products&from=2026-11-10&to=2026-11-16',
      admin.cookie,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="insights-products-2026-11-10-to-2026-11-16.csv"',
    );
    const csv = await response.text();
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      'Sticker (by revenue),Units,Revenue ($),Rating',
      "'=Formula Kush,2,80.00,",
      'Plain Haze,3,75.00,',
    ]);
    expect(csv).not.toContain('@example.com');
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(row).toMatchObject({
      eventType: 'INSIGHTS_EXPORTED',
      meta: { section: 'products', from: '2026-11-10', to: '2026-11-16' },
    });
  });
});
