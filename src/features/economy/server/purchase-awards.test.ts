import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedShopWithSticker } from '~/features/shop/server/shop.seed';
import type { PlaceOrderResponse } from '~/features/shop/orders.schema';
import { user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

let t: TestContext;
let stickerId: string;
let owner: Awaited<ReturnType<typeof signedInWithRoles>>;
beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_ORDERS_PER_USER: '1000/60' } });
  stickerId = await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Award Sticker' });
  owner = await signedInWithRoles(t, ['Owner']);
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });
let household = 0;

/** A member at an address and phone of their own (members sharing one with their referrer earn no referral). */
async function memberOfOwnHousehold(overrides: Record<string, unknown> = {}) {
  household += 1;
  const suffix = String(household).padStart(2, '0');
  return signedInMember(t, {
    phone: `(202) 555-02${suffix}`,
    address: `${household} Own Street NW, Washington, DC`,
    ...overrides,
  });
}

let orders = 0;
async function completedOrder(cookie: string): Promise<string> {
  orders += 1;
  const placed = await t.call(
    'POST',
    '/api/orders',
    {
      idempotencyKey: `award-${orders}-${Date.now()}`,
      deliveryMethod: 'Pickup',
      pickupLocation: 'van ness',
      paymentMethod: 'Cash',
      phone: '202-555-0190',
      items: [{ stickerId, size: '3.5g', quantity: 1 }],
      expectedTotalCents: 4500,
    },
    as(cookie),
  );
  expect(placed.status).toBe(201);
  const { order } = (await placed.json()) as PlaceOrderResponse;
  await setStatus(order.id, 'completed');
  return order.id;
}

async function setStatus(orderId: string, status: string) {
  const response = await t.call('PATCH', `/api/admin/orders/${orderId}/status`, { status }, as(owner.cookie));
  expect(response.status).toBe(200);
}

const ledgerOf = async (userId: string, reason: string) =>
  t.database.db
    .select({ coins: ledgerEntry.deltaCoins, xp: ledgerEntry.deltaXp })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.userId, userId), eq(ledgerEntry.reason, reason)));
const balanceOf = async (userId: string) =>
  (
    await t.database.db.select({ xp: user.xp, coins: user.exoticCoins }).from(user).where(eq(user.id, userId))
  )[0]!;
const notesOf = async (userId: string) =>
  (await t.database.db.select().from(notification).where(eq(notification.userId, userId))).map(
    (n) => n.message,
  );

describe('Personal Purchase', () => {
  it('pays the member 150 XP once when their order is completed, even if it is completed again', async () => {
    const { user: member, cookie } = await memberOfOwnHousehold();
    const before = await balanceOf(member.id);
    const orderId = await completedOrder(cookie);
    expect(await ledgerOf(member.id, 'personal-purchase')).toEqual([{ coins: 0, xp: 150 }]);
    expect((await balanceOf(member.id)).xp).toBe(before.xp + 150);
    expect(await notesOf(member.id)).toContain(
      // A $45 order at the fresh install's 1 coin per dollar.
      `You earned +150 XP and +45 coins for your order #${orderId.slice(-6).toUpperCase()}.`,
    );
    // Set back and completed again: nothing more.
    await setStatus(orderId, 'pending');
    await setStatus(orderId, 'completed');
    expect(await ledgerOf(member.id, 'personal-purchase')).toHaveLength(1);
  });

  it('pays the amount the Economy tab saved', async () => {
    const saved = await t.call('PUT', '/api/economy/settings', { personalPurchaseXp: 40 }, as(owner.cookie));
    expect(saved.status).toBe(200);
    const { user: member, cookie } = await memberOfOwnHousehold();
    await completedOrder(cookie);
    expect(await ledgerOf(member.id, 'personal-purchase')).toEqual([{ coins: 0, xp: 40 }]);
    await t.call('PUT', '/api/economy/settings', { personalPurchaseXp: 150 }, as(owner.cookie));
  });
});

describe('referral awards', () => {
  it('pays the referrer 250 XP on a friend’s first completed order, then 100 XP on each later one', async () => {
    const referrer = await memberOfOwnHousehold({ fullName: 'Rhea Referrer' });
    const friend = await memberOfOwnHousehold({
      fullName: 'Finn Friend',
      referralCode: referrer.user.referralCode,
    });
    await completedOrder(friend.cookie);
    expect(await ledgerOf(referrer.user.id, 'approved-referral')).toEqual([{ coins: 0, xp: 250 }]);
    expect(await ledgerOf(referrer.user.id, 'referral-repeat-purchase')).toEqual([]);
    expect(await notesOf(referrer.user.id)).toContain(
      'Finn Friend completed their first order: you earned +250 XP for the referral.',
    );
    const second = await completedOrder(friend.cookie);
    await completedOrder(friend.cookie);
    expect(await ledgerOf(referrer.user.id, 'approved-referral')).toHaveLength(1);
    expect(await ledgerOf(referrer.user.id, 'referral-repeat-purchase')).toEqual([
      { coins: 0, xp: 100 },
      { coins: 0, xp: 100 },
    ]);
    // An order completed again pays its referrer nothing more.
    await setStatus(second, 'pending');
    await setStatus(second, 'completed');
    expect(await ledgerOf(referrer.user.id, 'referral-repeat-purchase')).toHaveLength(2);
  });

  it('pays no referral award when the friend shares the referrer’s phone or address', async () => {
    const referrer = await memberOfOwnHousehold();
    const samePhone = await memberOfOwnHousehold({
      referralCode: referrer.user.referralCode,
      phone: referrer.input.phone,
    });
    const sameAddress = await memberOfOwnHousehold({
      referralCode: referrer.user.referralCode,
      address: `  ${String(referrer.input.address).toUpperCase()} `,
    });
    await completedOrder(samePhone.cookie);
    await completedOrder(sameAddress.cookie);
    expect(await ledgerOf(referrer.user.id, 'approved-referral')).toEqual([]);
    // The friends still earn their own purchase XP.
    expect(await ledgerOf(samePhone.user.id, 'personal-purchase')).toHaveLength(1);
  });

  it('makes a Super Referrer once, with 150 coins, when approved referrals reach the threshold', async () => {
    expect(
      (await t.call('PUT', '/api/economy/settings', { superReferrerThreshold: 2 }, as(owner.cookie))).status,
    ).toBe(200);
    const referrer = await memberOfOwnHousehold();
    const friends = [];
    for (let n = 0; n < 3; n += 1) {
      friends.push(await memberOfOwnHousehold({ referralCode: referrer.user.referralCode }));
    }
    await completedOrder(friends[0]!.cookie);
    expect(await ledgerOf(referrer.user.id, 'super-referrer')).toEqual([]);
    await completedOrder(friends[1]!.cookie);
    expect(await ledgerOf(referrer.user.id, 'super-referrer')).toEqual([{ coins: 150, xp: 0 }]);
    await completedOrder(friends[2]!.cookie);
    expect(await ledgerOf(referrer.user.id, 'super-referrer')).toHaveLength(1);
    expect(await notesOf(referrer.user.id)).toContain(
      'You are a Super Referrer: 2 friends have ordered. You earned +150 coins.',
    );
  });
});
