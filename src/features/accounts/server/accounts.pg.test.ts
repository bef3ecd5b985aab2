import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { user } from '~/server/db/tables/auth.tables';
import { appMeta } from '~/server/db/tables/meta.tables';
import { seedOnce } from '~/app/server/seed/seed';
import { race } from '~/app/server/testing/race';
import { createTestContext, openTestDatabase, type TestContext } from '~/app/server/testing/test-context';
import { registration } from '~/app/server/testing/members';

// Races that only a real PostgreSQL exposes (PGlite runs one query at a time).
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_SIGN_UP_PER_IP: '100000/60' } });
});
afterAll(() => t.close());

it('concurrent registrations with one email give one account', async () => {
  const winners = await race({
    contenders: 6,
    setup: async (round) => registration({ email: `race-${round}-${Date.now()}@vault.example` }),
    attempt: async (input) => (await t.call('POST', '/api/accounts/register', input)).status === 201,
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  const [counts] = await t.database.db
    .select({ total: sql<number>`count(*)::int`, emails: sql<number>`count(distinct ${user.email})::int` })
    .from(user);
  expect(counts!.total).toBe(counts!.emails);
});

it('instances starting at once seed the demo members once', async () => {
  const opened: Awaited<ReturnType<typeof openTestDatabase>>[] = [];
  try {
    const winners = await race({
      contenders: 3,
      rounds: 2,
      setup: async () => {
        const fresh = await openTestDatabase();
        opened.push(fresh);
        return fresh;
      },
      attempt: async ({ database }) => (await seedOnce(database.db, { demoPassword: undefined })).length > 0,
    });
    expect(winners).toEqual([1, 1]);
    for (const { database } of opened) {
      expect(await database.db.$count(user)).toBe(4);
    }
  } finally {
    for (const { database, drop } of opened) {
      await database.close();
      await drop();
    }
  }
});

it('the race helper catches a check-then-update that lets two requests win', async () => {
  // A deliberately naive claim: read, then write without a condition. The helper must see more than one winner.
  const winners = await race({
    contenders: 8,
    rounds: 3,
    setup: async (round) => {
      const key = `naive-${round}-${Date.now()}`;
      await t.database.db.insert(appMeta).values({ key, value: 'available' });
      return key;
    },
    attempt: async (key) => {
      const [row] = await t.database.db.select().from(appMeta).where(eq(appMeta.key, key));
      if (row?.value !== 'available') return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await t.database.db.update(appMeta).set({ value: 'claimed' }).where(eq(appMeta.key, key));
      return true;
    },
  });
  expect(winners.some((count) => count > 1)).toBe(true);
});
