import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedShopWithSticker } from '~/features/shop/server/shop.seed';
import type { PlaceOrderResponse } from '~/features/shop/orders.schema';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { race, RACE_LIMITS } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

let t: TestContext;
let stickerId: string;
beforeAll(async () => {
  t = await createTestContext({ env: RACE_LIMITS });
  stickerId = await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Race Award' });
});
afterAll(() => t.close());

const paid = async (userId: string, reason: string) =>
  t.database.db.$count(ledgerEntry, and(eq(ledgerEntry.userId, userId), eq(ledgerEntry.reason, reason)));

it('20 completions of one order at once pay its purchase and referral awards once', async () => {
  const staff = await Promise.all(Array.from({ length: 20 }, () => signedInWithRoles(t, ['Orders Manager'])));
  const rounds: { referrerId: string; friendId: string }[] = [];
  await race({
    contenders: staff.length,
    setup: async (round) => {
      const referrer = await signedInMember(t, { phone: '(202) 555-0301', address: `${round} Referrer Row` });
      const friend = await signedInMember(t, {
        phone: '(202) 555-0302',
        address: `${round} Friend Row`,
        referralCode: referrer.user.referralCode,
      });
      const placed = await t.call(
        'POST',
        '/api/orders',
        {
          idempotencyKey: `race-award-${round}-${Date.now()}`,
          deliveryMethod: 'Pickup',
          pickupLocation: 'van ness',
          paymentMethod: 'Cash',
          phone: '202-555-0190',
          items: [{ stickerId, size: '3.5g', quantity: 1 }],
          expectedTotalCents: 4500,
        },
        { Cookie: friend.cookie },
      );
      expect(placed.status).toBe(201);
      rounds.push({ referrerId: referrer.user.id, friendId: friend.user.id });
      return ((await placed.json()) as PlaceOrderResponse).order.id;
    },
    attempt: async (orderId, contender) => {
      const response = await t.call(
        'PATCH',
        `/api/admin/orders/${orderId}/status`,
        { status: 'completed' },
        { Cookie: staff[contender]!.cookie },
      );
      if (response.status !== 200) throw new Error(await response.text());
      return true;
    },
  });
  for (const { referrerId, friendId } of rounds) {
    expect(await paid(friendId, 'personal-purchase')).toBe(1);
    expect(await paid(referrerId, 'approved-referral')).toBe(1);
    expect(await paid(referrerId, 'referral-repeat-purchase')).toBe(0);
  }
});
