import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInMember } from '~/server/testing/members';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { stickerRating } from '~/server/db/tables/shop.tables';
import { race } from '~/server/testing/race';
import { createTestContext, type TestContext } from '~/server/testing/test-context';
import { insertSticker } from './shop.seed';

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
