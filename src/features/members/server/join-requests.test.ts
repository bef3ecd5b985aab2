/**
 * Members-only entry under staff approval: a new account waits as pending, reaches only its own account, is left
 * out of every list, and is approved or declined once by staff holding `approve:members`.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PENDING_MESSAGE, accountDeclinedMessage } from '~/shared/join-status';
import { DAY_MS } from '~/shared/time';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { joinRequest } from '~/server/db/tables/join-requests.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { shopSettings } from '~/server/db/tables/shop.tables';
import { DEFAULT_SHOP_SETTINGS } from '~/features/shop/server/shop.service';
import { eraseLapsedDeclines } from '~/features/accounts/server/join-requests.service';
import { lastMailTo } from '~/app/server/testing/mail';
import { cookieHeader, registration, signedInWithRoles } from '~/app/server/testing/members';
import { race, RACE_LIMITS } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

let t: TestContext;
let owner: { id: string; cookie: string };
let support: { id: string; cookie: string };
let moderator: { id: string; cookie: string };

const as = (cookie: string) => ({ Cookie: cookie });
const setJoinMode = (joinMode: string) =>
  t.database.db.update(shopSettings).set({ joinMode }).where(eq(shopSettings.id, 1));

beforeAll(async () => {
  t = await createTestContext({ env: RACE_LIMITS });
  await t.database.db
    .insert(shopSettings)
    .values({ ...DEFAULT_SHOP_SETTINGS, id: 1 })
    .onConflictDoNothing();
  owner = await signedInWithRoles(t, ['Owner']);
  support = await signedInWithRoles(t, ['Support']);
  moderator = await signedInWithRoles(t, ['Moderator']);
});
afterAll(() => t.close());
// Each story starts under staff approval, a few minutes on, so notices from the last one are not grouped with it.
beforeEach(async () => {
  await setJoinMode('approval');
  t.clock.advance(5 * 60_000);
});

/** Asks to join (registers) and signs in; the session is the member's while they wait. */
async function pendingMember(overrides: Record<string, unknown> = {}) {
  const input = registration(overrides);
  const registered = await t.call('POST', '/api/accounts/register', input);
  expect(registered.status).toBe(201);
  expect(await registered.json()).toMatchObject({ joinStatus: 'pending' });
  const login = await t.call('POST', '/api/accounts/login', { email: input.email, password: input.password });
  expect(login.status).toBe(200);
  const { user: me } = (await login.json()) as { user: { id: string; status: string } };
  expect(me.status).toBe('pending');
  return { id: me.id, cookie: cookieHeader(login), input };
}

/** A member let in before this story (as the seed makes them), with their referral code. */
async function approvedMember(name?: string) {
  const member = await signedInWithRoles(t, ['Member'], name ? { name } : {});
  const [row] = await t.database.db.select().from(user).where(eq(user.id, member.id));
  return { ...member, referralCode: row!.referralCode };
}

const notesOf = async (userId: string) =>
  t.database.db.select().from(notification).where(eq(notification.userId, userId));

describe('asking to join under staff approval', () => {
  it('says so to the form, and makes a pending account that reaches only its own account', async () => {
    expect(await (await t.call('GET', '/api/accounts/join-rules')).json()).toEqual({
      referralCodeRequired: false,
      staffApproval: true,
    });
    const member = await pendingMember();

    const feed = await t.call('GET', '/api/feed', undefined, as(member.cookie));
    expect(feed.status).toBe(403);
    expect(await feed.json()).toMatchObject({
      error: { code: 'ACCOUNT_PENDING', message: ACCOUNT_PENDING_MESSAGE },
    });
    // Their own account, their data and their request answer.
    expect((await t.call('GET', '/api/accounts/account', undefined, as(member.cookie))).status).toBe(200);
    const session = await (await t.call('GET', '/api/accounts/session', undefined, as(member.cookie))).json();
    expect(session.user).toMatchObject({ id: member.id, status: 'pending' });
    const state = await (
      await t.call('GET', '/api/accounts/join-request', undefined, as(member.cookie))
    ).json();
    expect(state).toEqual({
      status: 'pending',
      requestedAt: t.clock.now().toISOString(),
      decidedAt: null,
      declineReason: null,
      askAgainAt: null,
      canAskAgain: false,
      idCheck: { required: false, submittedAt: null },
    });
  });

  it('keeps pending requests pending when the shop opens again', async () => {
    const member = await pendingMember();
    await setJoinMode('open');
    expect((await t.call('GET', '/api/feed', undefined, as(member.cookie))).status).toBe(403);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, member.id));
    expect(row!.status).toBe('pending');
  });

  it('tells every approve:members holder once per request, grouped when several ask within a minute', async () => {
    const before = (await notesOf(support.id)).length;
    const first = await pendingMember({ fullName: 'Avery Quill' });
    let notes = await notesOf(support.id);
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)!.message).toBe(
      'Avery Quill asked to join The Vault. Approve or decline the request in the Members tab.',
    );
    expect((await notesOf(owner.id)).some((n) => n.message.startsWith('Avery Quill asked'))).toBe(true);
    expect((await notesOf(moderator.id)).some((n) => n.message.includes('asked to join'))).toBe(false);
    expect((await notesOf(first.id)).length).toBe(0);

    t.clock.advance(20_000);
    await pendingMember();
    await pendingMember();
    notes = await notesOf(support.id);
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)!.message).toBe(
      '3 people asked to join The Vault. Approve or decline their requests in the Members tab.',
    );
    // A minute later, a new line.
    t.clock.advance(2 * 60_000);
    await pendingMember({ fullName: 'Blake Rowe' });
    expect((await notesOf(support.id)).map((n) => n.message)).toContain(
      'Blake Rowe asked to join The Vault. Approve or decline the request in the Members tab.',
    );
  });

  it('asks for a code as well under "Referral code and staff approval"', async () => {
    await setJoinMode('referral-approval');
    const refused = await t.call('POST', '/api/accounts/register', registration());
    expect(refused.status).toBe(400);
    const referrer = await approvedMember();
    const accepted = await t.call(
      'POST',
      '/api/accounts/register',
      registration({ referralCode: referrer.referralCode }),
    );
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({ joinStatus: 'pending', referral: { status: 'applied' } });
  });
});

describe('the Pending view', () => {
  it('lists pending requests oldest first, with the referrer, and contact details only for those who read them', async () => {
    // The list is everyone pending: decide the earlier stories' requests first.
    await t.database.db.update(user).set({ status: 'declined' }).where(eq(user.status, 'pending'));
    await setJoinMode('referral-approval');
    const referrer = await approvedMember('Rory Inviter');
    const older = await pendingMember({ referralCode: referrer.referralCode });
    t.clock.advance(1000);
    const newer = await pendingMember({ referralCode: referrer.referralCode });

    const forOwner = await (
      await t.call('GET', '/api/admin/members/pending', undefined, as(owner.cookie))
    ).json();
    expect(forOwner.pendingCount).toBe(2);
    expect(forOwner.items.map((item: { id: string }) => item.id)).toEqual([older.id, newer.id]);
    expect(forOwner.items[0]).toMatchObject({
      fullName: older.input.fullName,
      referredBy: { id: referrer.id, fullName: 'Rory Inviter' },
      email: older.input.email,
      phone: expect.any(String),
    });
    const forSupport = await (
      await t.call('GET', '/api/admin/members/pending', undefined, as(support.cookie))
    ).json();
    expect(forSupport.items[0]).not.toHaveProperty('email');
    expect(forSupport.items[0]).not.toHaveProperty('phone');
    expect(forSupport.items[0]).not.toHaveProperty('address');
    // A page of one, then the next.
    const first = await (
      await t.call('GET', '/api/admin/members/pending?limit=1', undefined, as(owner.cookie))
    ).json();
    const next = await (
      await t.call(
        'GET',
        `/api/admin/members/pending?limit=1&cursor=${first.nextCursor}`,
        undefined,
        as(owner.cookie),
      )
    ).json();
    expect(next.items.map((item: { id: string }) => item.id)).toEqual([newer.id]);
    expect((await t.call('GET', '/api/admin/members/pending', undefined, as(moderator.cookie))).status).toBe(
      403,
    );
  });
});

describe('deciding', () => {
  it('approves: the same session reaches the app, the referrer hears of it only now, the member by e-mail', async () => {
    await setJoinMode('referral-approval');
    const referrer = await approvedMember();
    const member = await pendingMember({ referralCode: referrer.referralCode, fullName: 'Casey Newman' });
    const joinedNotice = 'Casey Newman joined The Vault with your referral code.';
    expect((await notesOf(referrer.id)).map((n) => n.message)).not.toContain(joinedNotice);

    const approved = await t.call('POST', `/api/admin/members/${member.id}/approve`, {}, as(support.cookie));
    expect(approved.status).toBe(200);
    expect((await t.call('GET', '/api/feed', undefined, as(member.cookie))).status).toBe(200);
    const session = await (await t.call('GET', '/api/accounts/session', undefined, as(member.cookie))).json();
    expect(session.user.status).toBe('approved');
    expect((await notesOf(referrer.id)).map((n) => n.message)).toContain(joinedNotice);
    expect((await notesOf(member.id)).map((n) => n.message)).toContain(
      'Welcome to The Vault: staff approved your request to join.',
    );
    expect((await lastMailTo(t, member.input.email)).subject).toBe(
      'Welcome to The Vault: your request was approved',
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventType, 'MEMBER_APPROVED'), eq(auditLog.actorId, support.id)));
    expect(audit!.meta).toEqual({ memberId: member.id });
    // Decided once.
    const again = await t.call('POST', `/api/admin/members/${member.id}/approve`, {}, as(owner.cookie));
    expect(again.status).toBe(409);
  });

  it('declines with a reason the member reads; they may ask again after the wait', async () => {
    const member = await pendingMember();
    const noReason = await t.call(
      'POST',
      `/api/admin/members/${member.id}/decline`,
      { reason: ' ' },
      as(owner.cookie),
    );
    expect(noReason.status).toBe(400);
    const reason = 'We could not confirm who referred you.';
    const declined = await t.call(
      'POST',
      `/api/admin/members/${member.id}/decline`,
      { reason },
      as(owner.cookie),
    );
    expect(declined.status).toBe(200);
    const decidedAt = t.clock.now();

    const feed = await t.call('GET', '/api/feed', undefined, as(member.cookie));
    expect(feed.status).toBe(403);
    expect(await feed.json()).toMatchObject({
      error: { code: 'ACCOUNT_DECLINED', message: accountDeclinedMessage(reason) },
    });
    const state = await (
      await t.call('GET', '/api/accounts/join-request', undefined, as(member.cookie))
    ).json();
    expect(state).toMatchObject({
      status: 'declined',
      declineReason: reason,
      askAgainAt: new Date(decidedAt.getTime() + 30 * DAY_MS).toISOString(),
      canAskAgain: false,
    });
    expect((await lastMailTo(t, member.input.email)).raw).toContain(reason);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.eventType, 'MEMBER_DECLINED'));
    expect(JSON.stringify(audit!.meta)).not.toContain(reason);

    const tooSoon = await t.call('POST', '/api/accounts/join-request/ask-again', {}, as(member.cookie));
    expect(tooSoon.status).toBe(409);
    t.clock.advance(30 * DAY_MS);
    const askedAgain = await t.call('POST', '/api/accounts/join-request/ask-again', {}, as(member.cookie));
    expect(askedAgain.status).toBe(200);
    expect(await askedAgain.json()).toMatchObject({ status: 'pending', declineReason: null });
    expect((await notesOf(support.id)).at(-1)!.message).toContain(`${member.input.fullName} asked to join`);
  });

  it('never tells the member which staff member decided (decision 008)', async () => {
    const marker = `Decider${Date.now().toString(36)}`;
    const admin = await signedInWithRoles(t, ['Admin'], { name: marker });
    const member = await pendingMember();
    await t.call('POST', `/api/admin/members/${member.id}/decline`, { reason: 'Not now.' }, as(admin.cookie));
    const seen = await Promise.all(
      ['/api/accounts/join-request', '/api/accounts/session', '/api/accounts/account'].map(async (path) =>
        (await t.call('GET', path, undefined, as(member.cookie))).text(),
      ),
    );
    seen.push(JSON.stringify(await notesOf(member.id)), (await lastMailTo(t, member.input.email)).raw);
    for (const text of seen) {
      expect(text).not.toContain(marker);
      expect(text).not.toContain(admin.id);
    }
  });

  it('makes one decision when staff decide at once', async () => {
    const winners = await race({
      contenders: 4,
      setup: async () => pendingMember(),
      attempt: async (member, contender) => {
        const response = await t.call(
          'POST',
          `/api/admin/members/${member.id}/${contender % 2 ? 'approve' : 'decline'}`,
          contender % 2 ? {} : { reason: 'Not this time.' },
          as(contender < 2 ? owner.cookie : support.cookie),
        );
        if (response.status !== 200) expect(response.status).toBe(409);
        return response.status === 200;
      },
    });
    expect(winners.every((n) => n === 1)).toBe(true);
  });

  it('erases a declined member’s phone, address and Telegram once the wait passes without a new request', async () => {
    const member = await pendingMember();
    await t.call('POST', `/api/admin/members/${member.id}/decline`, { reason: 'Not now.' }, as(owner.cookie));
    t.clock.advance(29 * DAY_MS);
    await eraseLapsedDeclines(t.ctx());
    let [row] = await t.database.db.select().from(user).where(eq(user.id, member.id));
    expect(row!.phone).not.toBe('');
    t.clock.advance(2 * DAY_MS);
    await eraseLapsedDeclines(t.ctx());
    [row] = await t.database.db.select().from(user).where(eq(user.id, member.id));
    expect(row).toMatchObject({
      phone: '',
      address: '',
      telegram: '',
      email: member.input.email.toLowerCase(),
    });
    const [request] = await t.database.db.select().from(joinRequest).where(eq(joinRequest.userId, member.id));
    expect(request!.contactErasedAt).toEqual(t.clock.now());

    // They ask again with new details, are declined again, and the next wait erases those too.
    expect((await t.call('POST', '/api/accounts/join-request/ask-again', {}, as(member.cookie))).status).toBe(
      200,
    );
    const details = {
      telegram: '@back_again',
      phone: '(202) 555-0166',
      address: '5 New St, DC',
      smsConsent: false,
    };
    expect((await t.call('PATCH', '/api/accounts/account', details, as(member.cookie))).status).toBe(200);
    await t.call(
      'POST',
      `/api/admin/members/${member.id}/decline`,
      { reason: 'Still no.' },
      as(owner.cookie),
    );
    t.clock.advance(31 * DAY_MS);
    await eraseLapsedDeclines(t.ctx());
    [row] = await t.database.db.select().from(user).where(eq(user.id, member.id));
    expect(row!.phone).toBe('');
  });
});

describe('pending accounts in lists', () => {
  it('are left out wherever banned ones are, until approved', async () => {
    const referrer = await approvedMember();
    await setJoinMode('referral-approval');
    const member = await pendingMember({
      fullName: 'Quincy Waitlist',
      referralCode: referrer.referralCode,
      smsConsent: true,
    });
    await t.database.db
      .update(user)
      .set({ exoticCoins: 999_999, roles: ['Member', 'Driver'] })
      .where(eq(user.id, member.id));
    const seen = async () => {
      const reads = await Promise.all([
        t.call('GET', '/api/economy/leaderboard', undefined, as(referrer.cookie)),
        t.call('GET', '/api/inbox/recipients?q=Quincy', undefined, as(referrer.cookie)),
        t.call('GET', '/api/profile', undefined, as(referrer.cookie)),
        t.call('GET', `/api/members/${member.id}`, undefined, as(referrer.cookie)),
        t.call('GET', '/api/admin/drivers', undefined, as(owner.cookie)),
        t.call('GET', '/api/economy/members?q=Quincy', undefined, as(owner.cookie)),
      ]);
      return Promise.all(reads.map(async (response) => (await response.text()).includes(member.id)));
    };
    expect(await seen()).toEqual([false, false, false, false, false, false]);
    const audience = async () =>
      (await (await t.call('GET', '/api/admin/sms/audience?segment=all', undefined, as(owner.cookie))).json())
        .recipientCount as number;
    const waiting = await audience();

    await t.call('POST', `/api/admin/members/${member.id}/approve`, {}, as(owner.cookie));
    expect(await seen()).toEqual([true, true, true, true, true, true]);
    expect(await audience()).toBe(waiting + 1);
  });
});
