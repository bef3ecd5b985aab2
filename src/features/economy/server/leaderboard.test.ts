import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '~/shared/time';
import { user } from '~/server/db/tables/auth.tables';
import { insertMember } from '~/app/server/seed/seed';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { CooldownsResponse, LeaderboardResponse } from '../economy.schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_POSTS_PER_USER: '1000/60' } });
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });
let joined = 0;

/** A member who joined after every earlier one, holding `coins`, with these roles and standing. */
async function member(name: string, coins: number, options: { roles?: string[]; banned?: boolean } = {}) {
  joined += 1;
  t.clock.advance(1000);
  const id = await t.database.db.transaction((tx) =>
    insertMember(
      tx,
      { name, email: `leader${joined}@vault.example`, roles: options.roles ?? ['Member'] },
      'x'.repeat(12),
      t.clock.now(),
    ),
  );
  await t.database.db
    .update(user)
    .set({ exoticCoins: coins, xp: coins * 10, banned: options.banned ?? false })
    .where(eq(user.id, id));
  return id;
}

async function board(cookie: string, cursor?: string): Promise<LeaderboardResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const response = await t.call('GET', `/api/economy/leaderboard${query}`, undefined, as(cookie));
  expect(response.status).toBe(200);
  return (await response.json()) as LeaderboardResponse;
}

describe('the leaderboard', () => {
  let viewer: Awaited<ReturnType<typeof signedInMember>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // The viewer joins first, with no coins: last on the board, pinned as "me" when off the first page.
    viewer = await signedInMember(t, { fullName: 'Vera Viewer' });
    ids.top = await member('Ava Top', 500);
    ids.tiedFirst = await member('Ben Tied', 300);
    ids.tiedSecond = await member('Cal Tied', 300);
    ids.fourth = await member('Dee Fourth', 100);
    await member('Owen Owner', 10_000, { roles: ['Owner'] });
    await member('Ada Admin', 9_000, { roles: ['Admin'] });
    await member('Bo Banned', 800, { banned: true });
    // Enough members on 50 coins to need a second page, all tied.
    for (let n = 0; n < 18; n += 1) ids[`tie${n}`] = await member(`Tie ${n}`, 50);
  });

  it('ranks members by coins with shared ranks for ties (1, 2, 2, 4), earliest join first within a tie', async () => {
    const first = await board(viewer.cookie);
    expect(first.items.slice(0, 4).map((row) => [row.fullName, row.rank, row.coins])).toEqual([
      ['Ava Top', 1, 500],
      ['Ben Tied', 2, 300],
      ['Cal Tied', 2, 300],
      ['Dee Fourth', 4, 100],
    ]);
    expect(first.items[0]).toMatchObject({ id: ids.top, level: 6, levelTitle: expect.any(String) });
    expect(first.items[0]!.avatarUrl).toMatch(/^\/api\/avatars\//);
    // Every member on 50 coins shares rank 5.
    expect(first.items.slice(4).every((row) => row.rank === 5 && row.coins === 50)).toBe(true);
  });

  it('leaves out Owners, Admins and banned members', async () => {
    const everyone = [...(await board(viewer.cookie)).items];
    const names = everyone.map((row) => row.fullName);
    expect(names).not.toContain('Owen Owner');
    expect(names).not.toContain('Ada Admin');
    expect(names).not.toContain('Bo Banned');
  });

  it('pages by cursor without gaps or repeats, and pins the viewer’s own row with its rank', async () => {
    const first = await board(viewer.cookie);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await board(viewer.cookie, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
    expect(all).toHaveLength(4 + 18 + 1);
    // The viewer (0 coins) comes last, ranked after the 18 tied members.
    expect(all.at(-1)).toMatchObject({ fullName: 'Vera Viewer', rank: 23, coins: 0 });
    expect(first.me).toMatchObject({ id: viewer.user.id, rank: 23 });
    // Ties on 50 coins stay in join order across the page break.
    const tied = all.filter((row) => row.coins === 50).map((row) => row.id);
    expect(tied).toEqual(Array.from({ length: 18 }, (_, n) => ids[`tie${n}`]));
  });

  it('has no own row for staff, who are not ranked, and refuses a forged cursor and a visitor', async () => {
    const owner = await signedInWithRoles(t, ['Owner']);
    expect((await board(owner.cookie)).me).toBeNull();
    const forged = await t.call('GET', '/api/economy/leaderboard?cursor=bm9wZQ', undefined, as(owner.cookie));
    expect(forged.status).toBe(400);
    expect((await t.call('GET', '/api/economy/leaderboard')).status).toBe(401);
  });
});

describe('the cooldowns the Missions guide shows', () => {
  async function cooldownsOf(cookie: string): Promise<CooldownsResponse> {
    const response = await t.call('GET', '/api/economy/cooldowns', undefined, as(cookie));
    expect(response.status).toBe(200);
    return (await response.json()) as CooldownsResponse;
  }

  it('says when each timed action earns again, and null once it may', async () => {
    const { cookie } = await signedInMember(t);
    const fresh = await cooldownsOf(cookie);
    expect(fresh.nextAt).toEqual({ weeklyLogin: null, post: null, comment: null, rating: null });

    const start = t.clock.now();
    expect((await t.call('POST', '/api/economy/weekly-bonus', {}, as(cookie))).status).toBe(200);
    expect((await t.call('POST', '/api/feed/posts', { content: 'Counting down' }, as(cookie))).status).toBe(
      201,
    );
    const after = await cooldownsOf(cookie);
    expect(after.serverNow).toBe(start.toISOString());
    expect(after.nextAt).toEqual({
      weeklyLogin: new Date(start.getTime() + 7 * DAY_MS).toISOString(),
      post: new Date(start.getTime() + 24 * HOUR_MS).toISOString(),
      comment: null,
      rating: null,
    });

    // A millisecond before the post cooldown ends it still runs; at its end the action earns again.
    t.clock.advance(24 * HOUR_MS - 1);
    expect((await cooldownsOf(cookie)).nextAt.post).not.toBeNull();
    t.clock.advance(1);
    const later = await cooldownsOf(cookie);
    expect(later.nextAt.post).toBeNull();
    expect(later.nextAt.weeklyLogin).toBe(new Date(start.getTime() + 7 * DAY_MS).toISOString());
  });
});
