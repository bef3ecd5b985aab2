import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { RACE_LIMITS, race } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { seedShopWithSticker } from '~/features/shop/server/shop.seed';
import type { PlaceOrderInput, PlaceOrderResponse } from '~/features/shop/orders.schema';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { promoCode, promoUse } from '~/server/db/tables/loyalty.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import type { PromoCodeFormInput, PromoCodeResponse } from '../loyalty.schema';

// Promo code and coin races that only a real PostgreSQL exposes (PGlite runs one query at a time).
let t: TestContext;
let stickerId: string;
let owner: Awaited<ReturnType<typeof signedInWithRoles>>;
beforeAll(async () => {
  t = await createTestContext({ env: RACE_LIMITS });
  stickerId = await seedShopWithSticker(t.database.db, new Date(), {
    name: 'Promo Race Sticker',
    type: 'Hybrid',
    description: 'x',
    price35gCents: 4000,
  });
  owner = await signedInWithRoles(t, ['Owner']);
});
afterAll(() => t.close());

let codes = 0;
async function createCode(form: Partial<PromoCodeFormInput>) {
  codes += 1;
  const response = await t.call(
    'POST',
    '/api/admin/promo-codes',
    { code: `RACE${codes}X${Date.now() % 1_000_000}`, kind: 'amount', amountOffCents: 1000, ...form },
    { Cookie: owner.cookie },
  );
  if (response.status !== 201) throw new Error(await response.text());
  return ((await response.json()) as PromoCodeResponse).code;
}

/** A $40 pickup with a $10-off code: $30 to pay. */
const withCode = (code: string, key: string): PlaceOrderInput => ({
  idempotencyKey: key,
  deliveryMethod: 'Pickup',
  paymentMethod: 'Cash',
  phone: '202-555-0123',
  pickupLocation: 'van ness',
  items: [{ stickerId, size: '3.5g', quantity: 1 }],
  promoCode: code,
  expectedTotalCents: 3000,
});

/** A code's use count, its use rows and the orders that carry it agree. */
async function expectUses(id: string, text: string, uses: number) {
  const [row] = await t.database.db
    .select({ uses: promoCode.uses })
    .from(promoCode)
    .where(eq(promoCode.id, id));
  expect({
    count: row!.uses,
    rows: await t.database.db.$count(promoUse, eq(promoUse.promoCodeId, id)),
    orders: await t.database.db.$count(shopOrder, eq(shopOrder.promoCode, text)),
  }).toEqual({ count: uses, rows: uses, orders: uses });
}

const refusedOrPlaced = async (response: Response) => {
  if (response.status !== 201 && response.status !== 400 && response.status !== 409) {
    throw new Error(`${response.status} ${await response.text()}`);
  }
  return response.status === 201;
};

it('20 members for the last use of a code: one order gets it', async () => {
  const raced: { id: string; code: string }[] = [];
  const winners = await race({
    contenders: 20,
    setup: async () => {
      const code = await createCode({ maxUses: 1 });
      raced.push(code);
      const members = await Promise.all(Array.from({ length: 20 }, () => signedInMember(t)));
      return { code, members };
    },
    attempt: async ({ code, members }, contender) => {
      const body = withCode(code.code, `last-use-${code.id}-${contender}`);
      return refusedOrPlaced(
        await t.call('POST', '/api/orders', body, { Cookie: members[contender]!.cookie }),
      );
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  for (const code of raced) await expectUses(code.id, code.code, 1);
});

it('one member on 8 devices with a once-per-member code, or a first-order code: one order gets it', async () => {
  for (const rule of [{ oncePerMember: true }, { firstOrderOnly: true }]) {
    const winners = await race({
      contenders: 8,
      setup: async () => ({ code: await createCode(rule), member: await signedInMember(t) }),
      attempt: async ({ code, member }, contender) => {
        const body = withCode(code.code, `one-member-${code.id}-${contender}`);
        return refusedOrPlaced(await t.call('POST', '/api/orders', body, { Cookie: member.cookie }));
      },
    });
    expect(
      winners.every((count) => count === 1),
      JSON.stringify(rule),
    ).toBe(true);
  }
});

it('an order completed by 6 requests at once pays its coins once', async () => {
  const paidTo: string[] = [];
  await race({
    contenders: 6,
    setup: async (round) => {
      const member = await signedInMember(t);
      paidTo.push(member.user.id);
      const body = { ...withCode('', `coins-${round}-${Date.now()}`), expectedTotalCents: 4000 };
      const placed = await t.call('POST', '/api/orders', body, { Cookie: member.cookie });
      if (placed.status !== 201) throw new Error(await placed.text());
      return ((await placed.json()) as PlaceOrderResponse).order;
    },
    attempt: async (order) => {
      const response = await t.call(
        'PATCH',
        `/api/admin/orders/${order.id}/status`,
        { status: 'completed' },
        { Cookie: owner.cookie },
      );
      if (response.status !== 200) throw new Error(await response.text());
      return true;
    },
  });
  for (const userId of paidTo) {
    const paid = await t.database.db
      .select({ coins: ledgerEntry.deltaCoins })
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.userId, userId), eq(ledgerEntry.reason, 'purchase-coins')));
    expect(paid).toEqual([{ coins: 40 }]);
  }
});
