import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInMember } from '~/server/testing/members';
import { insertSticker } from '~/features/shop/server/shop.seed';
import { orderItem, shopOrder } from '~/server/db/tables/orders.tables';
import { race } from '~/server/testing/race';
import { createTestContext, type TestContext } from '~/server/testing/test-context';
import type { PlaceOrderInput } from '../orders.schema';

// Races that only a real PostgreSQL exposes (PGlite runs one query at a time).
let t: TestContext;
let stickerId: string;
beforeAll(async () => {
  t = await createTestContext({
    env: { RATE_LIMIT_SIGN_UP_PER_IP: '100000/60', RATE_LIMIT_SIGN_IN_PER_IP: '100000/60' },
  });
  stickerId = await insertSticker(t.database.db, {
    name: 'Race Sticker',
    type: 'Hybrid',
    description: 'x',
    price35gCents: 4000,
  });
});
afterAll(() => t.close());

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
