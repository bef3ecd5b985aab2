import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedShopWithSticker } from '~/features/shop/server/shop.seed';
import type { PlaceOrderInput } from '~/features/shop/orders.schema';
import { user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { orderItem, storeCreditEntry } from '~/server/db/tables/orders.tables';
import { rewardRedemption } from '~/server/db/tables/rewards.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { RACE_LIMITS, race } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { RedeemResponse } from '../rewards.schema';
import { applyAward } from './ledger.service';

// Races that only a real PostgreSQL exposes (PGlite runs one query at a time).
let t: TestContext;
let stickerId: string;
let staff: string[];
beforeAll(async () => {
  t = await createTestContext({ env: RACE_LIMITS });
  stickerId = await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Race Reward Sticker' });
  staff = await Promise.all(
    [['Owner'], ['Rewards Manager']].map(async (roles) => (await signedInWithRoles(t, roles)).cookie),
  );
});
afterAll(() => t.close());

async function memberWith(coins: number) {
  const member = await signedInMember(t);
  await t.database.db.transaction((tx) =>
    applyAward(tx, { userId: member.user.id, coins, xp: 0, reason: 'adjustment', at: t.clock.now() }),
  );
  return member;
}

const redeem = (cookie: string, idempotencyKey: string) =>
  t.call(
    'POST',
    '/api/rewards/reward-vape/redeem',
    { expectedCost: 500, idempotencyKey },
    { Cookie: cookie },
  );

async function expectLedgerMatches(id: string) {
  const [row] = await t.database.db
    .select({
      balance: user.exoticCoins,
      ledger: sql<number>`(select coalesce(sum(${ledgerEntry.deltaCoins}), 0)::int from ${ledgerEntry} where ${ledgerEntry.userId} = ${id})`,
    })
    .from(user)
    .where(eq(user.id, id));
  expect(row!.balance).toBeGreaterThanOrEqual(0);
  expect(row!.balance).toBe(row!.ledger);
}

it('20 redeems at once by a member who can afford one: one redemption, never below zero', async () => {
  const members: string[] = [];
  const winners = await race({
    contenders: 20,
    setup: async () => {
      const member = await memberWith(700);
      members.push(member.user.id);
      return member;
    },
    attempt: async (member, contender) => {
      const response = await redeem(member.cookie, `race-redeem-${contender}-${member.user.id}`);
      if (response.status !== 201 && response.status !== 409) throw new Error(await response.text());
      return response.status === 201;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  for (const id of members) {
    expect(await t.database.db.$count(rewardRedemption, eq(rewardRedemption.userId, id))).toBe(1);
    expect(
      (await t.database.db.select({ coins: user.exoticCoins }).from(user).where(eq(user.id, id)))[0]!.coins,
    ).toBe(200);
    await expectLedgerMatches(id);
  }
});

it('20 taps of one Redeem at once (one idempotency key) spend once', async () => {
  const members: string[] = [];
  const winners = await race({
    contenders: 20,
    setup: async (round) => {
      const member = await memberWith(5000);
      members.push(member.user.id);
      return { member, key: `one-tap-${round}-${member.user.id}` };
    },
    attempt: async ({ member, key }) => {
      const response = await redeem(member.cookie, key);
      if (response.status !== 201 && response.status !== 200) throw new Error(await response.text());
      return response.status === 201;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  for (const id of members) {
    expect(await t.database.db.$count(rewardRedemption, eq(rewardRedemption.userId, id))).toBe(1);
    await expectLedgerMatches(id);
  }
});

it('two orders racing for one redemption: one carries it, the other is refused', async () => {
  const winners = await race({
    contenders: 2,
    setup: async (round) => {
      const member = await memberWith(500);
      const response = await redeem(member.cookie, `order-race-${round}-${member.user.id}`);
      const { redemption } = (await response.json()) as RedeemResponse;
      return { member, redemptionId: redemption.id, round };
    },
    attempt: async ({ member, redemptionId, round }, contender) => {
      const body: PlaceOrderInput = {
        idempotencyKey: `order-race-${round}-${contender}-${member.user.id}`,
        deliveryMethod: 'Pickup',
        pickupLocation: 'van ness',
        paymentMethod: 'Cash',
        phone: '202-555-0123',
        items: [{ stickerId, size: '3.5g', quantity: 1 }],
        rewardIds: [redemptionId],
        expectedTotalCents: 4500,
      };
      const response = await t.call('POST', '/api/orders', body, { Cookie: member.cookie });
      if (response.status !== 201 && response.status !== 400) throw new Error(await response.text());
      return response.status === 201;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  const lines = await t.database.db
    .select({ redemptionId: orderItem.redemptionId })
    .from(orderItem)
    .where(sql`${orderItem.redemptionId} is not null`);
  expect(new Set(lines.map((line) => line.redemptionId)).size).toBe(lines.length);
});

/** A member whose "$100 Cash or Store Credit" request waits for staff. */
async function cashCreditRequest(key: string) {
  const member = await memberWith(2500);
  const response = await t.call(
    'POST',
    '/api/rewards/reward-cash-credit/redeem',
    { expectedCost: 2500, idempotencyKey: key },
    { Cookie: member.cookie },
  );
  const { redemption } = (await response.json()) as RedeemResponse;
  return { member, redemptionId: redemption.id };
}

/** The member's store credit equals their store credit ledger, and is what one reward paid. */
async function expectCreditedOnce(id: string) {
  const [row] = await t.database.db
    .select({
      balance: user.storeCreditCents,
      ledger: sql<number>`(select coalesce(sum(${storeCreditEntry.deltaCents}), 0)::int from ${storeCreditEntry} where ${storeCreditEntry.userId} = ${id})`,
    })
    .from(user)
    .where(eq(user.id, id));
  expect(row).toEqual({ balance: 10_000, ledger: 10_000 });
}

it('two staff approving one store credit request as credit at once: one credit', async () => {
  const members: string[] = [];
  const winners = await race({
    contenders: 2,
    setup: async (round) => {
      const request = await cashCreditRequest(`approve-race-${round}-${Date.now()}`);
      members.push(request.member.user.id);
      return request;
    },
    attempt: async ({ redemptionId }, contender) => {
      const response = await t.call(
        'POST',
        `/api/admin/rewards/requests/${redemptionId}/approve`,
        { payAs: 'credit' },
        { Cookie: staff[contender]! },
      );
      if (response.status !== 200 && response.status !== 409) throw new Error(await response.text());
      return response.status === 200;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  for (const id of members) await expectCreditedOnce(id);
});

it('two staff paying one cash reward as store credit at once: one credit', async () => {
  const members: string[] = [];
  const winners = await race({
    contenders: 2,
    setup: async (round) => {
      const request = await cashCreditRequest(`convert-race-${round}-${Date.now()}`);
      members.push(request.member.user.id);
      const approved = await t.call(
        'POST',
        `/api/admin/rewards/requests/${request.redemptionId}/approve`,
        { payAs: 'cash' },
        { Cookie: staff[0]! },
      );
      expect(approved.status).toBe(200);
      return request;
    },
    attempt: async ({ redemptionId }, contender) => {
      const response = await t.call(
        'POST',
        `/api/admin/rewards/cash-rewards/${redemptionId}/credit`,
        undefined,
        { Cookie: staff[contender]! },
      );
      if (response.status !== 200 && response.status !== 409) throw new Error(await response.text());
      return response.status === 200;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  for (const id of members) await expectCreditedOnce(id);
});
