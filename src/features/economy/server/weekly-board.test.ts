import { afterAll, beforeAll, expect, it } from 'vitest';
import { weeklyCoins } from '~/server/db/tables/economy.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { LeaderboardResponse } from '../economy.schema';
import { applyAward } from './ledger.service';

// The This Week board: coins earned since Monday 00:00 in the shop's time zone, kept by the ledger.
let t: TestContext;
let owner: Awaited<ReturnType<typeof signedInWithRoles>>;
beforeAll(async () => {
  t = await createTestContext();
  owner = await signedInWithRoles(t, ['Owner']);
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });
const earn = (userId: string, coins: number, reason = 'post') =>
  t.database.db.transaction((tx) => applyAward(tx, { userId, coins, xp: 0, reason, at: t.clock.now() }));

async function thisWeek(cookie: string): Promise<LeaderboardResponse> {
  const response = await t.call('GET', '/api/economy/leaderboard?board=week', undefined, as(cookie));
  expect(response.status).toBe(200);
  return (await response.json()) as LeaderboardResponse;
}
const standings = (board: LeaderboardResponse) =>
  board.items.map((row) => [row.fullName, row.coins, row.rank]);

it('counts the coins earned since Monday 00:00 in the shop’s time zone, and starts again each Monday', async () => {
  // Sunday 7 June 2026, 23:30 in New York (already Monday 03:30 in UTC).
  t.clock.set(new Date('2026-06-08T03:30:00Z'));
  const ana = await signedInMember(t, { fullName: 'Ana Weekly' });
  const bo = await signedInMember(t, { fullName: 'Bo Weekly' });
  await earn(ana.user.id, 40);
  await earn(bo.user.id, 15);
  await earn(ana.user.id, 15, 'comment');
  let board = await thisWeek(ana.cookie);
  expect(board.weekStart).toBe('2026-06-01');
  expect(standings(board)).toEqual([
    ['Ana Weekly', 55, 1],
    ['Bo Weekly', 15, 2],
  ]);

  // Monday 00:30 in New York: a new week, nobody has earned yet; Ana's own row says 0 this week.
  t.clock.set(new Date('2026-06-08T04:30:00Z'));
  board = await thisWeek(ana.cookie);
  expect(board.weekStart).toBe('2026-06-08');
  expect(board.items).toEqual([]);
  expect(board.me).toMatchObject({ fullName: 'Ana Weekly', coins: 0, rank: 1 });
  await earn(bo.user.id, 10);
  board = await thisWeek(ana.cookie);
  expect(standings(board)).toEqual([['Bo Weekly', 10, 1]]);
  expect(board.me).toMatchObject({ coins: 0, rank: 2 });
  // The All Time board still ranks by balance.
  const all = (await (
    await t.call('GET', '/api/economy/leaderboard', undefined, as(ana.cookie))
  ).json()) as LeaderboardResponse;
  expect(all.weekStart).toBeNull();
  expect(all.me).toMatchObject({ coins: 55 });
});

it('follows the shop’s time zone setting, and leaves spending, refunds and staff out', async () => {
  // Sunday 21 June, 22:00 in New York; Monday 02:00 in UTC.
  t.clock.set(new Date('2026-06-22T02:00:00Z'));
  const cy = await signedInMember(t, { fullName: 'Cy Weekly' });
  await earn(cy.user.id, 30);
  expect((await thisWeek(cy.cookie)).weekStart).toBe('2026-06-15');
  const save = await t.call(
    'PUT',
    '/api/admin/shop-settings',
    { shopName: 'The Vault', contactPhone: '(202) 555-0142', deliveryFeeCents: 2000, timeZone: 'UTC' },
    as(owner.cookie),
  );
  expect(save.status, await save.clone().text()).toBe(200);
  expect(((await save.json()) as { timeZone: string }).timeZone).toBe('UTC');
  // In UTC it is Monday already: a new week.
  expect((await thisWeek(cy.cookie)).weekStart).toBe('2026-06-22');
  await earn(cy.user.id, 20);
  await earn(cy.user.id, -10, 'redeem');
  await earn(cy.user.id, 10, 'redeem-refund');
  // Staff earn too, but are not ranked.
  await earn(owner.id, 500);
  const board = await thisWeek(cy.cookie);
  expect(standings(board)).toEqual([['Cy Weekly', 20, 1]]);
  const rows = await t.database.db.select().from(weeklyCoins);
  expect(rows.filter((row) => row.userId === cy.user.id).map((row) => [row.weekStart, row.coins])).toEqual([
    ['2026-06-15', 30],
    ['2026-06-22', 20],
  ]);

  const bad = await t.call(
    'PUT',
    '/api/admin/shop-settings',
    {
      shopName: 'The Vault',
      contactPhone: '(202) 555-0142',
      deliveryFeeCents: 2000,
      timeZone: 'Mars/Olympus',
    },
    as(owner.cookie),
  );
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
    'Choose a time zone from the list.',
  );
});

it('pages This Week by cursor without gaps or repeats, ties sharing a rank', async () => {
  t.clock.set(new Date('2026-07-01T12:00:00Z'));
  const members = [];
  for (let n = 0; n < 22; n += 1) {
    const member = await signedInMember(t, { fullName: `Tie Week ${n}` });
    await earn(member.user.id, n === 0 ? 90 : 5);
    members.push(member);
  }
  const first = await thisWeek(members[0]!.cookie);
  expect(first.items).toHaveLength(20);
  expect(first.nextCursor).not.toBeNull();
  const response = await t.call(
    'GET',
    `/api/economy/leaderboard?board=week&cursor=${encodeURIComponent(first.nextCursor!)}`,
    undefined,
    as(members[0]!.cookie),
  );
  const second = (await response.json()) as LeaderboardResponse;
  const names = [...first.items, ...second.items].map((row) => row.fullName);
  expect(names).toEqual(members.map((member) => member.user.fullName));
  expect([...first.items, ...second.items].map((row) => row.rank)).toEqual([1, ...Array(21).fill(2)]);
  expect(second.nextCursor).toBeNull();
});
