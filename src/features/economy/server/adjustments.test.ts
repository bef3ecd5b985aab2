import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { AdjustBalanceResponse, BalanceHolder, LedgerPage } from '../economy.schema';

let t: TestContext;
let manager: Awaited<ReturnType<typeof signedInWithRoles>>;
let owner: Awaited<ReturnType<typeof signedInWithRoles>>;
beforeAll(async () => {
  t = await createTestContext();
  manager = await signedInWithRoles(t, ['Economy Manager'], { name: 'Ezra Economy' });
  owner = await signedInWithRoles(t, ['Owner']);
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });
const adjust = (cookie: string, body: unknown) =>
  t.call('POST', '/api/economy/adjustments', body, as(cookie));
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error;
const balanceOf = async (id: string) =>
  (
    await t.database.db.select({ coins: user.exoticCoins, xp: user.xp }).from(user).where(eq(user.id, id))
  )[0]!;
const adjustmentsOf = async (id: string) =>
  t.database.db
    .select()
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.userId, id), eq(ledgerEntry.reason, 'adjustment')));

describe('manual adjustments', () => {
  it('adds coins and XP with a reason: ledger, audit and the member’s notification', async () => {
    const { user: member } = await signedInMember(t);
    const before = await balanceOf(member.id);
    const response = await adjust(manager.cookie, {
      memberId: member.id,
      coins: 50,
      xp: 20,
      reason: 'Helped at the launch party',
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as AdjustBalanceResponse;
    expect(body.member).toEqual({
      id: member.id,
      fullName: member.fullName,
      coins: before.coins + 50,
      xp: before.xp + 20,
    });
    expect(await balanceOf(member.id)).toEqual({ coins: before.coins + 50, xp: before.xp + 20 });
    expect(await adjustmentsOf(member.id)).toMatchObject([
      { deltaCoins: 50, deltaXp: 20, note: 'Helped at the launch party' },
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.eventType, 'BALANCE_ADJUSTED'));
    expect(audits.filter((row) => row.meta.memberId === member.id)).toMatchObject([
      { actorId: manager.id, meta: { coins: 50, xp: 20, reason: 'Helped at the launch party' } },
    ]);
    const notes = await t.database.db.select().from(notification).where(eq(notification.userId, member.id));
    expect(notes.map((n) => [n.message, n.fromStaff])).toContainEqual([
      'The Vault Team adjusted your balance: +50 coins and +20 XP. Reason: Helped at the launch party',
      true,
    ]);
  });

  it('refuses a removal below zero, naming the balance, and changes nothing', async () => {
    const { user: member } = await signedInMember(t, { fullName: 'Low Balance' });
    const before = await balanceOf(member.id);
    const response = await adjust(manager.cookie, {
      memberId: member.id,
      coins: -(before.coins + 1),
      xp: 0,
      reason: 'Correction',
    });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(
      `Low Balance has ${before.coins} coins and ${before.xp} XP: an adjustment cannot take a balance below zero.`,
    );
    expect(await balanceOf(member.id)).toEqual(before);
    expect(await adjustmentsOf(member.id)).toEqual([]);
  });

  it('refuses adjusting your own balance, and large ones without the Owner', async () => {
    const own = await adjust(manager.cookie, { memberId: manager.id, coins: 10, xp: 0, reason: 'Mine' });
    expect(own.status).toBe(403);
    expect((await errorOf(own)).message).toBe(
      'You cannot adjust your own balance. Ask another staff member.',
    );
    expect(await adjustmentsOf(manager.id)).toEqual([]);

    const { user: member } = await signedInMember(t);
    const large = { memberId: member.id, coins: 1001, xp: 0, reason: 'Contest prize' };
    const refused = await adjust(manager.cookie, large);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe('Adjustments over 1,000 coins or XP need the Owner.');
    expect(await adjustmentsOf(member.id)).toEqual([]);
    expect((await adjust(owner.cookie, large)).status).toBe(201);
    expect(await adjustmentsOf(member.id)).toHaveLength(1);
  });

  it('refuses bad input with a clear message, and members and visitors', async () => {
    const { user: member, cookie } = await signedInMember(t);
    for (const [body, message] of [
      [{ memberId: member.id, coins: 5, xp: 0, reason: '' }, 'Give a reason the member will see.'],
      [{ memberId: member.id, coins: 0, xp: 0, reason: 'Nothing' }, 'Enter coins or XP to add or remove.'],
      [{ memberId: member.id, coins: 1.5, xp: 0, reason: 'Half' }, 'The coins must be a whole number.'],
    ] as const) {
      const response = await adjust(manager.cookie, body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    const missing = await adjust(manager.cookie, {
      memberId: 'no-such-member',
      coins: 5,
      xp: 0,
      reason: 'Who',
    });
    expect(missing.status).toBe(404);
    expect(
      (await adjust(cookie, { memberId: member.id, coins: 5, xp: 0, reason: 'Self-service' })).status,
    ).toBe(403);
    expect((await t.call('POST', '/api/economy/adjustments', { memberId: member.id })).status).toBe(401);
    expect(await adjustmentsOf(member.id)).toEqual([]);
  });

  it('finds members by name with their balance and nothing else', async () => {
    await signedInMember(t, { fullName: 'Quinn Findable' });
    const response = await t.call('GET', '/api/economy/members?q=findable', undefined, as(manager.cookie));
    expect(response.status).toBe(200);
    const { members } = (await response.json()) as { members: BalanceHolder[] };
    expect(members).toHaveLength(1);
    expect(Object.keys(members[0]!).sort()).toEqual(['avatarUrl', 'coins', 'fullName', 'id', 'xp']);
  });
});

describe('the member’s coin and XP history', () => {
  it('lists the member’s own entries newest first, a page at a time, with an adjustment’s reason', async () => {
    const { user: member, cookie } = await signedInMember(t);
    for (let n = 1; n <= 22; n += 1) {
      t.clock.advance(1000);
      expect(
        (await adjust(manager.cookie, { memberId: member.id, coins: n, xp: 0, reason: `Bonus ${n}` })).status,
      ).toBe(201);
    }
    const first = (await (
      await t.call('GET', '/api/profile/history', undefined, as(cookie))
    ).json()) as LedgerPage;
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      reason: 'Adjustment by the Vault Team',
      note: 'Bonus 22',
      coins: 22,
    });
    const next = (await (
      await t.call(
        'GET',
        `/api/profile/history?cursor=${encodeURIComponent(first.nextCursor!)}`,
        undefined,
        as(cookie),
      )
    ).json()) as LedgerPage;
    const all = [...first.items, ...next.items];
    expect(all.filter((item) => item.note?.startsWith('Bonus')).map((item) => item.coins)).toEqual(
      Array.from({ length: 22 }, (_, i) => 22 - i),
    );
    // Another member's history is their own: this one sees none of it.
    const other = await signedInMember(t);
    const theirs = (await (
      await t.call('GET', '/api/profile/history', undefined, as(other.cookie))
    ).json()) as LedgerPage;
    expect(theirs.items.some((item) => item.note?.startsWith('Bonus'))).toBe(false);
  });
});
