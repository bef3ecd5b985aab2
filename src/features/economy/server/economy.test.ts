import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '~/shared/time';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { insertMember, seedOnce } from '~/app/server/seed/seed';
import { race } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { cookieHeader } from '~/app/server/testing/members';
import { applyAward } from './ledger.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function balanceAndLedger(userId: string) {
  const [row] = await t.database.db
    .select({ coins: user.exoticCoins, xp: user.xp })
    .from(user)
    .where(eq(user.id, userId));
  const [sums] = await t.database.db
    .select({
      coins: sql<number>`coalesce(sum(${ledgerEntry.deltaCoins}), 0)::int`,
      xp: sql<number>`coalesce(sum(${ledgerEntry.deltaXp}), 0)::int`,
    })
    .from(ledgerEntry)
    .where(eq(ledgerEntry.userId, userId));
  return { balance: row!, ledger: sums! };
}

describe('the ledger', () => {
  it('keeps the balance equal to the sum of ledger rows after a burst of concurrent awards', async () => {
    const { user: member } = await signedInMember(t);
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.database.db.transaction((tx) =>
          applyAward(tx, { userId: member.id, coins: i % 3, xp: 5, reason: 'test', at: t.clock.now() }),
        ),
      ),
    );
    const { balance, ledger } = await balanceAndLedger(member.id);
    expect(balance).toEqual(ledger);
    expect(balance.xp).toBe(125);
  });

  it('refuses a spend below zero and writes nothing', async () => {
    const { user: member } = await signedInMember(t);
    await t.database.db.transaction((tx) =>
      applyAward(tx, { userId: member.id, coins: 50, xp: 0, reason: 'test', at: t.clock.now() }),
    );
    await expect(
      t.database.db.transaction((tx) =>
        applyAward(tx, { userId: member.id, coins: -51, xp: 0, reason: 'redeem', at: t.clock.now() }),
      ),
    ).rejects.toThrow('Not enough coins for this.');
    const { balance, ledger } = await balanceAndLedger(member.id);
    expect(balance.coins).toBe(50);
    expect(ledger.coins).toBe(50);
  });

  it('opens the seeded members’ balances through the ledger', async () => {
    await seedOnce(t.database.db, { demoPassword: 'demo-password-1' });
    const [owner] = await t.database.db.select().from(user).where(eq(user.email, 'owner@vault.example'));
    const { balance, ledger } = await balanceAndLedger(owner!.id);
    expect(balance).toEqual({ coins: 50000, xp: 25000 });
    expect(ledger).toEqual(balance);
  });

  it('has a database CHECK that no balance goes below zero', async () => {
    const { user: member } = await signedInMember(t);
    await expect(
      t.database.db.update(user).set({ exoticCoins: -1 }).where(eq(user.id, member.id)),
    ).rejects.toThrow();
  });
});

describe('the weekly bonus', () => {
  it('awards +10 XP and +10 coins once per 7 days, stored on the server', async () => {
    const { cookie, user: member } = await signedInMember(t);
    const claim = async () =>
      (await t.call('POST', '/api/economy/weekly-bonus', undefined, { Cookie: cookie })).json();
    expect(await claim()).toEqual({ awarded: true, xp: 10, coins: 10 });
    expect(await claim()).toEqual({ awarded: false, xp: 0, coins: 0 });
    t.clock.advance(7 * DAY_MS - 1000);
    expect(await claim()).toMatchObject({ awarded: false });
    t.clock.advance(2000);
    expect(await claim()).toEqual({ awarded: true, xp: 10, coins: 10 });
    expect((await balanceAndLedger(member.id)).balance).toEqual({ coins: 20, xp: 20 });
  });

  it('awards once when many tabs start at the same moment', async () => {
    const winners = await race({
      contenders: 20,
      rounds: 2,
      setup: async () => (await signedInMember(t)).cookie,
      attempt: async (cookie) => {
        const response = await t.call('POST', '/api/economy/weekly-bonus', undefined, { Cookie: cookie });
        return ((await response.json()) as { awarded: boolean }).awarded;
      },
    });
    expect(winners).toEqual([1, 1]);
  });
});

describe('economy settings', () => {
  it('applies what the Economy tab saves, and audits it', async () => {
    const email = 'economy-manager@economy.example';
    await t.database.db.transaction((tx) =>
      insertMember(
        tx,
        { name: 'Eco Manager', email, roles: ['Economy Manager'] },
        'eco-password-1',
        t.clock.now(),
      ),
    );
    const login = await t.call('POST', '/api/accounts/login', { email, password: 'eco-password-1' });
    const manager = cookieHeader(login);
    const saved = await t.call(
      'PUT',
      '/api/economy/settings',
      { weeklyLoginXp: 40, weeklyLoginCoins: 25 },
      { Cookie: manager },
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      settings: { weeklyLoginXp: 40, weeklyLoginCoins: 25, postXp: 15 },
    });

    const { cookie } = await signedInMember(t);
    const bonus = await t.call('POST', '/api/economy/weekly-bonus', undefined, { Cookie: cookie });
    expect(await bonus.json()).toEqual({ awarded: true, xp: 40, coins: 25 });

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.eventType, 'ECONOMY_SETTINGS_UPDATED'));
    expect(audits[0]!.meta).toEqual({
      changes: { weeklyLoginXp: { old: 10, new: 40 }, weeklyLoginCoins: { old: 10, new: 25 } },
    });
    await t.call(
      'PUT',
      '/api/economy/settings',
      { weeklyLoginXp: 10, weeklyLoginCoins: 10 },
      { Cookie: manager },
    );
  });

  it('refuses bad values with a clear message and saves nothing', async () => {
    const { cookie, user: member } = await signedInMember(t);
    await t.database.db
      .update(user)
      .set({ roles: ['Economy Manager'] })
      .where(eq(user.id, member.id));
    for (const [body, message] of [
      [{ postXp: -5 }, 'XP for a post cannot be negative.'],
      [{ postXp: 1.5 }, 'XP for a post must be a whole number.'],
      [{ postXp: 'lots' }, 'XP for a post must be a number.'],
      [
        { commentCooldownHours: 0 },
        'Hours between rewarded comments must be at least 1: an award without a cooldown could be farmed.',
      ],
      [{ madeUp: 3 }, undefined],
    ] as const) {
      const response = await t.call('PUT', '/api/economy/settings', body, { Cookie: cookie });
      expect(response.status).toBe(400);
      if (message) expect(await response.json()).toMatchObject({ error: { message } });
    }
    const settings = await t.call('GET', '/api/economy/settings', undefined, { Cookie: cookie });
    expect(await settings.json()).toMatchObject({ settings: { postXp: 15, commentCooldownHours: 1 } });
  });

  it('pays one kind of action at most the daily coin cap in 24 hours, and XP always', async () => {
    const owner = await signedInWithRoles(t, ['Owner']);
    const saved = await t.call(
      'PUT',
      '/api/economy/settings',
      { dailyCoinCap: 20 },
      { Cookie: owner.cookie },
    );
    expect(saved.status).toBe(200);
    const author = await signedInMember(t);
    const { cookie, user: commenter } = await signedInMember(t);
    const post = await t.call(
      'POST',
      '/api/feed/posts',
      { content: 'Talk to me' },
      { Cookie: author.cookie },
    );
    const { post: created } = (await post.json()) as { post: { id: string } };
    const paid: unknown[] = [];
    for (let n = 0; n < 3; n += 1) {
      const response = await t.call(
        'POST',
        `/api/feed/posts/${created.id}/comments`,
        { content: `Comment ${n}`, isAnonymous: false },
        { Cookie: cookie },
      );
      expect(response.status).toBe(201);
      paid.push(((await response.json()) as { award: unknown }).award);
      t.clock.advance(60 * 60 * 1000);
    }
    // 15, then the 5 left under the cap of 20, then none; the XP each time.
    expect(paid).toEqual([
      { coins: 15, xp: 15 },
      { coins: 5, xp: 15 },
      { coins: 0, xp: 15 },
    ]);
    const comments = await t.database.db
      .select({ coins: ledgerEntry.deltaCoins })
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.userId, commenter.id), eq(ledgerEntry.reason, 'comment')))
      .orderBy(ledgerEntry.createdAt);
    expect(comments.map((row) => row.coins)).toEqual([15, 5, 0]);
    await t.call('PUT', '/api/economy/settings', { dailyCoinCap: 500 }, { Cookie: owner.cookie });
  });
});
