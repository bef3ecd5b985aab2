import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedShopWithSticker } from '~/features/shop/server/shop.seed';
import type { PlaceOrderInput } from '~/features/shop/orders.schema';
import type { SessionResponse } from '~/shared/session';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { storeCreditEntry } from '~/server/db/tables/orders.tables';
import { rewardRedemption } from '~/server/db/tables/rewards.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type {
  CashRewardsResponse,
  MyRedemptionsResponse,
  RedeemResponse,
  RewardsResponse,
} from '../rewards.schema';
import { PAY_AS_NEEDED } from '../rewards.constants';
import { applyAward } from './ledger.service';

// Issue 48: staff approving "$100 Cash or Store Credit" choose store credit or cash (paid by hand).
let t: TestContext;
let stickerId: string;
let owner: Awaited<ReturnType<typeof signedInWithRoles>>;
let rewardsManager: Awaited<ReturnType<typeof signedInWithRoles>>;
beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_ORDERS_PER_USER: '1000/60' } });
  stickerId = await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Credit Sticker' });
  owner = await signedInWithRoles(t, ['Owner']);
  rewardsManager = await signedInWithRoles(t, ['Rewards Manager']);
});
afterAll(() => t.close());

const CASH_CREDIT = 'reward-cash-credit';
const TITLE = '$100 Cash or Store Credit';
const CREDIT_TEXT = '$100.00 of store credit is in your balance: it pays for your next orders.';

const as = (cookie: string) => ({ Cookie: cookie });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;

/** A member who redeemed "$100 Cash or Store Credit": the request waits for staff. */
async function memberWithRequest(coins = 2500) {
  const member = await signedInMember(t);
  await t.database.db.transaction((tx) =>
    applyAward(tx, { userId: member.user.id, coins, xp: 0, reason: 'adjustment', at: t.clock.now() }),
  );
  return { ...member, redemptionId: await request(member.cookie) };
}

let keys = 0;
async function request(cookie: string, rewardId = CASH_CREDIT, cost = 2500) {
  const response = await t.call(
    'POST',
    `/api/rewards/${rewardId}/redeem`,
    { expectedCost: cost, idempotencyKey: `credit-key-${++keys}` },
    as(cookie),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const { redemption } = (await response.json()) as RedeemResponse;
  expect(redemption.status).toBe('requested');
  return redemption.id;
}

const approve = (redemptionId: string, body: unknown, cookie = rewardsManager.cookie) =>
  t.call('POST', `/api/admin/rewards/requests/${redemptionId}/approve`, body, as(cookie));
const convert = (redemptionId: string, cookie = rewardsManager.cookie) =>
  t.call('POST', `/api/admin/rewards/cash-rewards/${redemptionId}/credit`, undefined, as(cookie));

/** The balance the member's own session reports. */
async function sessionCredit(cookie: string) {
  const response = await t.call('GET', '/api/accounts/session', undefined, as(cookie));
  return ((await response.json()) as SessionResponse).user!.storeCreditCents;
}

/** The member's store credit ledger; the balance always equals its sum. */
async function creditEntries(userId: string) {
  const entries = await t.database.db
    .select()
    .from(storeCreditEntry)
    .where(eq(storeCreditEntry.userId, userId));
  const [row] = await t.database.db
    .select({ cents: user.storeCreditCents })
    .from(user)
    .where(eq(user.id, userId));
  expect(row!.cents).toBe(entries.reduce((sum, entry) => sum + entry.deltaCents, 0));
  return entries;
}

const statusOf = async (redemptionId: string) =>
  (
    await t.database.db
      .select({ status: rewardRedemption.status })
      .from(rewardRedemption)
      .where(eq(rewardRedemption.id, redemptionId))
  )[0]!.status;

const mine = async (cookie: string) =>
  ((await (await t.call('GET', '/api/rewards/mine', undefined, as(cookie))).json()) as MyRedemptionsResponse)
    .redemptions;

const cashRewards = async (cookie = rewardsManager.cookie) =>
  (
    (await (
      await t.call('GET', '/api/admin/rewards/cash-rewards', undefined, as(cookie))
    ).json()) as CashRewardsResponse
  ).redemptions;

const messagesTo = async (userId: string) =>
  (
    await t.database.db
      .select({ message: notification.message })
      .from(notification)
      .where(eq(notification.userId, userId))
  ).map((row) => row.message);

const auditsOf = (redemptionId: string) =>
  t.database.db
    .select({ eventType: auditLog.eventType, actorId: auditLog.actorId, meta: auditLog.meta })
    .from(auditLog)
    .where(sql`${auditLog.meta} ->> 'redemptionId' = ${redemptionId}`)
    .orderBy(auditLog.createdAt);

describe('approving a reward worth store credit', () => {
  it('the catalogue says "$100 Cash or Store Credit" is worth $100.00 of credit, and needs approval', async () => {
    const member = await signedInMember(t);
    const { rewards } = (await (
      await t.call('GET', '/api/rewards', undefined, as(member.cookie))
    ).json()) as RewardsResponse;
    expect(rewards.find((reward) => reward.id === CASH_CREDIT)).toMatchObject({
      creditCents: 10_000,
      needsApproval: true,
    });
    expect(rewards.find((reward) => reward.id === 'reward-vape')!.creditCents).toBeNull();
  });

  it('as store credit adds exactly $100.00 to the member’s balance, with one ledger row, an audit row and a notification', async () => {
    const member = await memberWithRequest();
    const queue = (await (
      await t.call('GET', '/api/admin/rewards/requests', undefined, as(rewardsManager.cookie))
    ).json()) as { items: { id: string; creditCents: number | null }[] };
    expect(queue.items.find((item) => item.id === member.redemptionId)!.creditCents).toBe(10_000);

    const response = await approve(member.redemptionId, { payAs: 'credit' });
    expect(response.status, await response.clone().text()).toBe(200);

    expect(await sessionCredit(member.cookie)).toBe(10_000);
    expect(await creditEntries(member.user.id)).toEqual([
      expect.objectContaining({
        deltaCents: 10_000,
        reason: 'reward',
        reference: member.redemptionId,
        createdBy: rewardsManager.id,
      }),
    ]);
    expect(await statusOf(member.redemptionId)).toBe('credited');
    // Paid: nothing waits in the cart or under Your rewards, and it is no cash reward to pay.
    expect(await mine(member.cookie)).toEqual([]);
    expect((await cashRewards()).map((reward) => reward.id)).not.toContain(member.redemptionId);
    expect(await auditsOf(member.redemptionId)).toContainEqual({
      eventType: 'REWARD_REQUEST_APPROVED',
      actorId: rewardsManager.id,
      meta: {
        redemptionId: member.redemptionId,
        rewardId: CASH_CREDIT,
        memberId: member.user.id,
        creditCents: 10_000,
      },
    });
    expect(await messagesTo(member.user.id)).toContain(`Your "${TITLE}" reward was approved. ${CREDIT_TEXT}`);

    // Decided once: a second approval changes nothing.
    const again = await approve(member.redemptionId, { payAs: 'credit' }, owner.cookie);
    expect(again.status).toBe(409);
    expect(await sessionCredit(member.cookie)).toBe(10_000);
    expect(await creditEntries(member.user.id)).toHaveLength(1);
  });

  it('as cash puts the reward in the member’s cart, adds no credit, and lists it under cash rewards not yet used', async () => {
    const member = await memberWithRequest();
    const response = await approve(member.redemptionId, { payAs: 'cash' });
    expect(response.status, await response.clone().text()).toBe(200);

    expect(await statusOf(member.redemptionId)).toBe('in-cart');
    expect(await mine(member.cookie)).toMatchObject([{ id: member.redemptionId, status: 'in-cart' }]);
    expect(await sessionCredit(member.cookie)).toBe(0);
    expect(await creditEntries(member.user.id)).toEqual([]);
    expect(await cashRewards()).toContainEqual({
      id: member.redemptionId,
      member: { id: member.user.id, name: member.user.fullName },
      title: TITLE,
      creditCents: 10_000,
      status: 'in-cart',
      createdAt: expect.any(String) as string,
    });
    const [audit] = await auditsOf(member.redemptionId).then((rows) =>
      rows.filter((row) => row.eventType === 'REWARD_REQUEST_APPROVED'),
    );
    expect(audit!.meta).toEqual({
      redemptionId: member.redemptionId,
      rewardId: CASH_CREDIT,
      memberId: member.user.id,
    });
    expect(await messagesTo(member.user.id)).toContain(
      `Your "${TITLE}" reward was approved. It is in your cart.`,
    );
  });

  it('without a choice is refused (400) and changes nothing', async () => {
    const member = await memberWithRequest();
    for (const body of [undefined, {}, { payAs: 'bitcoin' }]) {
      const response = await approve(member.redemptionId, body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        message: PAY_AS_NEEDED,
        fields: { payAs: PAY_AS_NEEDED },
      });
    }
    expect(await statusOf(member.redemptionId)).toBe('requested');
    expect(await sessionCredit(member.cookie)).toBe(0);
    expect(await creditEntries(member.user.id)).toEqual([]);
    // Only the member's redeeming is audited: no decision.
    expect((await auditsOf(member.redemptionId)).map((row) => row.eventType)).toEqual(['REWARD_REDEEMED']);
    expect(await messagesTo(member.user.id)).not.toContainEqual(expect.stringMatching(/approved/));
    const queue = (await (
      await t.call('GET', '/api/admin/rewards/requests', undefined, as(rewardsManager.cookie))
    ).json()) as { items: { id: string }[] };
    expect(queue.items.map((item) => item.id)).toContain(member.redemptionId);
  });

  it('as store credit is refused (400) for a reward not worth credit; as cash or with no choice it is approved as before', async () => {
    const member = await memberWithRequest(22_500);
    const trip = await request(member.cookie, 'reward-vegas-trip', 10_000);
    const credit = await approve(trip, { payAs: 'credit' });
    expect(credit.status).toBe(400);
    expect((await errorOf(credit)).message).toBe(
      'This reward is not worth store credit: approve it as it is.',
    );
    expect(await statusOf(trip)).toBe('requested');
    expect(await sessionCredit(member.cookie)).toBe(0);
    expect(await creditEntries(member.user.id)).toEqual([]);

    expect((await approve(trip, { payAs: 'cash' })).status).toBe(200);
    expect(await statusOf(trip)).toBe('in-cart');
    const second = await request(member.cookie, 'reward-vegas-trip', 10_000);
    expect((await approve(second, undefined)).status).toBe(200);
    expect(await statusOf(second)).toBe('in-cart');
  });

  it('a staff member cannot pay their own request as credit', async () => {
    await t.database.db.transaction((tx) =>
      applyAward(tx, { userId: owner.id, coins: 2500, xp: 0, reason: 'adjustment', at: t.clock.now() }),
    );
    const own = await request(owner.cookie);
    const response = await approve(own, { payAs: 'credit' }, owner.cookie);
    expect(response.status).toBe(403);
    expect(await statusOf(own)).toBe('requested');
    expect(await creditEntries(owner.id)).toEqual([]);
    // Another staff member decides it (cash, so the owner's later orders stay at full price).
    expect((await approve(own, { payAs: 'cash' })).status).toBe(200);
  });
});

describe('paying an approved cash reward as store credit instead', () => {
  let orderCount = 0;
  const orderWith = (rewardIds: string[]): PlaceOrderInput => ({
    idempotencyKey: `credit-order-${++orderCount}`,
    deliveryMethod: 'Pickup',
    pickupLocation: 'van ness',
    paymentMethod: 'Cash',
    phone: '202-555-0190',
    items: [{ stickerId, size: '3.5g', quantity: 1 }],
    rewardIds,
    expectedTotalCents: 4500,
  });

  it('in the cart or kept for later: it becomes credit (once), leaves the cart, and the member is told', async () => {
    const member = await memberWithRequest(5000);
    const kept = await request(member.cookie);
    expect((await approve(member.redemptionId, { payAs: 'cash' })).status).toBe(200);
    expect((await approve(kept, { payAs: 'cash' })).status).toBe(200);
    const moved = await t.call(
      'PATCH',
      `/api/rewards/redemptions/${kept}`,
      { inCart: false },
      as(member.cookie),
    );
    expect(moved.status).toBe(200);
    const listed = await cashRewards();
    expect(listed.find((reward) => reward.id === member.redemptionId)!.status).toBe('in-cart');
    expect(listed.find((reward) => reward.id === kept)!.status).toBe('unused');

    for (const id of [member.redemptionId, kept]) {
      const response = await convert(id);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await statusOf(id)).toBe('credited');
    }
    expect(await sessionCredit(member.cookie)).toBe(20_000);
    expect(
      (await creditEntries(member.user.id)).map((entry) => [entry.reference, entry.deltaCents]).sort(),
    ).toEqual(
      [
        [member.redemptionId, 10_000],
        [kept, 10_000],
      ].sort(),
    );
    expect(await mine(member.cookie)).toEqual([]);
    expect((await cashRewards()).map((reward) => reward.id)).not.toContain(kept);
    expect(await auditsOf(kept)).toContainEqual({
      eventType: 'REWARD_CONVERTED_TO_CREDIT',
      actorId: rewardsManager.id,
      meta: { redemptionId: kept, rewardId: CASH_CREDIT, memberId: member.user.id, creditCents: 10_000 },
    });
    expect(
      (await messagesTo(member.user.id)).filter((message) => message.includes('paid as store credit')),
    ).toEqual([
      `Your "${TITLE}" reward was paid as store credit. ${CREDIT_TEXT}`,
      `Your "${TITLE}" reward was paid as store credit. ${CREDIT_TEXT}`,
    ]);

    // A second time: 409, and the balance stays.
    const twice = await convert(kept, owner.cookie);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe('This reward was already paid as store credit.');
    expect(await sessionCredit(member.cookie)).toBe(20_000);
    expect(await creditEntries(member.user.id)).toHaveLength(2);
  });

  it('is refused (409) once an order used the reward, and for a request not yet decided', async () => {
    const member = await memberWithRequest(5000);
    expect((await approve(member.redemptionId, { payAs: 'cash' })).status).toBe(200);
    const placed = await t.call('POST', '/api/orders', orderWith([member.redemptionId]), as(member.cookie));
    expect(placed.status, await placed.clone().text()).toBe(201);
    expect(await statusOf(member.redemptionId)).toBe('used');
    expect((await cashRewards()).map((reward) => reward.id)).not.toContain(member.redemptionId);

    const used = await convert(member.redemptionId);
    expect(used.status).toBe(409);
    expect((await errorOf(used)).message).toBe(
      'An order already used this reward. Cancel that order first if it should be store credit instead.',
    );
    const waiting = await request(member.cookie);
    const undecided = await convert(waiting);
    expect(undecided.status).toBe(409);
    expect((await errorOf(undecided)).message).toBe(
      'Decide this request first: approve it as store credit or cash.',
    );
    expect(await statusOf(waiting)).toBe('requested');
    expect(await sessionCredit(member.cookie)).toBe(0);
    expect(await creditEntries(member.user.id)).toEqual([]);
  });

  it('is refused for a reward not worth credit (400), the staff member’s own (403) and a member (403)', async () => {
    const member = await memberWithRequest(2600);
    const preRoll = await t.call(
      'POST',
      '/api/rewards/reward-pre-roll/redeem',
      { expectedCost: 63, idempotencyKey: `credit-key-${++keys}` },
      as(member.cookie),
    );
    const { redemption } = (await preRoll.json()) as RedeemResponse;
    const notCredit = await convert(redemption.id);
    expect(notCredit.status).toBe(400);
    expect(await statusOf(redemption.id)).toBe('in-cart');

    expect(
      (await t.call('GET', '/api/admin/rewards/cash-rewards', undefined, as(member.cookie))).status,
    ).toBe(403);
    expect((await approve(member.redemptionId, { payAs: 'cash' })).status).toBe(200);
    expect((await convert(member.redemptionId, member.cookie)).status).toBe(403);

    const staff = await signedInWithRoles(t, ['Rewards Manager']);
    await t.database.db.transaction((tx) =>
      applyAward(tx, { userId: staff.id, coins: 2500, xp: 0, reason: 'adjustment', at: t.clock.now() }),
    );
    const own = await request(staff.cookie);
    expect((await approve(own, { payAs: 'cash' })).status).toBe(200);
    const self = await convert(own, staff.cookie);
    expect(self.status).toBe(403);
    expect((await errorOf(self)).message).toBe('Another staff member must pay your own reward.');
    expect(await statusOf(own)).toBe('in-cart');
    expect(await creditEntries(staff.id)).toEqual([]);
    expect(await auditsOf(own).then((rows) => rows.map((row) => row.eventType))).not.toContain(
      'REWARD_CONVERTED_TO_CREDIT',
    );
    expect(
      await t.database.db.$count(
        storeCreditEntry,
        and(eq(storeCreditEntry.userId, member.user.id), eq(storeCreditEntry.reason, 'reward')),
      ),
    ).toBe(0);
  });
});
