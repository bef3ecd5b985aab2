import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/server/db/tables/audit.tables';
import { twoFactor, user } from '~/server/db/tables/auth.tables';
import { ensureOwnerPassword, seedOnce } from '~/app/server/seed/seed';
import { cookieHeader, signedInMember } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { appCode } from '~/app/server/testing/app-code';
import { enrolTwoFactor, withChallenge } from '~/app/server/testing/two-factor';
import type { TwoFactorSetupResponse } from '../accounts.schema';
import { BACKUP_CODE_MISMATCH, CODE_MISMATCH } from '../accounts.constants';
import { resetTwoFactor } from './two-factor.service';

const OWNER_PASSWORD = 'owner-password-123';
const DEMO_PASSWORD = 'demo-password-123';
let t: TestContext;
let ipCounter = 0;
/** A fresh client address, so each test starts with its own per-address budget. */
const freshIp = () => ({ 'X-Forwarded-For': `10.23.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

beforeAll(async () => {
  t = await createTestContext({
    env: {
      TRUST_PROXY: 'true',
      OWNER_PASSWORD,
      DEMO_PASSWORD,
      OWNER_SIGN_IN_SLOWDOWN_MS: '1',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '100/60',
      RATE_LIMIT_TWO_FACTOR_CODES: '4/300',
    },
  });
  await seedOnce(t.database.db, t.config);
  await ensureOwnerPassword(t.database.db, t.config);
});
afterAll(() => t.close());

const sessionOf = async (cookie: string) =>
  (
    (await (await t.call('GET', '/api/accounts/session', undefined, { Cookie: cookie })).json()) as {
      user: { email: string; twoFactorEnabled: boolean } | null;
    }
  ).user;
const login = (email: string, password: string, headers: Record<string, string> = freshIp()) =>
  t.call('POST', '/api/accounts/login', { email, password }, headers);
const codeStep = (cookie: string, code: string, extra: Record<string, unknown> = {}, ip = freshIp()) =>
  t.call('POST', '/api/accounts/login/two-factor', { code, ...extra }, { Cookie: cookie, ...ip });
const auditRows = (eventType: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.eventType, eventType));

/** A member with two-factor on, signed out: their password, manual key and backup codes. */
async function memberWithTwoFactor() {
  const member = await signedInMember(t);
  const enrolled = await enrolTwoFactor(t, member.cookie, member.input.password);
  return { ...member, ...enrolled };
}

describe('turning two-factor on', () => {
  it('needs the password, gives a QR key and 10 backup codes, and is on only once a code confirms it', async () => {
    const member = await signedInMember(t);
    const wrong = await t.call(
      'POST',
      '/api/accounts/account/two-factor',
      { password: 'not my password' },
      { Cookie: member.cookie },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: { fields: { password: 'That is not your current password.' } },
    });

    const started = await t.call(
      'POST',
      '/api/accounts/account/two-factor',
      { password: member.input.password },
      { Cookie: member.cookie },
    );
    expect(started.status).toBe(200);
    const setup = (await started.json()) as TwoFactorSetupResponse;
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/The%20Vault:/);
    expect(setup.manualKey).toMatch(/^[A-Z2-7]{40,}$/);
    expect(setup.backupCodes).toHaveLength(10);
    expect(new Set(setup.backupCodes).size).toBe(10);
    // Not on yet: sign-in still needs no code.
    expect((await login(member.input.email, member.input.password)).status).toBe(200);
    expect(await sessionOf(member.cookie)).toMatchObject({ twoFactorEnabled: false });

    const mismatch = await t.call(
      'POST',
      '/api/accounts/account/two-factor/confirm',
      { code: '000000' === (await appCode(setup.manualKey)) ? '111111' : '000000' },
      { Cookie: member.cookie },
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ error: { fields: { code: CODE_MISMATCH } } });

    const confirmed = await t.call(
      'POST',
      '/api/accounts/account/two-factor/confirm',
      { code: await appCode(setup.manualKey) },
      { Cookie: member.cookie },
    );
    expect(confirmed.status).toBe(200);
    expect(await sessionOf(cookieHeader(confirmed))).toMatchObject({ twoFactorEnabled: true });
    const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, member.user.id));
    // Stored encrypted with the server secret, never as typed.
    expect(row!.secret).not.toContain(setup.manualKey);
    expect(row!.backupCodes).not.toContain(setup.backupCodes[0]);
    expect((await auditRows('TWO_FACTOR_ENABLED')).some((a) => a.actorId === member.user.id)).toBe(true);
  });
});

describe('signing in by e-mail', () => {
  it('without two-factor, the password alone signs in', async () => {
    const member = await signedInMember(t);
    const response = await login(member.input.email, member.input.password);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      user: { email: member.input.email, twoFactorEnabled: false },
    });
  });

  it('with two-factor, the password gives no session until the code from the app is entered', async () => {
    const member = await memberWithTwoFactor();
    const password = await login(member.input.email, member.input.password);
    expect(password.status).toBe(200);
    expect(await password.json()).toEqual({ user: null, twoFactorRequired: true });
    const challenge = withChallenge(password);
    // The challenge is not a session: nothing signed-in answers it.
    expect(await sessionOf(challenge)).toBeNull();
    expect((await t.call('GET', '/api/accounts/account', undefined, { Cookie: challenge })).status).toBe(401);

    const wrong = await codeStep(challenge, '12345a');
    expect(wrong.status).toBe(401);
    const right = await codeStep(challenge, await appCode(member.manualKey));
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ user: { email: member.input.email, twoFactorEnabled: true } });
    expect(await sessionOf(cookieHeader(right))).toMatchObject({ email: member.input.email });
    // Unticked "Remember me" (the default) still gives a cookie that ends with the browser.
    const sessionCookie = right.headers
      .getSetCookie()
      .find((c) => c.startsWith('better-auth.session_token='));
    expect(sessionCookie).not.toMatch(/Max-Age/i);
  });

  it('says plainly when a code does not match, and refuses a code without a password step', async () => {
    const member = await memberWithTwoFactor();
    const challenge = withChallenge(await login(member.input.email, member.input.password));
    const code = await appCode(member.manualKey);
    const wrong = await codeStep(challenge, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      error: { message: CODE_MISMATCH, fields: { code: CODE_MISMATCH } },
    });
    const withoutPassword = await codeStep('', code);
    expect(withoutPassword.status).toBe(401);
    expect(await withoutPassword.json()).toMatchObject({
      error: { message: 'This sign-in has ended. Enter your password again.' },
    });
  });

  it('takes each backup code once, and audits its use', async () => {
    const member = await memberWithTwoFactor();
    const first = withChallenge(await login(member.input.email, member.input.password));
    const used = await codeStep(first, member.backupCodes[0]!);
    expect(used.status).toBe(200);
    expect((await auditRows('TWO_FACTOR_BACKUP_CODE_USED')).some((a) => a.actorId === member.user.id)).toBe(
      true,
    );
    const second = withChallenge(await login(member.input.email, member.input.password));
    const again = await codeStep(second, member.backupCodes[0]!);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: { message: BACKUP_CODE_MISMATCH } });
    expect((await codeStep(second, member.backupCodes[1]!)).status).toBe(200);
  });

  it('"Remember this device for 30 days" skips the code on that browser only', async () => {
    const member = await memberWithTwoFactor();
    const challenge = withChallenge(await login(member.input.email, member.input.password));
    const trusted = await codeStep(challenge, await appCode(member.manualKey), { trustDevice: true });
    expect(trusted.status).toBe(200);
    const trustCookie = cookieHeader(trusted)
      .split('; ')
      .find((pair) => pair.startsWith('better-auth.trust_device='))!;
    expect(trusted.headers.getSetCookie().find((c) => c.startsWith('better-auth.trust_device='))).toMatch(
      /Max-Age=2592000/,
    );
    const again = await login(member.input.email, member.input.password, {
      Cookie: trustCookie,
      ...freshIp(),
    });
    expect(await again.json()).toMatchObject({ user: { email: member.input.email } });
    const elsewhere = await login(member.input.email, member.input.password);
    expect(await elsewhere.json()).toEqual({ user: null, twoFactorRequired: true });
  });

  it('rate-limits codes per client address', async () => {
    const member = await memberWithTwoFactor();
    const ip = freshIp();
    const challenge = withChallenge(await login(member.input.email, member.input.password, ip));
    for (let i = 0; i < 4; i += 1)
      expect((await codeStep(challenge, 'xxxxx-xxxxx', {}, ip)).status).toBe(401);
    const limited = await codeStep(challenge, await appCode(member.manualKey), {}, ip);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { title: 'Too Many Attempts' } });
  });

  it('ends the challenge after 5 wrong codes: the password must be entered again', async () => {
    const member = await memberWithTwoFactor();
    const challenge = withChallenge(await login(member.input.email, member.input.password));
    // A new address per try, so the address limit does not answer first: this is the plugin's own limit.
    for (let i = 0; i < 5; i += 1) expect((await codeStep(challenge, 'xxxxx-xxxxx')).status).toBe(401);
    const sixth = await codeStep(challenge, await appCode(member.manualKey));
    expect(sixth.status).toBe(401);
    expect(await sixth.json()).toMatchObject({
      error: { message: 'This sign-in has ended. Enter your password again.' },
    });
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code; then the password alone signs in again', async () => {
    const member = await memberWithTwoFactor();
    const off = (body: Record<string, string>) =>
      t.call('POST', '/api/accounts/account/two-factor/disable', body, { Cookie: member.cookie });
    const code = await appCode(member.manualKey);
    expect((await off({ password: 'wrong password', code })).status).toBe(400);
    const badCode = await off({
      password: member.input.password,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(await badCode.json()).toMatchObject({ error: { fields: { code: CODE_MISMATCH } } });
    expect(await sessionOf(member.cookie)).toMatchObject({ twoFactorEnabled: true });

    expect((await off({ password: member.input.password, code })).status).toBe(200);
    expect(await sessionOf(member.cookie)).toMatchObject({ twoFactorEnabled: false });
    expect((await auditRows('TWO_FACTOR_DISABLED')).some((a) => a.actorId === member.user.id)).toBe(true);
    const again = await login(member.input.email, member.input.password);
    expect(await again.json()).toMatchObject({ user: { email: member.input.email } });
  });
});

describe('the owner sign-in dialog', () => {
  const ownerLogin = (headers: Record<string, string> = freshIp(), rememberMe = false) =>
    t.call('POST', '/api/accounts/owner-login', { ownerPassword: OWNER_PASSWORD, rememberMe }, headers);

  it('turns two-factor on with the owner password, then asks every owner sign-in for the code', async () => {
    const signedIn = await ownerLogin();
    expect(await signedIn.json()).toMatchObject({ user: { roles: ['Owner'] } });
    const ownerCookie = cookieHeader(signedIn);
    const demoPassword = await t.call(
      'POST',
      '/api/accounts/account/two-factor',
      { password: DEMO_PASSWORD },
      { Cookie: ownerCookie },
    );
    expect(await demoPassword.json()).toMatchObject({
      error: { fields: { password: 'That is not the owner password.' } },
    });
    const enrolled = await enrolTwoFactor(t, ownerCookie, OWNER_PASSWORD);

    // The dialog: the right owner password gives no session, only the code step.
    const password = await ownerLogin(freshIp(), true);
    expect(await password.json()).toEqual({ user: null, twoFactorRequired: true });
    const challenge = withChallenge(password);
    expect(await sessionOf(challenge)).toBeNull();
    expect((await t.call('GET', '/api/admin/members', undefined, { Cookie: challenge })).status).toBe(401);
    const wrong = await codeStep(challenge, '12345-abcde');
    expect(wrong.status).toBe(401);
    const right = await codeStep(challenge, await appCode(enrolled.manualKey));
    expect(await right.json()).toMatchObject({ user: { roles: ['Owner'] } });
    // "Remember this device" was ticked on the sign-in form: a 30-day session cookie.
    const sessionCookie = right.headers
      .getSetCookie()
      .find((c) => c.startsWith('better-auth.session_token='));
    expect(sessionCookie).toMatch(/Max-Age=2592000/);

    // The Owner's e-mail sign-in asks too.
    const byEmail = await login('owner@vault.example', DEMO_PASSWORD);
    expect(await byEmail.json()).toEqual({ user: null, twoFactorRequired: true });

    // A trusted browser skips the code in the dialog too.
    const trustedChallenge = withChallenge(await ownerLogin());
    const trusted = await codeStep(trustedChallenge, enrolled.backupCodes[0]!, { trustDevice: true });
    expect(trusted.status).toBe(200);
    const trustCookie = cookieHeader(trusted)
      .split('; ')
      .find((pair) => pair.startsWith('better-auth.trust_device='))!;
    expect(await (await ownerLogin({ Cookie: trustCookie, ...freshIp() })).json()).toMatchObject({
      user: { roles: ['Owner'] },
    });

    // The operator's reset (npm run reset-2fa owner) turns it off and is audited.
    const email = await t.database.db.transaction((tx) =>
      resetTwoFactor(tx, { target: 'owner', at: new Date() }),
    );
    expect(email).toBe('owner@vault.example');
    expect(await (await ownerLogin()).json()).toMatchObject({ user: { roles: ['Owner'] } });
    const [owner] = await t.database.db.select().from(user).where(eq(user.email, 'owner@vault.example'));
    expect(owner!.twoFactorEnabled).toBe(false);
    expect(
      (await auditRows('TWO_FACTOR_RESET')).some((a) => a.actorId === null && a.meta.memberId === owner!.id),
    ).toBe(true);
  });
});
