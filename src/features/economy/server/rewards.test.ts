import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedShopWithSticker } from '~/features/shop/server/shop.seed';
import type {
  AdminOrdersResponse,
  MyOrdersResponse,
  PlaceOrderInput,
  PlaceOrderResponse,
} from '~/features/shop/orders.schema';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { rewardRedemption } from '~/server/db/tables/rewards.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';
import type {
  MyRedemptionsResponse,
  RedeemResponse,
  RewardCatalogResponse,
  RewardsResponse,
} from '../rewards.schema';
import { FREE_DELIVERY_ON_PICKUP, ONE_FREE_DELIVERY } from '../rewards.constants';
import { applyAward } from './ledger.service';

let t: TestContext;
let stickerId: string;
let owner: Awaited<ReturnType<typeof signedInWithRoles>>;
let rewardsManager: Awaited<ReturnType<typeof signedInWithRoles>>;
beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_ORDERS_PER_USER: '1000/60' } });
  stickerId = await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Reward Sticker' });
  owner = await signedInWithRoles(t, ['Owner']);
  rewardsManager = await signedInWithRoles(t, ['Rewards Manager'], { name: 'Rhea Rewards' });
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

/** A new member holding `coins`, paid through the ledger as any award is. */
async function memberWith(coins: number) {
  const member = await signedInMember(t);
  if (coins > 0) {
    await t.database.db.transaction((tx) =>
      applyAward(tx, { userId: member.user.id, coins, xp: 0, reason: 'adjustment', at: t.clock.now() }),
    );
  }
  return member;
}

let keys = 0;
const redeem = (
  cookie: string,
  rewardId: string,
  expectedCost: number,
  idempotencyKey = `redeem-key-${++keys}`,
) => t.call('POST', `/api/rewards/${rewardId}/redeem`, { expectedCost, idempotencyKey }, as(cookie));

async function redeemed(cookie: string, rewardId: string, cost: number) {
  const response = await redeem(cookie, rewardId, cost);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as RedeemResponse).redemption;
}

const balanceOf = async (id: string) =>
  (
    await t.database.db.select({ coins: user.exoticCoins, xp: user.xp }).from(user).where(eq(user.id, id))
  )[0]!;

/** The balance always equals the sum of the member's ledger. */
async function expectLedgerMatches(id: string) {
  const [sum] = await t.database.db
    .select({
      coins: sql<number>`coalesce(sum(${ledgerEntry.deltaCoins}), 0)::int`,
      xp: sql<number>`coalesce(sum(${ledgerEntry.deltaXp}), 0)::int`,
    })
    .from(ledgerEntry)
    .where(eq(ledgerEntry.userId, id));
  expect(await balanceOf(id)).toEqual(sum);
}

const mine = async (cookie: string) =>
  ((await (await t.call('GET', '/api/rewards/mine', undefined, as(cookie))).json()) as MyRedemptionsResponse)
    .redemptions;

let orderCount = 0;
function orderBody(overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  orderCount += 1;
  return {
    idempotencyKey: `reward-order-${orderCount}-${Date.now()}`,
    deliveryMethod: 'Delivery',
    paymentMethod: 'Cash',
    phone: '202-555-0190',
    address: '1 Reward Way, Washington, DC',
    items: [{ stickerId, size: '3.5g', quantity: 1 }],
    rewardIds: [],
    expectedTotalCents: 4500 + 2000,
    ...overrides,
  };
}
const placeOrder = (cookie: string, body: PlaceOrderInput) => t.call('POST', '/api/orders', body, as(cookie));

describe('the reward catalogue', () => {
  it('holds the spec’s seven rewards, cheapest first, two of them needing approval', async () => {
    const member = await memberWith(0);
    const response = await t.call('GET', '/api/rewards', undefined, as(member.cookie));
    expect(response.status).toBe(200);
    const { rewards } = (await response.json()) as RewardsResponse;
    expect(rewards.map((r) => [r.title, r.costCoins, r.needsApproval])).toEqual([
      ['Pre-Roll', 63, false],
      ['Free Delivery', 100, false],
      ['Free 7th', 175, false],
      ['Half Oz', 250, false],
      ['Vape', 500, false],
      ['$100 Cash or Store Credit', 2500, true],
      ['10-Day Vegas Trip', 10000, true],
    ]);
    expect(rewards.find((r) => r.title === 'Free Delivery')!.kind).toBe('free-delivery');
    expect(rewards.find((r) => r.title === '10-Day Vegas Trip')!.description).toMatch(/flight and hotel/);
  });

  it('is edited by Rewards and Economy Managers, Admins and the Owner, audited; others are refused', async () => {
    const economyManager = await signedInWithRoles(t, ['Economy Manager']);
    const catalogManager = await signedInWithRoles(t, ['Catalog Manager']);
    const member = await memberWith(0);
    const create = (cookie: string) =>
      t.call(
        'POST',
        '/api/admin/rewards',
        {
          title: 'Hoodie',
          description: 'A Vault hoodie.',
          costCoins: 900,
          kind: 'item',
          art: 'star',
          needsApproval: false,
          hidden: true,
        },
        as(cookie),
      );
    expect((await create(member.cookie)).status).toBe(403);
    expect((await create(catalogManager.cookie)).status).toBe(403);
    const created = await create(rewardsManager.cookie);
    expect(created.status).toBe(201);
    const { reward } = (await created.json()) as { reward: { id: string; hidden: boolean } };
    expect(reward.hidden).toBe(true);
    // Hidden: members do not see it; staff do.
    const visible = (await (
      await t.call('GET', '/api/rewards', undefined, as(member.cookie))
    ).json()) as RewardsResponse;
    expect(visible.rewards.map((r) => r.id)).not.toContain(reward.id);
    const catalog = (await (
      await t.call('GET', '/api/admin/rewards', undefined, as(economyManager.cookie))
    ).json()) as RewardCatalogResponse;
    expect(catalog.rewards.find((r) => r.id === reward.id)).toMatchObject({ title: 'Hoodie', hidden: true });

    const shown = await t.call(
      'PATCH',
      `/api/admin/rewards/${reward.id}`,
      { hidden: false, costCoins: 950 },
      as(economyManager.cookie),
    );
    expect(shown.status).toBe(200);
    const after = (await (
      await t.call('GET', '/api/rewards', undefined, as(member.cookie))
    ).json()) as RewardsResponse;
    expect(after.rewards.find((r) => r.id === reward.id)).toMatchObject({ costCoins: 950 });

    const audits = await t.database.db
      .select({ eventType: auditLog.eventType, meta: auditLog.meta })
      .from(auditLog)
      .where(sql`${auditLog.meta} ->> 'rewardId' = ${reward.id}`)
      .orderBy(auditLog.createdAt);
    expect(audits.map((a) => a.eventType).sort()).toEqual([
      'REWARD_CREATED',
      'REWARD_SHOWN',
      'REWARD_UPDATED',
    ]);
    expect(audits.find((a) => a.eventType === 'REWARD_UPDATED')!.meta).toMatchObject({
      changed: ['costCoins'],
    });
  });

  it('takes a picture in place of the generated artwork, and removes it again (the file too)', async () => {
    const upload = (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], 'reward.png', { type: 'image/png' }));
      return t.app.request('/api/admin/rewards/reward-free-7th/image', {
        method: 'POST',
        body: form,
        headers: { Origin: TEST_ORIGIN, Cookie: rewardsManager.cookie },
      });
    };
    const png = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#663399' } })
      .png()
      .toBuffer();
    const uploaded = await upload(png);
    expect(uploaded.status).toBe(200);
    const { reward } = (await uploaded.json()) as { reward: { imageUrl: string } };
    expect(reward.imageUrl).toMatch(/^\/api\/uploads\/[a-f0-9]{32}\.png$/);
    const member = await memberWith(0);
    expect((await t.call('GET', reward.imageUrl, undefined, as(member.cookie))).status).toBe(200);

    const removed = await t.call(
      'DELETE',
      '/api/admin/rewards/reward-free-7th/image',
      undefined,
      as(rewardsManager.cookie),
    );
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { reward: { imageUrl: string } }).reward.imageUrl).toBe('');
    expect((await t.call('GET', reward.imageUrl, undefined, as(member.cookie))).status).toBe(404);
  });

  it('refuses a bad edit with the field’s message and changes nothing', async () => {
    const response = await t.call(
      'PATCH',
      '/api/admin/rewards/reward-vape',
      { costCoins: 0 },
      as(rewardsManager.cookie),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe('A reward costs at least 1 coin.');
    const member = await memberWith(0);
    const { rewards } = (await (
      await t.call('GET', '/api/rewards', undefined, as(member.cookie))
    ).json()) as RewardsResponse;
    expect(rewards.find((r) => r.id === 'reward-vape')!.costCoins).toBe(500);
  });
});

describe('redeeming', () => {
  it('debits the cost through the ledger, audits it, and puts the reward in the member’s cart', async () => {
    const member = await memberWith(200);
    const redemption = await redeemed(member.cookie, 'reward-pre-roll', 63);
    expect(redemption).toMatchObject({ title: 'Pre-Roll', costCoins: 63, status: 'in-cart', kind: 'item' });
    expect((await balanceOf(member.user.id)).coins).toBe(137);
    await expectLedgerMatches(member.user.id);
    const [spend] = await t.database.db
      .select()
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.userId, member.user.id), eq(ledgerEntry.reason, 'redeem')));
    expect(spend).toMatchObject({ deltaCoins: -63, reference: redemption.id, note: 'Pre-Roll' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventType, 'REWARD_REDEEMED'), eq(auditLog.actorId, member.user.id)));
    expect(audit!.meta).toEqual({ rewardId: 'reward-pre-roll', redemptionId: redemption.id, cost: 63 });
    expect(await mine(member.cookie)).toMatchObject([{ id: redemption.id, status: 'in-cart' }]);
  });

  it('spends once for a double tap (the same idempotency key)', async () => {
    const member = await memberWith(200);
    const first = await redeem(member.cookie, 'reward-free-7th', 175, 'double-tap-key');
    const second = await redeem(member.cookie, 'reward-free-7th', 175, 'double-tap-key');
    expect([first.status, second.status]).toEqual([201, 200]);
    const a = (await first.json()) as RedeemResponse;
    const b = (await second.json()) as RedeemResponse;
    expect(b.redemption.id).toBe(a.redemption.id);
    expect((await balanceOf(member.user.id)).coins).toBe(25);
  });

  it('refuses when coins are short, naming how many more are needed, and changes nothing', async () => {
    const member = await memberWith(60);
    const response = await redeem(member.cookie, 'reward-pre-roll', 63);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({
      code: 'NOT_ENOUGH_COINS',
      message: 'You need 3 more coins to redeem "Pre-Roll".',
    });
    expect((await balanceOf(member.user.id)).coins).toBe(60);
    expect(await mine(member.cookie)).toEqual([]);
  });

  it('answers 409 with the new cost when the cost changed since the member saw it', async () => {
    const member = await memberWith(1000);
    const edit = await t.call(
      'PATCH',
      '/api/admin/rewards/reward-half-oz',
      { costCoins: 300 },
      as(owner.cookie),
    );
    expect(edit.status).toBe(200);
    try {
      const response = await redeem(member.cookie, 'reward-half-oz', 250);
      expect(response.status).toBe(409);
      expect(await errorOf(response)).toMatchObject({
        code: 'COST_CHANGED',
        message: '"Half Oz" now costs 300 coins. Check the new cost and redeem again.',
      });
      expect((await balanceOf(member.user.id)).coins).toBe(1000);
    } finally {
      await t.call('PATCH', '/api/admin/rewards/reward-half-oz', { costCoins: 250 }, as(owner.cookie));
    }
  });

  it('refuses a hidden reward as unavailable', async () => {
    const member = await memberWith(1000);
    await t.call('PATCH', '/api/admin/rewards/reward-vape', { hidden: true }, as(owner.cookie));
    try {
      const response = await redeem(member.cookie, 'reward-vape', 500);
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe('This reward is no longer available.');
    } finally {
      await t.call('PATCH', '/api/admin/rewards/reward-vape', { hidden: false }, as(owner.cookie));
    }
  });

  it('pays Hitting Reward Milestone for the first redemption and each 1,000 coins spent, once each', async () => {
    const member = await memberWith(3000);
    const milestones = async () =>
      t.database.db
        .select({ xp: ledgerEntry.deltaXp })
        .from(ledgerEntry)
        .where(and(eq(ledgerEntry.userId, member.user.id), eq(ledgerEntry.reason, 'reward-milestone')));
    await redeemed(member.cookie, 'reward-vape', 500);
    expect(await milestones()).toEqual([{ xp: 500 }]);
    await redeemed(member.cookie, 'reward-half-oz', 250);
    expect(await milestones()).toHaveLength(1);
    await redeemed(member.cookie, 'reward-vape', 500); // 1,250 spent: past the first step
    expect(await milestones()).toEqual([{ xp: 500 }, { xp: 500 }]);
    const notes = await t.database.db
      .select({ message: notification.message })
      .from(notification)
      .where(eq(notification.userId, member.user.id));
    expect(notes.map((n) => n.message)).toContain(
      'Reward milestone: 1,000 coins spent on rewards. You earned +500 XP.',
    );
    await expectLedgerMatches(member.user.id);
  });
});

describe('rewards that need approval', () => {
  it('wait as requested; staff approve (to the cart, milestone, notification)', async () => {
    const member = await memberWith(2600);
    const redemption = await redeemed(member.cookie, 'reward-cash-credit', 2500);
    expect(redemption.status).toBe('requested');
    expect((await balanceOf(member.user.id)).coins).toBe(100);
    const list = await t.call('GET', '/api/admin/rewards/requests', undefined, as(rewardsManager.cookie));
    expect(
      ((await list.json()) as { items: { id: string; member: { name: string } }[] }).items,
    ).toContainEqual(
      expect.objectContaining({
        id: redemption.id,
        member: { id: member.user.id, name: member.user.fullName },
      }),
    );
    // Not yet counted: no milestone until it is approved.
    expect(
      await t.database.db.$count(
        ledgerEntry,
        and(eq(ledgerEntry.userId, member.user.id), eq(ledgerEntry.reason, 'reward-milestone')),
      ),
    ).toBe(0);
    // Worth store credit: the staff member chooses how it is paid (store-credit.test.ts has the credit side).
    const approve = await t.call(
      'POST',
      `/api/admin/rewards/requests/${redemption.id}/approve`,
      { payAs: 'cash' },
      as(rewardsManager.cookie),
    );
    expect(approve.status).toBe(200);
    expect(await mine(member.cookie)).toMatchObject([{ id: redemption.id, status: 'in-cart' }]);
    const again = await t.call(
      'POST',
      `/api/admin/rewards/requests/${redemption.id}/approve`,
      { payAs: 'cash' },
      as(owner.cookie),
    );
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('This request has already been decided.');
    // First redemption (+500 XP) and 2,500 spent (two steps): one award of 1,500 XP.
    expect(
      await t.database.db
        .select({ xp: ledgerEntry.deltaXp })
        .from(ledgerEntry)
        .where(and(eq(ledgerEntry.userId, member.user.id), eq(ledgerEntry.reason, 'reward-milestone'))),
    ).toEqual([{ xp: 1500 }]);
    const notes = await t.database.db
      .select({ message: notification.message })
      .from(notification)
      .where(eq(notification.userId, member.user.id));
    expect(notes.map((n) => n.message)).toContain(
      'Your "$100 Cash or Store Credit" reward was approved. It is in your cart.',
    );
  });

  it('staff refuse with a reason: coins refunded through the ledger, the member told why', async () => {
    const member = await memberWith(10_000);
    const redemption = await redeemed(member.cookie, 'reward-vegas-trip', 10_000);
    expect((await balanceOf(member.user.id)).coins).toBe(0);
    const refuse = await t.call(
      'POST',
      `/api/admin/rewards/requests/${redemption.id}/refuse`,
      { reason: 'Trips are paused this season' },
      as(rewardsManager.cookie),
    );
    expect(refuse.status).toBe(200);
    expect((await balanceOf(member.user.id)).coins).toBe(10_000);
    await expectLedgerMatches(member.user.id);
    expect(await mine(member.cookie)).toEqual([]);
    const [note] = await t.database.db
      .select({ message: notification.message })
      .from(notification)
      .where(and(eq(notification.userId, member.user.id), sql`${notification.message} like '%refused%'`));
    expect(note!.message).toBe(
      'Your request for "10-Day Vegas Trip" was refused: “Trips are paused this season”. Your 10,000 coins are back in your balance.',
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.eventType} = 'REWARD_REQUEST_REFUSED' and ${auditLog.meta} ->> 'redemptionId' = ${redemption.id}`,
      );
    expect(audit!.actorId).toBe(rewardsManager.id);
  });

  it('refuses a reason that is too short, and a staff member deciding their own request', async () => {
    const member = await memberWith(2500);
    const redemption = await redeemed(member.cookie, 'reward-cash-credit', 2500);
    const short = await t.call(
      'POST',
      `/api/admin/rewards/requests/${redemption.id}/refuse`,
      { reason: 'no' },
      as(owner.cookie),
    );
    expect(short.status).toBe(400);
    expect((await errorOf(short)).message).toBe('Give a reason the member will read.');

    await t.database.db.transaction((tx) =>
      applyAward(tx, { userId: owner.id, coins: 2500, xp: 0, reason: 'adjustment', at: t.clock.now() }),
    );
    const own = await redeemed(owner.cookie, 'reward-cash-credit', 2500);
    const self = await t.call(
      'POST',
      `/api/admin/rewards/requests/${own.id}/approve`,
      undefined,
      as(owner.cookie),
    );
    expect(self.status).toBe(403);
    expect((await errorOf(self)).message).toBe('Another staff member must decide your own request.');
  });
});

describe('reward lines in the cart and on orders', () => {
  it('moves a reward out of the cart to Your rewards and back; another member’s is not found', async () => {
    const member = await memberWith(100);
    const other = await memberWith(0);
    const redemption = await redeemed(member.cookie, 'reward-pre-roll', 63);
    const move = (cookie: string, inCart: boolean) =>
      t.call('PATCH', `/api/rewards/redemptions/${redemption.id}`, { inCart }, as(cookie));
    expect((await move(member.cookie, false)).status).toBe(200);
    expect(await mine(member.cookie)).toMatchObject([{ status: 'unused' }]);
    expect((await move(member.cookie, false)).status).toBe(200);
    expect((await move(member.cookie, true)).status).toBe(200);
    expect(await mine(member.cookie)).toMatchObject([{ status: 'in-cart' }]);
    const stranger = await move(other.cookie, false);
    expect(stranger.status).toBe(404);
    expect(await mine(member.cookie)).toMatchObject([{ status: 'in-cart' }]);
  });

  it('rides on an order as a $0 "REWARD:" line, used once; the desk, My Orders and the CSV show it', async () => {
    const member = await memberWith(200);
    const redemption = await redeemed(member.cookie, 'reward-pre-roll', 63);
    const response = await placeOrder(member.cookie, orderBody({ rewardIds: [redemption.id] }));
    expect(response.status, await response.clone().text()).toBe(201);
    const { order } = (await response.json()) as PlaceOrderResponse;
    expect(order.items).toEqual([
      expect.objectContaining({ stickerId, size: '3.5g', quantity: 1 }),
      {
        stickerId: null,
        stickerName: 'REWARD: Pre-Roll',
        size: 'Reward',
        quantity: 1,
        unitPriceCents: 0,
        lineTotalCents: 0,
      },
    ]);
    expect(order.totalCents).toBe(6500);
    expect(await mine(member.cookie)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(rewardRedemption)
      .where(eq(rewardRedemption.id, redemption.id));
    expect(row).toMatchObject({ status: 'used', orderId: order.id });

    // Used: a second order with it is refused whole.
    const again = await placeOrder(member.cookie, orderBody({ rewardIds: [redemption.id] }));
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe('"Pre-Roll" has already been used on an order.');

    const myOrders = (await (
      await t.call('GET', '/api/orders', undefined, as(member.cookie))
    ).json()) as MyOrdersResponse;
    expect(myOrders.items[0]!.items.map((i) => i.stickerName)).toContain('REWARD: Pre-Roll');
    const desk = (await (
      await t.call('GET', '/api/admin/orders', undefined, as(owner.cookie))
    ).json()) as AdminOrdersResponse;
    expect(desk.items.find((o) => o.id === order.id)!.items.map((i) => i.size)).toContain('Reward');
    const csv = await (await t.call('GET', '/api/admin/orders/export', undefined, as(owner.cookie))).text();
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r['Items']?.includes('REWARD: Pre-Roll'))!['Items']).toContain(
      '1 x REWARD: Pre-Roll (Reward)',
    );
  });

  it('takes an order of rewards alone (the delivery fee only), and refuses a reward that is not the member’s', async () => {
    const member = await memberWith(200);
    const other = await memberWith(200);
    const mineOnly = await redeemed(member.cookie, 'reward-pre-roll', 63);
    const theirs = await redeemed(other.cookie, 'reward-pre-roll', 63);
    const alone = await placeOrder(
      member.cookie,
      orderBody({ items: [], rewardIds: [mineOnly.id], expectedTotalCents: 2000 }),
    );
    expect(alone.status, await alone.clone().text()).toBe(201);
    const { order } = (await alone.json()) as PlaceOrderResponse;
    expect(order).toMatchObject({ subtotalCents: 0, deliveryFeeCents: 2000, totalCents: 2000 });
    expect(order.items.map((item) => [item.stickerName, item.lineTotalCents])).toEqual([
      ['REWARD: Pre-Roll', 0],
    ]);
    expect(await mine(member.cookie)).toEqual([]);
    const stolen = await placeOrder(member.cookie, orderBody({ rewardIds: [theirs.id] }));
    expect(stolen.status).toBe(400);
    expect((await errorOf(stolen)).message).toBe(
      'A reward in your cart is not one of yours. Refresh your cart and try again.',
    );
    expect(await mine(other.cookie)).toMatchObject([{ id: theirs.id, status: 'in-cart' }]);
  });

  it('Free Delivery makes a Delivery order’s fee $0, is refused on Pickup, and only one per order', async () => {
    const member = await memberWith(300);
    const first = await redeemed(member.cookie, 'reward-free-delivery', 100);
    const second = await redeemed(member.cookie, 'reward-free-delivery', 100);

    const pickup = await placeOrder(
      member.cookie,
      orderBody({
        deliveryMethod: 'Pickup',
        address: '',
        pickupLocation: 'van ness',
        rewardIds: [first.id],
        expectedTotalCents: 4500,
      }),
    );
    expect(pickup.status).toBe(400);
    expect((await errorOf(pickup)).message).toBe(FREE_DELIVERY_ON_PICKUP);

    const two = await placeOrder(
      member.cookie,
      orderBody({ rewardIds: [first.id, second.id], expectedTotalCents: 4500 }),
    );
    expect(two.status).toBe(400);
    expect((await errorOf(two)).message).toBe(ONE_FREE_DELIVERY);
    expect((await mine(member.cookie)).map((r) => r.status)).toEqual(['in-cart', 'in-cart']);

    // The total the member saw must be the fee-free one.
    const charged = await placeOrder(member.cookie, orderBody({ rewardIds: [first.id] }));
    expect(charged.status).toBe(409);
    const free = await placeOrder(
      member.cookie,
      orderBody({ rewardIds: [first.id], expectedTotalCents: 4500 }),
    );
    expect(free.status).toBe(201);
    const { order } = (await free.json()) as PlaceOrderResponse;
    expect(order).toMatchObject({ deliveryFeeCents: 0, totalCents: 4500 });
    expect(order.items.at(-1)!.stickerName).toBe('REWARD: Free Delivery');
  });

  it('a member cancelling their own order gets its rewards back, and Order again leaves the reward out', async () => {
    const member = await memberWith(200);
    const redemption = await redeemed(member.cookie, 'reward-pre-roll', 63);
    const placed = await placeOrder(member.cookie, orderBody({ rewardIds: [redemption.id] }));
    const { order } = (await placed.json()) as PlaceOrderResponse;
    const cancelled = await t.call('POST', `/api/orders/${order.id}/cancel`, {}, as(member.cookie));
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ rewardsReturned: 1, order: { status: 'cancelled' } });
    expect(await mine(member.cookie)).toMatchObject([{ id: redemption.id, status: 'unused' }]);
    const again = await t.call('GET', `/api/orders/${order.id}/reorder`, undefined, as(member.cookie));
    // The reward line is not repeated: only the sticker comes back.
    expect(await again.json()).toEqual({
      deliveryMethod: 'Delivery',
      lines: [{ stickerId, stickerName: 'Reward Sticker', size: '3.5g', quantity: 1, unitPriceCents: 4500 }],
      skipped: [],
    });
  });

  it('a cancelled order gives its rewards back, and cannot be reopened', async () => {
    const member = await memberWith(200);
    const redemption = await redeemed(member.cookie, 'reward-pre-roll', 63);
    const placed = await placeOrder(member.cookie, orderBody({ rewardIds: [redemption.id] }));
    const { order } = (await placed.json()) as PlaceOrderResponse;
    const status = (value: string) =>
      t.call('PATCH', `/api/admin/orders/${order.id}/status`, { status: value }, as(owner.cookie));
    expect((await status('cancelled')).status).toBe(200);
    expect(await mine(member.cookie)).toMatchObject([{ id: redemption.id, status: 'unused' }]);
    const [note] = await t.database.db
      .select({ message: notification.message })
      .from(notification)
      .where(and(eq(notification.userId, member.user.id), sql`${notification.message} like '%cancelled%'`));
    expect(note!.message).toMatch(/Its reward is back under Your rewards\.$/);
    const reopen = await status('confirmed');
    expect(reopen.status).toBe(400);
    expect((await errorOf(reopen)).message).toMatch(/cannot be reopened/);
    // The reward can ride on a new order.
    await t.call('PATCH', `/api/rewards/redemptions/${redemption.id}`, { inCart: true }, as(member.cookie));
    const next = await placeOrder(member.cookie, orderBody({ rewardIds: [redemption.id] }));
    expect(next.status).toBe(201);
  });
});
