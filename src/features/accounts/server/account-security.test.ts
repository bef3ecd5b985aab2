import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { shopSettings } from '~/server/db/tables/shop.tables';
import { ensureOwnerPassword, insertMember, seedOnce } from '~/app/server/seed/seed';
import { lastMailTo, outbox, tokenOf } from '~/app/server/testing/mail';
import { cookieHeader, registration, signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { RESET_LINK_SENT } from '../accounts.constants';
import { ALERT_AT } from './owner-sign-in.service';
import { COMMON_PASSWORD_MESSAGE } from './password-policy';

const OWNER_PASSWORD = 'owner-password-123';
let t: TestContext;
let ipCounter = 0;
/** A fresh client address, so each test starts with its own per-address budget. */
const freshIp = () => ({ 'X-Forwarded-For': `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

beforeAll(async () => {
  t = await createTestContext({
    env: {
      TRUST_PROXY: 'true',
      OWNER_PASSWORD,
      DEMO_PASSWORD: 'demo-password-123',
      OWNER_SIGN_IN_SLOWDOWN_MS: '1',
      RATE_LIMIT_PASSWORD_RESET_PER_IP: '4/3600',
    },
  });
  await seedOnce(t.database.db, t.config);
  await ensureOwnerPassword(t.database.db, t.config);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const session = async (cookie: string) =>
  (
    (await (await t.call('GET', '/api/accounts/session', undefined, { Cookie: cookie })).json()) as {
      user: { email: string; emailVerified: boolean; phone: string } | null;
    }
  ).user;
const login = (email: string, password: string, headers: Record<string, string> = freshIp()) =>
  t.call('POST', '/api/accounts/login', { email, password }, headers);
const auditRows = (eventType: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.eventType, eventType));

describe('forgot password', () => {
  it('answers the same for a member and a stranger, and e-mails only the member a link', async () => {
    const member = await signedInMember(t);
    const known = await t.call(
      'POST',
      '/api/accounts/forgot-password',
      { email: member.input.email },
      freshIp(),
    );
    const unknown = await t.call(
      'POST',
      '/api/accounts/forgot-password',
      { email: 'nobody@vault.example' },
      freshIp(),
    );
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual({ message: RESET_LINK_SENT });
    expect(await unknown.json()).toEqual({ message: RESET_LINK_SENT });
    const mails = await outbox(t);
    expect(mails.filter((mail) => mail.to === 'nobody@vault.example')).toEqual([]);
    const mail = await lastMailTo(t, member.input.email);
    expect(mail.subject).toBe('Reset your password for The Vault');
    expect(mail.link).toMatch(/^http:\/\/vault\.test\/reset-password\?token=/);
  });

  it('sets the new password once per link and ends every session of the member', async () => {
    const member = await signedInMember(t);
    const other = await login(member.input.email, member.input.password);
    const otherCookie = cookieHeader(other);
    await t.call('POST', '/api/accounts/forgot-password', { email: member.input.email }, freshIp());
    const token = tokenOf((await lastMailTo(t, member.input.email)).link);

    const reset = await t.call(
      'POST',
      '/api/accounts/reset-password',
      { token, password: 'a fresh password 42' },
      freshIp(),
    );
    expect(reset.status).toBe(200);
    expect(await session(member.cookie)).toBeNull();
    expect(await session(otherCookie)).toBeNull();
    expect((await login(member.input.email, member.input.password)).status).toBe(401);
    expect((await login(member.input.email, 'a fresh password 42')).status).toBe(200);

    const again = await t.call(
      'POST',
      '/api/accounts/reset-password',
      { token, password: 'another password 43' },
      freshIp(),
    );
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { title: 'Link Expired' } });

    // Audited with ids only.
    const [requested] = (await auditRows('PASSWORD_RESET_REQUESTED')).filter(
      (row) => row.actorId === member.user.id,
    );
    expect(requested!.meta).toEqual({ memberId: member.user.id });
    const [done] = (await auditRows('PASSWORD_RESET')).filter((row) => row.actorId === member.user.id);
    expect(done!.meta).toEqual({ memberId: member.user.id });
  });

  it('refuses a link after its hour', async () => {
    const member = await signedInMember(t);
    await t.call('POST', '/api/accounts/forgot-password', { email: member.input.email }, freshIp());
    const token = tokenOf((await lastMailTo(t, member.input.email)).link);
    // better-auth reads the system clock: move it on, past the hour.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    const late = await t.call(
      'POST',
      '/api/accounts/reset-password',
      { token, password: 'a fresh password 42' },
      freshIp(),
    );
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: { title: 'Link Expired' } });
    vi.useRealTimers();
    expect((await login(member.input.email, member.input.password)).status).toBe(200);
  });

  it('limits links per e-mail and per address', async () => {
    const email = 'limited@vault.example';
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await t.call('POST', '/api/accounts/forgot-password', { email }, freshIp())).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const address = freshIp();
    const fromOne = [];
    for (let i = 0; i < 5; i += 1) {
      fromOne.push(
        (await t.call('POST', '/api/accounts/forgot-password', { email: `x${i}@vault.example` }, address))
          .status,
      );
    }
    expect(fromOne).toEqual([200, 200, 200, 200, 429]);
  });

  it('refuses a common password for the new one and keeps the link usable', async () => {
    const member = await signedInMember(t);
    await t.call('POST', '/api/accounts/forgot-password', { email: member.input.email }, freshIp());
    const token = tokenOf((await lastMailTo(t, member.input.email)).link);
    const common = await t.call(
      'POST',
      '/api/accounts/reset-password',
      { token, password: 'sunshine' },
      freshIp(),
    );
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ error: { fields: { password: COMMON_PASSWORD_MESSAGE } } });
    const ok = await t.call(
      'POST',
      '/api/accounts/reset-password',
      { token, password: 'not so common 77' },
      freshIp(),
    );
    expect(ok.status).toBe(200);
  });
});

describe('passwords', () => {
  it('refuses the most common passwords and passwords of spaces only at registration', async () => {
    for (const password of ['password', 'Baseball', '123456789', 'ILOVEYOU']) {
      const response = await t.call('POST', '/api/accounts/register', registration({ password }), freshIp());
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { fields: { password: COMMON_PASSWORD_MESSAGE } },
      });
    }
    const spaces = await t.call(
      'POST',
      '/api/accounts/register',
      registration({ password: '          ' }),
      freshIp(),
    );
    expect(spaces.status).toBe(400);
    expect(await spaces.json()).toMatchObject({ error: { message: 'A password cannot be only spaces.' } });
  });

  it('still signs in a member who chose a common password before the list existed', async () => {
    await t.database.db.transaction((tx) =>
      insertMember(
        tx,
        { name: 'Old Timer', email: 'old.timer@vault.example', roles: ['Member'] },
        'football',
        t.clock.now(),
      ),
    );
    expect((await login('old.timer@vault.example', 'football')).status).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('sends a link at registration; opening it confirms the address; resending has a cooldown', async () => {
    const member = await signedInMember(t);
    expect((await session(member.cookie))!.emailVerified).toBe(false);
    const first = await lastMailTo(t, member.input.email);
    expect(first.subject).toBe('Confirm your e-mail for The Vault');

    const resend = () =>
      t.call('POST', '/api/accounts/verification-email', undefined, { Cookie: member.cookie });
    const resent = await resend();
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ sentTo: member.input.email.toLowerCase(), retryAfterSeconds: 60 });
    expect((await resend()).status).toBe(429);

    // Opened in a browser that is not signed in: confirmed, nobody signed in.
    const verified = await t.call('POST', '/api/accounts/verify-email', { token: tokenOf(first.link) });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ result: 'verified', email: member.input.email.toLowerCase() });
    expect(verified.headers.getSetCookie()).toEqual([]);
    expect((await session(member.cookie))!.emailVerified).toBe(true);
    t.clock.advance(61_000);
    const already = await resend();
    expect(already.status).toBe(409);
  });

  it('refuses a forged or expired link', async () => {
    const forged = await t.call('POST', '/api/accounts/verify-email', { token: 'a.b.c' });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { title: 'Link Not Valid' } });
    const member = await signedInMember(t);
    const token = tokenOf((await lastMailTo(t, member.input.email)).link);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    const late = await t.call('POST', '/api/accounts/verify-email', { token });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: { title: 'Link Expired' } });
  });

  it('lets only confirmed members sign in when the shop requires it, and signs the others out', async () => {
    const waiting = await signedInMember(t);
    const admin = await signedInWithRoles(t, ['Admin']);
    const settings = await t.call('GET', '/api/shop/settings', undefined, { Cookie: admin.cookie });
    const current = (await settings.json()) as Record<string, unknown>;
    const turnedOn = await t.call(
      'PUT',
      '/api/admin/shop-settings',
      {
        shopName: current.shopName,
        contactPhone: current.contactPhone,
        deliveryFeeCents: current.deliveryFeeCents,
        requireVerifiedEmail: true,
      },
      { Cookie: admin.cookie },
    );
    expect(turnedOn.status).toBe(200);
    try {
      expect(await session(waiting.cookie)).toBeNull();
      const input = registration();
      const registered = await t.call('POST', '/api/accounts/register', input, freshIp());
      expect(await registered.json()).toMatchObject({ emailVerification: 'required' });
      const refused = await login(input.email, input.password);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: { title: 'E-mail Not Confirmed', message: expect.stringContaining(input.email.toLowerCase()) },
      });
      expect(cookieHeader(refused)).toBe('');
      const link = (await lastMailTo(t, input.email.toLowerCase())).link;
      expect((await t.call('POST', '/api/accounts/verify-email', { token: tokenOf(link) })).status).toBe(200);
      expect((await login(input.email, input.password)).status).toBe(200);
    } finally {
      await t.database.db
        .update(shopSettings)
        .set({ requireVerifiedEmail: false })
        .where(eq(shopSettings.id, 1));
    }
  });
});

describe('account settings', () => {
  it('shows and changes the contact details, and the session follows', async () => {
    const member = await signedInMember(t);
    const cookie = { Cookie: member.cookie };
    const details = await t.call('GET', '/api/accounts/account', undefined, cookie);
    expect(await details.json()).toMatchObject({
      email: member.input.email.toLowerCase(),
      emailVerified: false,
      phone: '+12025550147',
      smsConsent: false,
      ownerAccount: false,
    });
    const changed = await t.call(
      'PATCH',
      '/api/accounts/account',
      {
        telegram: '@moved',
        phone: '(301) 555-0199',
        address: '2 New Street, Silver Spring, MD',
        smsConsent: true,
      },
      cookie,
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      telegram: '@moved',
      phone: '+13015550199',
      smsConsent: true,
    });
    expect((await session(member.cookie))!.phone).toBe('+13015550199');
    const bad = await t.call(
      'PATCH',
      '/api/accounts/account',
      { telegram: '', phone: '12', address: 'x', smsConsent: true },
      cookie,
    );
    expect(bad.status).toBe(400);
    expect((await session(member.cookie))!.phone).toBe('+13015550199');
  });

  it('changes the password with the current one and signs out the other devices', async () => {
    const member = await signedInMember(t);
    const other = cookieHeader(await login(member.input.email, member.input.password));
    const change = (body: Record<string, unknown>) =>
      t.call('POST', '/api/accounts/account/password', body, { Cookie: member.cookie });
    const wrong = await change({ currentPassword: 'not it at all', newPassword: 'brand new secret 9' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: { fields: { currentPassword: 'That is not your current password.' } },
    });
    const common = await change({ currentPassword: member.input.password, newPassword: 'iloveyou' });
    expect(await common.json()).toMatchObject({
      error: { fields: { newPassword: COMMON_PASSWORD_MESSAGE } },
    });

    const changed = await change({
      currentPassword: member.input.password,
      newPassword: 'brand new secret 9',
    });
    expect(changed.status).toBe(200);
    expect(await session(other)).toBeNull();
    // This device goes on with the session the answer set.
    expect((await session(cookieHeader(changed)))!.email).toBe(member.input.email.toLowerCase());
    expect((await login(member.input.email, 'brand new secret 9')).status).toBe(200);
    const [audit] = (await auditRows('PASSWORD_CHANGED')).filter((row) => row.actorId === member.user.id);
    expect(audit!.meta).toEqual({ memberId: member.user.id, otherDevicesSignedOut: true });
  });

  it('changes the e-mail only once the link sent to the new address is opened, signed in', async () => {
    const member = await signedInMember(t);
    const newEmail = `moved-${Date.now()}@vault.example`;
    const ask = (body: Record<string, unknown>) =>
      t.call('POST', '/api/accounts/account/email', body, { Cookie: member.cookie });
    expect((await ask({ newEmail, password: 'wrong password 1' })).status).toBe(400);
    const asked = await ask({ newEmail, password: member.input.password });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ sentTo: newEmail });
    // Not yet.
    expect((await session(member.cookie))!.email).toBe(member.input.email.toLowerCase());
    const mail = await lastMailTo(t, newEmail);
    expect(mail.subject).toBe('Confirm your new e-mail for The Vault');

    const signedOut = await t.call('POST', '/api/accounts/verify-email', { token: tokenOf(mail.link) });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ error: { title: 'Sign In First' } });
    const opened = await t.call(
      'POST',
      '/api/accounts/verify-email',
      { token: tokenOf(mail.link) },
      { Cookie: member.cookie },
    );
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ result: 'changed', email: newEmail });
    expect(await session(member.cookie)).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await login(newEmail, member.input.password)).status).toBe(200);
    expect((await login(member.input.email, member.input.password)).status).toBe(401);
  });

  it('answers the same when the new address is taken, and mails nobody', async () => {
    const member = await signedInMember(t);
    const before = (await outbox(t)).filter((mail) => mail.to === 'jordan@vault.example').length;
    const asked = await t.call(
      'POST',
      '/api/accounts/account/email',
      { newEmail: 'jordan@vault.example', password: member.input.password },
      { Cookie: member.cookie },
    );
    expect(asked.status).toBe(200);
    expect((await outbox(t)).filter((mail) => mail.to === 'jordan@vault.example').length).toBe(before);
  });

  it('lists the devices signed in and signs out one or all the others', async () => {
    const member = await signedInMember(t);
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const phone = cookieHeader(
      await login(member.input.email, member.input.password, { ...freshIp(), 'User-Agent': iphone }),
    );
    const third = cookieHeader(await login(member.input.email, member.input.password));
    const list = async () =>
      (
        (await (
          await t.call('GET', '/api/accounts/account/sessions', undefined, { Cookie: member.cookie })
        ).json()) as {
          items: { id: string; device: string; browser: string; lastActiveOn: string; current: boolean }[];
        }
      ).items;
    const sessions = await list();
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const iphoneSession = sessions.find((s) => s.device === 'iPhone')!;
    expect(iphoneSession).toMatchObject({ browser: 'Safari 17', current: false });
    expect(iphoneSession.lastActiveOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // No tokens or addresses in the answer.
    expect(Object.keys(iphoneSession).sort()).toEqual(['browser', 'current', 'device', 'id', 'lastActiveOn']);

    const ended = await t.call('DELETE', `/api/accounts/account/sessions/${iphoneSession.id}`, undefined, {
      Cookie: member.cookie,
    });
    expect(ended.status).toBe(200);
    expect(await session(phone)).toBeNull();
    expect(await session(third)).not.toBeNull();

    // Another member cannot end this member's sessions.
    const stranger = await signedInMember(t);
    const thirdId = (await list()).find((s) => !s.current)!.id;
    const refused = await t.call('DELETE', `/api/accounts/account/sessions/${thirdId}`, undefined, {
      Cookie: stranger.cookie,
    });
    expect(refused.status).toBe(404);

    const others = await t.call('POST', '/api/accounts/account/sessions/sign-out-others', undefined, {
      Cookie: member.cookie,
    });
    expect(await others.json()).toEqual({ ended: 1 });
    expect(await session(third)).toBeNull();
    expect(await session(member.cookie)).not.toBeNull();
    expect(await list()).toHaveLength(1);
  });

  it('keeps the Owner to the owner password', async () => {
    const owner = await t.call(
      'POST',
      '/api/accounts/owner-login',
      { ownerPassword: OWNER_PASSWORD },
      freshIp(),
    );
    const cookie = { Cookie: cookieHeader(owner) };
    expect(await (await t.call('GET', '/api/accounts/account', undefined, cookie)).json()).toMatchObject({
      ownerAccount: true,
    });
    const change = await t.call(
      'POST',
      '/api/accounts/account/password',
      { currentPassword: 'x', newPassword: 'brand new secret 9' },
      cookie,
    );
    expect(change.status).toBe(403);
  });

  it('refuses visitors', async () => {
    for (const [method, url] of [
      ['GET', '/api/accounts/account'],
      ['PATCH', '/api/accounts/account'],
      ['POST', '/api/accounts/account/password'],
      ['POST', '/api/accounts/account/email'],
      ['GET', '/api/accounts/account/sessions'],
      ['POST', '/api/accounts/account/sessions/sign-out-others'],
      ['POST', '/api/accounts/verification-email'],
    ] as const) {
      expect((await t.call(method, url, method === 'GET' ? undefined : {})).status).toBe(401);
    }
  });
});

describe('owner sign-in', () => {
  it('lets the right password in after wrong ones from many addresses, and tells the Owner once', async () => {
    const attempt = (ownerPassword: string) =>
      t.call('POST', '/api/accounts/owner-login', { ownerPassword }, freshIp());
    const statuses = new Set<number>();
    for (let i = 0; i < 25; i += 1) statuses.add((await attempt(`guess number ${i}`)).status);
    expect([...statuses]).toEqual([401]);
    const right = await attempt(OWNER_PASSWORD);
    expect(right.status).toBe(200);

    const [owner] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.role, 'Owner'));
    const alerts = await t.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, owner!.id), like(notification.message, '%wrong owner passwords%')));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain(`${ALERT_AT} wrong owner passwords`);
    const failures = (await auditRows('OWNER_LOGIN')).filter(
      (row) => (row.meta as { success: boolean }).success === false,
    );
    expect(failures.length).toBeGreaterThanOrEqual(25);
  });
});

describe('referral codes', () => {
  it('warns about a code of any length that matches nobody, and registers', async () => {
    for (const referralCode of ['X'.repeat(45), 'VAULT-NOONE1', 'vault']) {
      const response = await t.call(
        'POST',
        '/api/accounts/register',
        registration({ referralCode }),
        freshIp(),
      );
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ referral: { status: 'invalid' } });
    }
  });
});
