import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESERVED_NAME_MESSAGE } from '~/shared/reserved-names';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { shopSettings } from '~/server/db/tables/shop.tables';
import { DEFAULT_SHOP_SETTINGS } from '~/features/shop/server/shop.service';
import { REFERRAL_CODE_NOT_ACCEPTED, REFERRAL_CODE_REQUIRED } from '../accounts.constants';
import { ensureOwnerPassword, seedOnce } from '~/app/server/seed/seed';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { cookieHeader, registration, signedInMember } from '~/app/server/testing/members';

const DEMO_PASSWORD = 'demo-password-123';
const OWNER_PASSWORD = 'owner-password-123';

let t: TestContext;
let ipCounter = 0;
/** A fresh client address, so each test starts with its own per-IP budget. */
const freshIp = () => ({ 'X-Forwarded-For': `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

beforeAll(async () => {
  t = await createTestContext({ env: { TRUST_PROXY: 'true', DEMO_PASSWORD, OWNER_PASSWORD } });
  await seedOnce(t.database.db, t.config);
  await ensureOwnerPassword(t.database.db, t.config);
});
afterAll(() => t.close());

const rowByEmail = async (email: string) =>
  (await t.database.db.select().from(user).where(eq(user.email, email.toLowerCase())))[0];

describe('registration', () => {
  it('creates an approved member with the defaults and a referral code of their own', async () => {
    const input = registration({ phone: '202.555.0147', email: 'New.Member@Vault.Example' });
    const response = await t.call('POST', '/api/accounts/register', input, freshIp());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      referral: { status: 'none' },
      emailVerification: 'optional',
      joinStatus: 'approved',
    });
    const row = (await rowByEmail('new.member@vault.example'))!;
    expect(row).toMatchObject({
      name: input.fullName,
      role: 'Member',
      roles: ['Member'],
      xp: 0,
      exoticCoins: 0,
      banned: false,
      status: 'approved',
      bio: '',
      smokePreference: 'Not Set',
      strikes: 0,
      phone: '+12025550147',
      referredBy: null,
      dataConsent: true,
      smsConsent: false,
    });
    expect(row.ageConfirmedAt).toBeInstanceOf(Date);
    expect(row.referralCode).toMatch(/^VAULT-[A-Z0-9]{6}$/);
    expect(row.referralCode).toBe(`VAULT-${row.id.slice(0, 6).toUpperCase()}`);
  });

  it('gives every member a different referral code', async () => {
    const codes = (await t.database.db.select({ code: user.referralCode }).from(user)).map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const input = registration();
    expect((await t.call('POST', '/api/accounts/register', input, freshIp())).status).toBe(201);
    const again = await t.call(
      'POST',
      '/api/accounts/register',
      { ...input, email: input.email.toUpperCase() },
      freshIp(),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { title: 'Registration Failed', message: 'An account with this email already exists.' },
    });
  });

  it('applies a referral code matched case-insensitively and names the referrer', async () => {
    const referrer = (await rowByEmail('jordan@vault.example'))!;
    const input = registration({ referralCode: referrer.referralCode.toLowerCase() });
    const response = await t.call('POST', '/api/accounts/register', input, freshIp());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      referral: { status: 'applied', referrerName: 'Jordan Miles' },
      emailVerification: 'optional',
      joinStatus: 'approved',
    });
    expect((await rowByEmail(input.email))!.referredBy).toBe(referrer.id);
  });

  it('still creates the account when the referral code is unknown', async () => {
    const input = registration({ referralCode: 'VAULT-NOPE00' });
    const response = await t.call('POST', '/api/accounts/register', input, freshIp());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      referral: { status: 'invalid' },
      emailVerification: 'optional',
      joinStatus: 'approved',
    });
    expect((await rowByEmail(input.email))!.referredBy).toBeNull();
  });

  it('ignores role, coins, xp, status, bans and a chosen referral code sent with the form', async () => {
    const input = {
      ...registration(),
      role: 'Owner',
      roles: ['Owner', 'Admin'],
      banned: true,
      exotic_coins: 99999,
      exoticCoins: 99999,
      xp: 99999,
      status: 'vip',
      referralCodeOwn: 'VAULT-MINE00',
      referral_code: 'VAULT-MINE00',
      id: 'chosen-id',
    };
    const response = await t.call('POST', '/api/accounts/register', input, freshIp());
    expect(response.status).toBe(201);
    const row = (await rowByEmail(input.email))!;
    expect(row).toMatchObject({
      role: 'Member',
      roles: ['Member'],
      banned: false,
      exoticCoins: 0,
      xp: 0,
      status: 'approved',
    });
    expect(row.id).not.toBe('chosen-id');
    expect(row.referralCode).not.toBe('VAULT-MINE00');
  });

  it.each([
    ['fullName', { fullName: '  ' }, 'Full name is required.'],
    ['fullName', { fullName: 'Admin Team' }, RESERVED_NAME_MESSAGE],
    ['fullName', { fullName: 'ＴＨＥ VΑULT' }, RESERVED_NAME_MESSAGE],
    ['email', { email: 'not-an-email' }, 'Enter a valid email address.'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters.'],
    ['telegram', { telegram: '' }, 'Telegram username is required.'],
    ['phone', { phone: '12345' }, 'Enter a valid US phone number, like (555) 123-4567.'],
    ['address', { address: '' }, 'Full address is required.'],
    ['ageConfirmed', { ageConfirmed: false }, 'You must confirm that you are 21 or older.'],
  ])('refuses a missing or bad %s with its message and stores nothing', async (field, change, message) => {
    const input = registration(change);
    const response = await t.call('POST', '/api/accounts/register', input, freshIp());
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields[field]).toBe(message);
    if (field !== 'email') expect(await rowByEmail(input.email)).toBeUndefined();
  });

  it('refuses the shop’s name as the Settings tab has it now, look-alikes included, and stores nothing', async () => {
    const setShopName = (shopName: string) =>
      t.database.db
        .insert(shopSettings)
        .values({ ...DEFAULT_SHOP_SETTINGS, id: 1, shopName })
        .onConflictDoUpdate({ target: shopSettings.id, set: { shopName } });
    await setShopName('Night Owl Club');
    try {
      // The name itself, spaced and cased otherwise, and with a Cyrillic і and С and a zero for the o.
      for (const fullName of ['Night Owl Club', 'night-owl CLUB', 'Nіght 0wl Сlub']) {
        const input = registration({ fullName });
        const response = await t.call('POST', '/api/accounts/register', input, freshIp());
        expect(response.status, fullName).toBe(400);
        const body = (await response.json()) as { error: { fields: Record<string, string> } };
        expect(body.error.fields.fullName).toBe(RESERVED_NAME_MESSAGE);
        expect(await rowByEmail(input.email)).toBeUndefined();
      }
      // A name that only contains it is a member's own.
      const fan = await t.call(
        'POST',
        '/api/accounts/register',
        registration({ fullName: 'Night Owl Club Fan' }),
        freshIp(),
      );
      expect(fan.status).toBe(201);
    } finally {
      await setShopName(DEFAULT_SHOP_SETTINGS.shopName);
    }
    // Renamed back: the old name is free again, and the default one is reserved as ever.
    const after = registration({ fullName: 'Night Owl Club' });
    expect((await t.call('POST', '/api/accounts/register', after, freshIp())).status).toBe(201);
    const vault = await t.call(
      'POST',
      '/api/accounts/register',
      registration({ fullName: 'The Vault' }),
      freshIp(),
    );
    expect(vault.status).toBe(400);
  });

  it('refuses a form that is not JSON', async () => {
    const response = await t.app.request('/api/accounts/register', {
      method: 'POST',
      headers: { Origin: 'http://vault.test', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=a@b.c',
    });
    expect(response.status).toBe(415);
  });
});

describe('joining by invitation (Settings: How members join)', () => {
  const setJoinMode = (joinMode: string) =>
    t.database.db.update(shopSettings).set({ joinMode }).where(eq(shopSettings.id, 1));
  const joinRules = async () => (await t.call('GET', '/api/accounts/join-rules')).json();
  const members = async () => (await t.database.db.select({ id: user.id }).from(user)).length;

  beforeAll(async () => {
    await t.database.db
      .insert(shopSettings)
      .values({ ...DEFAULT_SHOP_SETTINGS, id: 1 })
      .onConflictDoNothing();
  });
  // Each story starts open, as a fresh install does; the file's other stories register freely.
  beforeEach(() => setJoinMode('open'));
  afterAll(() => setJoinMode('open'));

  it('is open by default: the form asks for no code and a request without one is accepted', async () => {
    expect(await joinRules()).toEqual({ referralCodeRequired: false, staffApproval: false });
    const response = await t.call('POST', '/api/accounts/register', registration(), freshIp());
    expect(response.status).toBe(201);
  });

  it("asks for a code, and refuses a request without one, or with a code that is no member's in good standing", async () => {
    const banned = await signedInMember(t);
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, banned.user.id));
    const deleted = await signedInMember(t);
    await t.database.db.update(user).set({ deletedAt: new Date() }).where(eq(user.id, deleted.user.id));
    const codeOf = async (id: string) =>
      (await t.database.db.select({ code: user.referralCode }).from(user).where(eq(user.id, id)))[0]!.code;
    await setJoinMode('referral');
    expect(await joinRules()).toEqual({ referralCodeRequired: true, staffApproval: false });

    const before = await members();
    for (const [referralCode, message] of [
      [undefined, REFERRAL_CODE_REQUIRED],
      ['   ', REFERRAL_CODE_REQUIRED],
      ['VAULT-NOPE00', REFERRAL_CODE_NOT_ACCEPTED],
      ['not a code', REFERRAL_CODE_NOT_ACCEPTED],
      [await codeOf(banned.user.id), REFERRAL_CODE_NOT_ACCEPTED],
      [await codeOf(deleted.user.id), REFERRAL_CODE_NOT_ACCEPTED],
    ]) {
      const response = await t.call(
        'POST',
        '/api/accounts/register',
        registration({ referralCode }),
        freshIp(),
      );
      expect(response.status, String(referralCode)).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'BAD_REQUEST', message, fields: { referralCode: message } },
      });
    }
    expect(await members()).toBe(before);
  });

  it("lets a friend in with a member's code, applied as before; accounts made while open stay as they are", async () => {
    const openedEarlier = await signedInMember(t);
    await setJoinMode('referral');
    const referrer = (await rowByEmail('jordan@vault.example'))!;
    const input = registration({ referralCode: referrer.referralCode });
    const response = await t.call('POST', '/api/accounts/register', input, freshIp());
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      referral: { status: 'applied', referrerName: 'Jordan Miles' },
    });
    expect((await rowByEmail(input.email))!.referredBy).toBe(referrer.id);
    // Signing in is not joining: a member without a referrer keeps their account and signs in.
    expect(
      (await t.call('GET', '/api/accounts/account', undefined, { cookie: openedEarlier.cookie })).status,
    ).toBe(200);
  });
});

describe('sign in', () => {
  it('signs a member in and the session restores their account', async () => {
    const { cookie, user: signedIn, input } = await signedInMember(t);
    expect(signedIn).toMatchObject({
      email: input.email,
      fullName: input.fullName,
      roles: ['Member'],
      xp: 0,
    });
    const session = await t.call('GET', '/api/accounts/session', undefined, { Cookie: cookie });
    expect(await session.json()).toMatchObject({ user: { id: signedIn.id, email: input.email } });
  });

  it('answers an unknown email and a wrong password with the same words', async () => {
    const { input } = await signedInMember(t);
    const wrong = await t.call(
      'POST',
      '/api/accounts/login',
      { email: input.email, password: 'wrong password' },
      freshIp(),
    );
    const unknown = await t.call(
      'POST',
      '/api/accounts/login',
      { email: 'nobody@vault.example', password: 'x' },
      freshIp(),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const expected = { title: 'Login Failed', message: 'Invalid credentials. Please try again.' };
    expect((await wrong.json()) as object).toMatchObject({ error: expected });
    expect((await unknown.json()) as object).toMatchObject({ error: expected });
  });

  it('keeps an unticked "Remember this device" session for this browser session only', async () => {
    const { input } = await signedInMember(t);
    const forgetful = await t.call(
      'POST',
      '/api/accounts/login',
      { email: input.email, password: input.password, rememberMe: false },
      freshIp(),
    );
    const lasting = await t.call(
      'POST',
      '/api/accounts/login',
      { email: input.email, password: input.password, rememberMe: true },
      freshIp(),
    );
    const sessionCookie = (r: Response) =>
      r.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
    expect(sessionCookie(forgetful)).not.toMatch(/Max-Age|Expires/i);
    expect(sessionCookie(lasting)).toMatch(/Max-Age=\d+/);
    expect(sessionCookie(lasting)).toMatch(/HttpOnly/);
    expect(sessionCookie(lasting)).toMatch(/SameSite=Lax/);
  });

  it('refuses a banned member with Access Denied, and their old cookie on the very next request', async () => {
    const { cookie, input, user: member } = await signedInMember(t);
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, member.id));
    const session = await t.call('GET', '/api/accounts/session', undefined, { Cookie: cookie });
    expect(await session.json()).toEqual({ user: null });
    const events = await t.call('GET', '/api/events', undefined, { Cookie: cookie });
    expect(events.status).toBe(401);
    const again = await t.call(
      'POST',
      '/api/accounts/login',
      { email: input.email, password: input.password },
      freshIp(),
    );
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({
      error: { title: 'Access Denied', message: 'This account has been banned.' },
    });
  });

  it('applies a role change on the very next request', async () => {
    const { cookie, user: member } = await signedInMember(t);
    await t.database.db
      .update(user)
      .set({ roles: ['Member', 'Driver'] })
      .where(eq(user.id, member.id));
    const session = await t.call('GET', '/api/accounts/session', undefined, { Cookie: cookie });
    expect(await session.json()).toMatchObject({ user: { roles: ['Driver', 'Member'], role: 'Driver' } });
  });
});

describe('sign out', () => {
  it('revokes the session on the server: the old cookie is refused right after', async () => {
    const { cookie } = await signedInMember(t);
    const out = await t.call('POST', '/api/accounts/logout', undefined, { Cookie: cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^better-auth\.session_token=;/.test(c))).toBe(true);
    const session = await t.call('GET', '/api/accounts/session', undefined, { Cookie: cookie });
    expect(await session.json()).toEqual({ user: null });
    expect((await t.call('GET', '/api/events', undefined, { Cookie: cookie })).status).toBe(401);
  });
});

describe('owner sign in', () => {
  it('signs in as the first Owner with the owner password, and audits it', async () => {
    const ip = freshIp();
    const response = await t.call('POST', '/api/accounts/owner-login', { ownerPassword: OWNER_PASSWORD }, ip);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      user: {
        email: 'owner@vault.example',
        roles: ['Owner'],
        avatarUrl: '/owner-avatar.svg',
        xp: 25000,
        exoticCoins: 50000,
      },
    });
    const session = await t.call('GET', '/api/accounts/session', undefined, {
      Cookie: cookieHeader(response),
    });
    expect(await session.json()).toMatchObject({ user: { email: 'owner@vault.example' } });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.eventType, 'OWNER_LOGIN'));
    expect(
      audits.some((a) => a.meta.success === true && a.ip === ip['X-Forwarded-For'] && !('ip' in a.meta)),
    ).toBe(true);
  });

  it('refuses a wrong or empty owner password with Login Failed, and audits the attempt', async () => {
    const ip = freshIp();
    for (const ownerPassword of ['not the password', '']) {
      const response = await t.call('POST', '/api/accounts/owner-login', { ownerPassword }, ip);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        error: { title: 'Login Failed', message: 'Invalid credentials. Please try again.' },
      });
    }
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.eventType, 'OWNER_LOGIN'));
    expect(audits.filter((a) => a.meta.success === false && a.ip === ip['X-Forwarded-For'])).toHaveLength(2);
  });
});

describe('the seed', () => {
  it('creates the four demo members once, with the spec XP and coins', async () => {
    expect(await seedOnce(t.database.db, t.config)).toEqual([]);
    const rows = await t.database.db.select().from(user).where(eq(user.status, 'approved'));
    const seeded = ['owner', 'moderator', 'jordan', 'tasha'].map((name) =>
      rows.find((r) => r.email === `${name}@vault.example`),
    );
    expect(seeded.map((r) => [r?.roles, r?.xp, r?.exoticCoins])).toEqual([
      [['Owner'], 25000, 50000],
      [['Moderator'], 8500, 7200],
      [['Member'], 1250, 1500],
      [['Member'], 450, 500],
    ]);
  });

  it('lets the demo members sign in with the configured password', async () => {
    const response = await t.call(
      'POST',
      '/api/accounts/login',
      { email: 'tasha@vault.example', password: DEMO_PASSWORD },
      freshIp(),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { fullName: 'Tasha Reed' } });
  });
});
