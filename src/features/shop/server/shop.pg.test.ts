import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { changeStoreCredit } from '~/features/economy/server/store-credit.service';
import { user } from '~/server/db/tables/auth.tables';
import { orderItem, shopOrder, storeCreditEntry } from '~/server/db/tables/orders.tables';
import { sticker, stickerRating } from '~/server/db/tables/shop.tables';
import { RACE_LIMITS, race } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { PlaceOrderInput } from '../orders.schema';
import { insertSticker, seedShopWithSticker } from './shop.seed';

// Races that only a real PostgreSQL exposes (PGlite runs one query at a time).
let t: TestContext;
let stickerId: string;
beforeAll(async () => {
  t = await createTestContext({
    env: RACE_LIMITS,
  });
  stickerId = await seedShopWithSticker(t.database.db, new Date(), {
    name: 'Race Sticker',
    type: 'Hybrid',
    description: 'x',
    price35gCents: 4000,
  });
});
afterAll(() => t.close());

it('20 ratings at once by one member store one rating and award XP once', async () => {
  const winners = await race({
    contenders: 20,
    setup: async () => signedInMember(t),
    attempt: async (member) => {
      const response = await t.call(
        'POST',
        `/api/shop/stickers/${stickerId}/ratings`,
        { smell: 4, taste: 4, high: 4 },
        { Cookie: member.cookie },
      );
      if (response.status !== 201 && response.status !== 409) throw new Error(await response.text());
      return response.status === 201;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  const ratings = await t.database.db.select({ userId: stickerRating.userId }).from(stickerRating);
  expect(new Set(ratings.map((r) => r.userId)).size).toBe(ratings.length);
  for (const { userId } of ratings) {
    const awards = await t.database.db
      .select()
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.userId, userId), eq(ledgerEntry.reason, 'rating')));
    expect(awards).toHaveLength(1);
  }
});

it('20 submits of one cart at once, with one idempotency key, place one order', async () => {
  const winners = await race({
    contenders: 20,
    setup: async (round) => {
      const member = await signedInMember(t);
      const body: PlaceOrderInput = {
        idempotencyKey: `race-${round}-${Date.now()}`,
        deliveryMethod: 'Delivery',
        paymentMethod: 'Cash App',
        phone: '202-555-0123',
        address: '1 Race Way, Washington, DC',
        items: [{ stickerId, size: '3.5g', quantity: 2 }],
        expectedTotalCents: 2 * 4000 + 2000,
      };
      return { member, body };
    },
    attempt: async ({ member, body }) => {
      const response = await t.call('POST', '/api/orders', body, { Cookie: member.cookie });
      if (response.status !== 201 && response.status !== 200) throw new Error(await response.text());
      return response.status === 201;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  const orders = await t.database.db.select({ id: shopOrder.id, userId: shopOrder.userId }).from(shopOrder);
  expect(new Set(orders.map((o) => o.userId)).size).toBe(orders.length);
  for (const order of orders) {
    expect(await t.database.db.$count(orderItem, eq(orderItem.orderId, order.id))).toBe(1);
  }
});

/** A sticker whose 3.5g has `count` left (and, with `dailyLimit`, a most per member per day). */
async function countedSticker(count: number, dailyLimit: number | null = null): Promise<string> {
  return insertSticker(t.database.db, {
    name: `Counted ${Date.now().toString(36)}`,
    type: 'Hybrid',
    description: 'x',
    price35gCents: 4000,
    stock35g: count,
    dailyLimit35g: dailyLimit,
  });
}

const pickupOf = (id: string, key: string): PlaceOrderInput => ({
  idempotencyKey: key,
  deliveryMethod: 'Pickup',
  paymentMethod: 'Cash',
  phone: '202-555-0123',
  pickupLocation: 'van ness',
  items: [{ stickerId: id, size: '3.5g', quantity: 1 }],
  expectedTotalCents: 4000,
});

it('20 members racing for the last 3 of a size: 3 orders are placed and the count ends at 0', async () => {
  const winners = await race({
    contenders: 20,
    setup: async (round) => {
      const id = await countedSticker(3);
      const members = await Promise.all(Array.from({ length: 20 }, () => signedInMember(t)));
      return { id, members, round };
    },
    attempt: async ({ id, members, round }, contender) => {
      const body = pickupOf(id, `last-three-${round}-${contender}-${Date.now()}`);
      const response = await t.call('POST', '/api/orders', body, { Cookie: members[contender]!.cookie });
      if (response.status !== 201 && response.status !== 409) throw new Error(await response.text());
      return response.status === 201;
    },
  });
  expect(winners.every((count) => count === 3)).toBe(true);
  const counted = await t.database.db.select({ left: sticker.stock35g }).from(sticker);
  expect(counted.filter((row) => row.left !== null).every((row) => row.left === 0)).toBe(true);
});

it('one member on many devices at once cannot pass a daily limit of 1', async () => {
  const winners = await race({
    contenders: 10,
    setup: async (round) => ({ id: await countedSticker(100, 1), member: await signedInMember(t), round }),
    attempt: async ({ id, member, round }, contender) => {
      const body = pickupOf(id, `daily-${round}-${contender}-${Date.now()}`);
      const response = await t.call('POST', '/api/orders', body, { Cookie: member.cookie });
      if (response.status !== 201 && response.status !== 400) throw new Error(await response.text());
      return response.status === 201;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
});

it('staff who hear of each other’s orders can place orders at the same moment (no deadlock on their rows)', async () => {
  const winners = await race({
    contenders: 8,
    setup: async (round) => ({
      staff: await Promise.all(Array.from({ length: 8 }, () => signedInWithRoles(t, ['Owner']))),
      round,
    }),
    attempt: async ({ staff, round }, contender) => {
      const body = pickupOf(stickerId, `staff-${round}-${contender}-${Date.now()}`);
      const response = await t.call('POST', '/api/orders', body, { Cookie: staff[contender]!.cookie });
      if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
      return true;
    },
  });
  expect(winners.every((count) => count === 8)).toBe(true);
});

/** A new member holding $100 of store credit, written as a reward paid as credit is. */
async function memberWithCredit() {
  const member = await signedInMember(t);
  await t.database.db.transaction((tx) =>
    changeStoreCredit(tx, {
      userId: member.user.id,
      deltaCents: 10_000,
      reason: 'reward',
      reference: `race-credit-${member.user.id}`,
      at: new Date(),
    }),
  );
  return member;
}
async function expectCreditMatchesLedger(userId: string, cents: number) {
  const [row] = await t.database.db
    .select({ cents: user.storeCreditCents })
    .from(user)
    .where(eq(user.id, userId));
  const [sum] = await t.database.db
    .select({ cents: sql<number>`coalesce(sum(${storeCreditEntry.deltaCents}), 0)::int` })
    .from(storeCreditEntry)
    .where(eq(storeCreditEntry.userId, userId));
  expect({ balance: row!.cents, ledger: sum!.cents }).toEqual({ balance: cents, ledger: cents });
}

it('$100 of store credit spent by 8 devices at once pays two $40 orders whole, and never goes below 0', async () => {
  const members: string[] = [];
  const winners = await race({
    contenders: 8,
    setup: async (round) => {
      const member = await memberWithCredit();
      members.push(member.user.id);
      return { member, round };
    },
    attempt: async ({ member, round }, contender) => {
      // Each device saw the credit cover its order ($0 to pay); once $20 is left, the total is $20: a 409.
      const body = {
        ...pickupOf(stickerId, `credit-${round}-${contender}-${Date.now()}`),
        expectedTotalCents: 0,
      };
      const response = await t.call('POST', '/api/orders', body, { Cookie: member.cookie });
      if (response.status !== 201 && response.status !== 409) throw new Error(await response.text());
      return response.status === 201;
    },
  });
  expect(winners.every((count) => count === 2)).toBe(true);
  for (const id of members) await expectCreditMatchesLedger(id, 2000);
});

it('the desk and the member cancelling one store-credit order at once give the credit back once', async () => {
  const owner = await signedInWithRoles(t, ['Owner']);
  const members: string[] = [];
  await race({
    contenders: 4,
    setup: async (round) => {
      const member = await memberWithCredit();
      members.push(member.user.id);
      const body = { ...pickupOf(stickerId, `refund-${round}-${Date.now()}`), expectedTotalCents: 0 };
      const placed = await t.call('POST', '/api/orders', body, { Cookie: member.cookie });
      if (placed.status !== 201) throw new Error(await placed.text());
      const { order } = (await placed.json()) as { order: { id: string } };
      return { member, orderId: order.id };
    },
    attempt: async ({ member, orderId }, contender) => {
      const response =
        contender % 2 === 0
          ? await t.call('POST', `/api/orders/${orderId}/cancel`, undefined, { Cookie: member.cookie })
          : await t.call(
              'PATCH',
              `/api/admin/orders/${orderId}/status`,
              { status: 'cancelled' },
              { Cookie: owner.cookie },
            );
      if (response.status >= 500) throw new Error(await response.text());
      return response.status === 200;
    },
  });
  for (const id of members) await expectCreditMatchesLedger(id, 10_000);
});
