import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '~/shared/app-error';
import { dayIn, DAY_MS } from '~/shared/time';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { insertSticker, seedShopWithSticker } from '~/features/shop/server/shop.seed';
import type {
  OrderQuote,
  PlaceOrderInput,
  PlaceOrderResponse,
  QuoteCartInput,
} from '~/features/shop/orders.schema';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { promoCode, promoUse } from '~/server/db/tables/loyalty.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import type { LedgerPage } from '../economy.schema';
import type { PromoCodeFormInput, PromoCodeResponse, PromoCodesResponse } from '../loyalty.schema';
import { applyAward } from './ledger.service';
import { changeStoreCredit } from './store-credit.service';

/** Loyalty and promo codes (issue 52): codes, perks, coins per dollar, the welcome reward, on both databases. */
type Someone = { cookie: string; id: string };
let t: TestContext;
let owner: Someone;
let stickerId: string;

beforeAll(async () => {
  t = await createTestContext({
    env: { RATE_LIMIT_ORDERS_PER_USER: '1000/60', RATE_LIMIT_PROMO_CODES_PER_USER: '1000/60' },
  });
  await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Seed Sticker' });
  // $45.50 the 3.5g: cents that round.
  stickerId = await insertSticker(t.database.db, {
    name: 'Loyal Sticker',
    type: 'Hybrid',
    description: 'x',
    price35gCents: 4550,
  });
  owner = await signedInWithRoles(t, ['Owner']);
});
afterAll(() => t.close());

const as = (who: Someone) => ({ Cookie: who.cookie });
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
let households = 0;
/** A member of a household of their own (a referral needs one), optionally referred by a code. */
async function newMember(
  overrides: Record<string, unknown> = {},
): Promise<Someone & { referralCode: string; phone: string }> {
  households += 1;
  const suffix = String(households).padStart(2, '0');
  const signedIn = await signedInMember(t, {
    phone: `(202) 555-03${suffix}`,
    address: `${households} Loyal Street NW, Washington, DC`,
    ...overrides,
  });
  return {
    cookie: signedIn.cookie,
    id: signedIn.user.id,
    referralCode: signedIn.user.referralCode,
    phone: String(signedIn.input.phone),
  };
}

const items = (quantity = 1) => [{ stickerId, size: '3.5g' as const, quantity }];
const quoteOf = async (who: Someone, body: Partial<QuoteCartInput>) => {
  const response = await t.call(
    'POST',
    '/api/orders/quote',
    { deliveryMethod: 'Pickup', items: items(), ...body },
    as(who),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as OrderQuote;
};

let keys = 0;
const order = (overrides: Partial<PlaceOrderInput>): PlaceOrderInput => ({
  idempotencyKey: `loyalty-${(keys += 1)}-${Date.now()}`,
  deliveryMethod: 'Pickup',
  pickupLocation: 'van ness',
  paymentMethod: 'Cash',
  phone: '+12025550142',
  items: items(),
  rewardIds: [],
  expectedTotalCents: 0,
  ...overrides,
});
/** Places the cart at the total its quote gives. */
async function placed(who: Someone, overrides: Partial<PlaceOrderInput> = {}) {
  const body = order(overrides);
  const { deliveryMethod, items: lines, rewardIds, zip, promoCode: code } = body;
  const { totalCents } = await quoteOf(who, {
    deliveryMethod,
    items: lines,
    rewardIds,
    zip,
    promoCode: code,
  });
  const response = await t.call('POST', '/api/orders', { ...body, expectedTotalCents: totalCents }, as(who));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as PlaceOrderResponse).order;
}
const setStatus = async (orderId: string, status: string) => {
  const response = await t.call('PATCH', `/api/admin/orders/${orderId}/status`, { status }, as(owner));
  return response;
};
async function complete(orderId: string) {
  const response = await setStatus(orderId, 'completed');
  expect(response.status, await response.clone().text()).toBe(200);
}

let codes = 0;
async function createCode(form: Partial<PromoCodeFormInput> = {}) {
  codes += 1;
  const response = await t.call(
    'POST',
    '/api/admin/promo-codes',
    { code: `save${codes}x${Date.now() % 100000}`, kind: 'percent', percentOff: 10, ...form },
    as(owner),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as PromoCodeResponse).code;
}
const pause = (id: string, paused: boolean) =>
  t.call('PUT', `/api/admin/promo-codes/${id}/paused`, { paused }, as(owner));
const saveSettings = async (settings: Record<string, number>) =>
  expect((await t.call('PUT', '/api/economy/settings', settings, as(owner))).status).toBe(200);
const setPerks = (perks: { fromLevel: number; percentOff: number }[]) =>
  t.call('PUT', '/api/economy/level-perks', { perks }, as(owner));
const ledgerOf = (userId: string, reason: string) =>
  t.database.db
    .select({ coins: ledgerEntry.deltaCoins, reference: ledgerEntry.reference })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.userId, userId), eq(ledgerEntry.reason, reason)));
const coinsOf = async (userId: string) =>
  (await t.database.db.select({ coins: user.exoticCoins }).from(user).where(eq(user.id, userId)))[0]!.coins;

describe('promo codes in the Economy tab', () => {
  it('create a code normalised and unique, refuse a second of the same text, and audit ids, never the text', async () => {
    const created = await t.call(
      'POST',
      '/api/admin/promo-codes',
      { code: ' welcome 25 ', kind: 'amount', amountOffCents: 500, minOrderCents: 3000 },
      as(owner),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const { code } = (await created.json()) as PromoCodeResponse;
    expect(code).toMatchObject({
      code: 'WELCOME25',
      kind: 'amount',
      amountOffCents: 500,
      percentOff: null,
      state: 'active',
      uses: 0,
    });

    const again = await t.call(
      'POST',
      '/api/admin/promo-codes',
      { code: 'Welcome25', kind: 'percent', percentOff: 5 },
      as(owner),
    );
    expect(again.status).toBe(409);
    expect((await errorOf(again)).fields).toEqual({ code: 'There is already a code WELCOME25.' });

    const noPercent = await t.call(
      'POST',
      '/api/admin/promo-codes',
      { code: 'HALF', kind: 'percent' },
      as(owner),
    );
    expect(noPercent.status).toBe(400);
    expect((await errorOf(noPercent)).fields).toMatchObject({ percentOff: 'Enter the percentage off.' });
    const backwards = await t.call(
      'POST',
      '/api/admin/promo-codes',
      { code: 'BACKWARDS', kind: 'percent', percentOff: 5, startsOn: '2026-12-10', endsOn: '2026-12-01' },
      as(owner),
    );
    expect((await errorOf(backwards)).fields).toMatchObject({
      endsOn: 'The last day comes before the first.',
    });

    const edited = await t.call(
      'PATCH',
      `/api/admin/promo-codes/${code.id}`,
      { code: 'WELCOME25', kind: 'amount', amountOffCents: 700, minOrderCents: 3000 },
      as(owner),
    );
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(((await edited.json()) as PromoCodeResponse).code.amountOffCents).toBe(700);
    expect((await pause(code.id, true)).status).toBe(200);
    // Paused again, or saved unchanged: nothing to audit.
    expect((await pause(code.id, true)).status).toBe(200);
    const unchanged = { code: 'WELCOME25', kind: 'amount', amountOffCents: 700, minOrderCents: 3000 };
    expect((await t.call('PATCH', `/api/admin/promo-codes/${code.id}`, unchanged, as(owner))).status).toBe(
      200,
    );

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, owner.id));
    const promoRows = rows.filter((row) => row.eventType.startsWith('PROMO_CODE_'));
    expect(promoRows.map((row) => [row.eventType, row.meta])).toEqual([
      ['PROMO_CODE_CREATED', { promoCodeId: code.id }],
      ['PROMO_CODE_UPDATED', { promoCodeId: code.id, changed: ['amountOffCents'] }],
      ['PROMO_CODE_PAUSED', { promoCodeId: code.id }],
    ]);
    expect(JSON.stringify(promoRows)).not.toContain('WELCOME25');
    const list = (await (
      await t.call('GET', '/api/admin/promo-codes', undefined, as(owner))
    ).json()) as PromoCodesResponse;
    expect(list.codes.find((listed) => listed.id === code.id)?.state).toBe('paused');
  });

  it('are for staff who manage rewards only', async () => {
    const member = await newMember();
    const readOnly = await signedInWithRoles(t, ['Read-Only']);
    for (const who of [member, readOnly]) {
      expect((await t.call('GET', '/api/admin/promo-codes', undefined, as(who))).status).toBe(403);
      const create = await t.call(
        'POST',
        '/api/admin/promo-codes',
        { code: 'SNEAKY', kind: 'percent', percentOff: 90 },
        as(who),
      );
      expect(create.status).toBe(403);
    }
    expect(await t.database.db.$count(promoCode, eq(promoCode.code, 'SNEAKY'))).toBe(0);
  });
});

describe('a promo code at checkout', () => {
  it('takes its percentage (rounded down) or amount off the stickers, typed in any case', async () => {
    const member = await newMember();
    const percent = await createCode({ percentOff: 15 });
    const quote = await quoteOf(member, { promoCode: percent.code.toLowerCase(), items: items(2) });
    // 15% of $91.00 is $13.65.
    expect(quote).toMatchObject({
      subtotalCents: 9100,
      promoCode: percent.code,
      promoCents: 1365,
      promoProblem: null,
      totalCents: 7735,
    });
    const amount = await createCode({ kind: 'amount', percentOff: null, amountOffCents: 10000 });
    // An amount never takes more than the stickers.
    expect(await quoteOf(member, { promoCode: amount.code })).toMatchObject({
      promoCents: 4550,
      totalCents: 0,
    });
  });

  it('call unknown, paused, not yet started, ended and used-up codes "This code is not valid."', async () => {
    const member = await newMember();
    const today = dayIn(t.clock.now(), 'America/New_York');
    const tomorrow = dayIn(new Date(t.clock.now().getTime() + DAY_MS), 'America/New_York');
    const yesterday = dayIn(new Date(t.clock.now().getTime() - DAY_MS), 'America/New_York');
    const paused = await createCode();
    expect((await pause(paused.id, true)).status).toBe(200);
    const scheduled = await createCode({ startsOn: tomorrow });
    const ended = await createCode({ endsOn: yesterday });
    const lastDay = await createCode({ startsOn: today, endsOn: today });
    const single = await createCode({ maxUses: 1 });
    await placed(await newMember(), { promoCode: single.code });

    for (const code of [
      'NO-SUCH-CODE',
      'X'.repeat(60),
      paused.code,
      scheduled.code,
      ended.code,
      single.code,
    ]) {
      expect(await quoteOf(member, { promoCode: code }), code).toMatchObject({
        promoCode: null,
        promoCents: 0,
        promoProblem: 'This code is not valid.',
        promoDropped: true,
        totalCents: 4550,
      });
    }
    expect((await quoteOf(member, { promoCode: lastDay.code })).promoCents).toBe(455);
    // Submitted anyway: refused, on the field, and nothing is stored.
    const before = await t.database.db.$count(shopOrder, eq(shopOrder.userId, member.id));
    const response = await t.call(
      'POST',
      '/api/orders',
      order({ promoCode: paused.code, expectedTotalCents: 4550 }),
      as(member),
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ promoCode: 'This code is not valid.' });
    expect(await t.database.db.$count(shopOrder, eq(shopOrder.userId, member.id))).toBe(before);
  });

  it('name the rules a member can act on: the minimum, first order only, once per member', async () => {
    const member = await newMember();
    const minimum = await createCode({ minOrderCents: 5000 });
    expect(await quoteOf(member, { promoCode: minimum.code })).toMatchObject({
      promoProblem: 'This code needs $50.00 of stickers: add $4.50 more to use it.',
      promoDropped: false,
    });
    expect((await quoteOf(member, { promoCode: minimum.code, items: items(2) })).promoCents).toBe(910);

    const once = await createCode({ oncePerMember: true });
    await placed(member, { promoCode: once.code });
    expect((await quoteOf(member, { promoCode: once.code })).promoProblem).toBe(
      'You have already used this code.',
    );
    expect((await quoteOf(await newMember(), { promoCode: once.code })).promoProblem).toBeNull();

    const first = await createCode({ firstOrderOnly: true });
    expect((await quoteOf(member, { promoCode: first.code })).promoProblem).toBe(
      'This code is for a first order only.',
    );
    const newcomer = await newMember();
    const firstOrder = await placed(newcomer, { promoCode: first.code });
    expect(firstOrder).toMatchObject({ promoCode: first.code, promoCents: 455, totalCents: 4095 });
    // A cancelled order does not count as a first order, and gives its use back.
    expect((await setStatus(firstOrder.id, 'cancelled')).status).toBe(200);
    expect((await quoteOf(newcomer, { promoCode: first.code })).promoProblem).toBeNull();
  });

  it('give a cancelled order’s use back, and refuse to reopen it', async () => {
    const code = await createCode({ maxUses: 1 });
    const member = await newMember();
    const used = await placed(member, { promoCode: code.code });
    const [use] = await t.database.db.select().from(promoUse).where(eq(promoUse.orderId, used.id));
    expect(use).toMatchObject({ promoCodeId: code.id, userId: member.id, discountCents: 455, onceKey: null });
    expect((await quoteOf(await newMember(), { promoCode: code.code })).promoProblem).toBe(
      'This code is not valid.',
    );

    expect((await setStatus(used.id, 'cancelled')).status).toBe(200);
    expect(await t.database.db.$count(promoUse, eq(promoUse.orderId, used.id))).toBe(0);
    const [row] = await t.database.db
      .select({ uses: promoCode.uses })
      .from(promoCode)
      .where(eq(promoCode.id, code.id));
    expect(row!.uses).toBe(0);
    expect((await quoteOf(await newMember(), { promoCode: code.code })).promoProblem).toBeNull();

    const reopen = await setStatus(used.id, 'pending');
    expect(reopen.status).toBe(400);
    expect((await errorOf(reopen)).message).toBe(
      `This order used the promo code ${code.code}, whose use went back when it was cancelled, so it cannot be reopened. Ask the member to order again.`,
    );
  });

  it('count codes that are not valid against the member’s tries, and then refuse every code without looking', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_PROMO_CODES_PER_USER: '3/600' } });
    try {
      await seedShopWithSticker(limited.database.db, limited.clock.now(), { name: 'Limited Sticker' });
      const staff = await signedInWithRoles(limited, ['Owner']);
      const good = await limited.call(
        'POST',
        '/api/admin/promo-codes',
        { code: 'GOOD', kind: 'percent', percentOff: 10 },
        { Cookie: staff.cookie },
      );
      expect(good.status).toBe(201);
      const member = await signedInMember(limited);
      const [sticker] = (
        (await (
          await limited.call('GET', '/api/shop/menu', undefined, { Cookie: member.cookie })
        ).json()) as {
          stickers: { id: string }[];
        }
      ).stickers;
      const tryCode = (promoCode: string) =>
        limited.call(
          'POST',
          '/api/orders/quote',
          {
            deliveryMethod: 'Pickup',
            items: [{ stickerId: sticker!.id, size: '3.5g', quantity: 1 }],
            promoCode,
          },
          { Cookie: member.cookie },
        );
      // A code that applies is not a try.
      for (let n = 0; n < 4; n += 1) expect((await tryCode('GOOD')).status).toBe(200);
      for (const guess of ['GUESS1', 'GUESS2', 'GUESS3']) {
        const response = await tryCode(guess);
        expect(response.status).toBe(200);
        expect(((await response.json()) as OrderQuote).promoProblem).toBe('This code is not valid.');
      }
      // Out of tries: even a good code is not looked at, so the answer tells nothing; the cart still prices.
      const refused = await tryCode('GOOD');
      expect(refused.status).toBe(200);
      const withoutCode = (await refused.json()) as OrderQuote;
      expect(withoutCode).toMatchObject({
        promoCode: null,
        promoCents: 0,
        totalCents: withoutCode.subtotalCents,
      });
      expect(withoutCode.promoProblem).toMatch(
        /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
      );
      // Submitting with a code is refused outright.
      const submit = await limited.call(
        'POST',
        '/api/orders',
        {
          idempotencyKey: `out-of-tries-${Date.now()}`,
          deliveryMethod: 'Pickup',
          pickupLocation: 'van ness',
          paymentMethod: 'Cash',
          phone: '+12025550142',
          items: [{ stickerId: sticker!.id, size: '3.5g', quantity: 1 }],
          promoCode: 'GOOD',
          expectedTotalCents: 0,
        },
        { Cookie: member.cookie },
      );
      expect(submit.status, await submit.clone().text()).toBe(429);
      limited.clock.advance(601_000);
      const again = (await (await tryCode('GOOD')).json()) as OrderQuote;
      expect(again).toMatchObject({ promoCode: 'GOOD', promoProblem: null });
    } finally {
      await limited.close();
    }
  });
});

describe('level perks', () => {
  it('take their percentage off the stickers from their level on, before the promo code, and credit pays the rest', async () => {
    const refused = await setPerks([
      { fromLevel: 3, percentOff: 5 },
      { fromLevel: 3, percentOff: 8 },
    ]);
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toMatchObject({
      'perks.1.fromLevel': 'Level 3 has two perks: keep one.',
    });
    const saved = await setPerks([
      { fromLevel: 5, percentOff: 20 },
      { fromLevel: 2, percentOff: 10 },
    ]);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toEqual({
      perks: [
        { fromLevel: 2, percentOff: 10 },
        { fromLevel: 5, percentOff: 20 },
      ],
    });
    try {
      const member = await newMember();
      expect((await t.call('PUT', '/api/economy/level-perks', { perks: [] }, as(member))).status).toBe(403);
      const at = t.clock.now();
      // Level 1 (999 XP): no perk.
      await t.database.db.transaction((tx) =>
        applyAward(tx, { userId: member.id, coins: 0, xp: 999, reason: 'adjustment', at }),
      );
      expect(await quoteOf(member, {})).toMatchObject({ perkPercent: null, perkCents: 0, totalCents: 4550 });
      // Level 2 at 1,000 XP: 10% off $45.50 is $4.55.
      await t.database.db.transaction((tx) =>
        applyAward(tx, { userId: member.id, coins: 0, xp: 1, reason: 'adjustment', at }),
      );
      expect(await quoteOf(member, {})).toMatchObject({ perkPercent: 10, perkCents: 455, totalCents: 4095 });

      // Perk, then promo on what is left, then the fee, then store credit on the total.
      const code = await createCode({ percentOff: 50 });
      await t.database.db.transaction((tx) =>
        changeStoreCredit(tx, {
          userId: member.id,
          deltaCents: 1000,
          reason: 'reward',
          reference: `loyalty-${member.id}`,
          at,
        }),
      );
      const together = await quoteOf(member, {
        deliveryMethod: 'Delivery',
        zip: '20001',
        items: items(2),
        promoCode: code.code,
      });
      // $91.00 - 10% ($9.10) = $81.90; half of it ($40.95) = $40.95; + $20 fee = $60.95; - $10 credit = $50.95.
      expect(together).toMatchObject({
        subtotalCents: 9100,
        perkCents: 910,
        promoCents: 4095,
        deliveryFeeCents: 2000,
        storeCreditCents: 1000,
        totalCents: 5095,
        // Coins on the stickers after perk and promo ($40.95): 40; credit does not reduce them.
        purchaseCoins: 40,
      });
      const placedOrder = await placed(member, {
        deliveryMethod: 'Delivery',
        address: '1 Main St, Washington, DC 20001',
        zip: '20001',
        items: items(2),
        promoCode: code.code,
      });
      expect(placedOrder).toMatchObject({
        perkCents: 910,
        promoCode: code.code,
        promoCents: 4095,
        storeCreditCents: 1000,
        totalCents: 5095,
        purchaseCoins: 40,
      });
      const perks = await t.call('GET', '/api/economy/level-perks', undefined, as(member));
      expect((await perks.json()) as unknown).toEqual({
        perks: [
          { fromLevel: 2, percentOff: 10 },
          { fromLevel: 5, percentOff: 20 },
        ],
      });
    } finally {
      expect((await setPerks([])).status).toBe(200);
    }
  });
});

describe('coins for spending', () => {
  it('pay coins per dollar once when the order completes, show them in the history, and take them back on a cancel', async () => {
    const member = await newMember();
    const placedOrder = await placed(member, { items: items(2) });
    expect(placedOrder.purchaseCoins).toBe(91);
    const before = await coinsOf(member.id);
    await complete(placedOrder.id);
    await complete(placedOrder.id);
    expect(await ledgerOf(member.id, 'purchase-coins')).toEqual([{ coins: 91, reference: placedOrder.id }]);
    expect(await coinsOf(member.id)).toBe(before + 91);
    const history = (await (
      await t.call('GET', '/api/profile/history', undefined, as(member))
    ).json()) as LedgerPage;
    expect(history.items.find((item) => item.reason === 'Coins for an order')).toMatchObject({
      coins: 91,
      note: `Order #${placedOrder.shortId}`,
    });

    expect((await setStatus(placedOrder.id, 'cancelled')).status).toBe(200);
    expect(await coinsOf(member.id)).toBe(before);
    expect(await ledgerOf(member.id, 'order-coins-back')).toEqual([
      { coins: -91, reference: placedOrder.id },
    ]);
    // Cancelled again (it already is): nothing more.
    expect((await setStatus(placedOrder.id, 'cancelled')).status).toBe(200);
    expect(await ledgerOf(member.id, 'order-coins-back')).toHaveLength(1);
  });

  it('take back only the coins the member still has', async () => {
    const member = await newMember();
    const placedOrder = await placed(member);
    await complete(placedOrder.id);
    const spend = (await coinsOf(member.id)) - 10;
    await t.database.db.transaction((tx) =>
      applyAward(tx, { userId: member.id, coins: -spend, xp: 0, reason: 'redeem', at: t.clock.now() }),
    );
    expect((await setStatus(placedOrder.id, 'cancelled')).status).toBe(200);
    expect(await coinsOf(member.id)).toBe(0);
    expect(await ledgerOf(member.id, 'order-coins-back')).toEqual([
      { coins: -10, reference: placedOrder.id },
    ]);
  });

  it('pay what the setting says when the order was placed, and nothing at 0', async () => {
    await saveSettings({ coinsPerDollar: 0 });
    try {
      const member = await newMember();
      const placedOrder = await placed(member);
      expect(placedOrder.purchaseCoins).toBe(0);
      await complete(placedOrder.id);
      expect(await ledgerOf(member.id, 'purchase-coins')).toEqual([]);
      await saveSettings({ coinsPerDollar: 3 });
      expect((await placed(member)).purchaseCoins).toBe(135);
    } finally {
      await saveSettings({ coinsPerDollar: 1 });
    }
  });
});

describe('the welcome reward', () => {
  it('pays a referred friend once, on their first completed order, not when they share the referrer’s household', async () => {
    await saveSettings({ welcomeCoins: 75 });
    const referrer = await newMember();
    const friend = await newMember({ referralCode: referrer.referralCode });
    const first = await placed(friend);
    const second = await placed(friend);
    await complete(second.id);
    await complete(first.id);
    expect(await ledgerOf(friend.id, 'welcome')).toEqual([{ coins: 75, reference: second.id }]);
    expect(await ledgerOf(referrer.id, 'welcome')).toEqual([]);

    // Its order cancelled after completion: the welcome goes back, and the next completed order brings it again.
    expect((await setStatus(second.id, 'cancelled')).status).toBe(200);
    expect(await ledgerOf(friend.id, 'order-coins-back')).toEqual([
      { coins: -(75 + 45), reference: second.id },
    ]);
    const third = await placed(friend);
    await complete(third.id);
    expect((await ledgerOf(friend.id, 'welcome')).map((row) => row.reference)).toEqual([second.id, third.id]);

    const household = await newMember({ referralCode: referrer.referralCode, phone: referrer.phone });
    await complete((await placed(household)).id);
    const unreferred = await newMember();
    await complete((await placed(unreferred)).id);
    expect(await ledgerOf(household.id, 'welcome')).toEqual([]);
    expect(await ledgerOf(unreferred.id, 'welcome')).toEqual([]);
  });
});
