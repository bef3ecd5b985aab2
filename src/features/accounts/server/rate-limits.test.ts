import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '~/shared/time';
import { ensureOwnerPassword, seedOnce } from '~/app/server/seed/seed';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { registration } from '~/app/server/testing/members';

// Small limits from the test server's configuration, never from an HTTP endpoint.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: {
      TRUST_PROXY: 'true',
      OWNER_PASSWORD: 'owner-password-123',
      DEMO_PASSWORD: 'demo-password-123',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3/60',
      RATE_LIMIT_SIGN_IN_PER_IP: '4/60',
      RATE_LIMIT_SIGN_UP_PER_IP: '2/300',
      OWNER_SIGN_IN_FREE_FAILURES: '2',
      OWNER_SIGN_IN_SLOWDOWN_MS: '1',
    },
  });
  await seedOnce(t.database.db, t.config);
  await ensureOwnerPassword(t.database.db, t.config);
});
afterAll(() => t.close());

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const tooMany = { error: { code: 'RATE_LIMITED', title: 'Too Many Attempts' } };

describe('rate limits', () => {
  it('counts the address the proxy appended, not one the client wrote before it', async () => {
    // The proxy appends the address it saw; whatever comes before it is the client's to invent.
    const attempt = (forged: string) =>
      t.call(
        'POST',
        '/api/accounts/login',
        { email: `nobody-${forged}@vault.example`, password: 'wrong-password' },
        from(`${forged}, 7.7.7.7`),
      );
    const statuses = [];
    for (const forged of ['9.0.0.1', '9.0.0.2', '9.0.0.3', '9.0.0.4', '9.0.0.5']) {
      statuses.push((await attempt(forged)).status);
    }
    // RATE_LIMIT_SIGN_IN_PER_IP is 4 a minute: the fifth attempt from 7.7.7.7 is refused, whatever it claimed.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    t.clock.advance(MINUTE_MS + 1);
  });

  it('allows sign-in attempts on one account up to the limit and refuses the next', async () => {
    const attempt = (ip: string) =>
      t.call(
        'POST',
        '/api/accounts/login',
        { email: 'jordan@vault.example', password: 'wrong-password' },
        from(ip),
      );
    // Each from its own address, so only the per-account limit applies.
    expect([
      (await attempt('1.1.1.1')).status,
      (await attempt('1.1.1.2')).status,
      (await attempt('1.1.1.3')).status,
    ]).toEqual([401, 401, 401]);
    const limited = await attempt('1.1.1.4');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject(tooMany);
    // Even the right password waits until the window has passed.
    const right = () =>
      t.call(
        'POST',
        '/api/accounts/login',
        { email: 'jordan@vault.example', password: 'demo-password-123' },
        from('1.1.1.5'),
      );
    expect((await right()).status).toBe(429);
    t.clock.advance(MINUTE_MS + 1);
    expect((await right()).status).toBe(200);
  });

  it('limits sign-in attempts per address across accounts', async () => {
    const emails = [
      'a@vault.example',
      'b@vault.example',
      'c@vault.example',
      'd@vault.example',
      'e@vault.example',
    ];
    const statuses = [];
    for (const email of emails) {
      statuses.push(
        (await t.call('POST', '/api/accounts/login', { email, password: 'x' }, from('2.2.2.2'))).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('limits sign-ups per address and says how long to wait', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await t.call('POST', '/api/accounts/register', registration(), from('3.3.3.3'))).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    const limited = await t.call('POST', '/api/accounts/register', registration(), from('3.3.3.3'));
    expect(await limited.json()).toMatchObject({
      error: {
        title: 'Too Many Attempts',
        message: 'Too many attempts. Please wait 5 minutes and try again.',
      },
    });
    // Another address is not affected.
    expect((await t.call('POST', '/api/accounts/register', registration(), from('3.3.3.4'))).status).toBe(
      201,
    );
  });

  it('backs an address off after wrong owner passwords, doubling the wait; the right one clears it', async () => {
    const owner = (ip: string, ownerPassword = 'guess-guess') =>
      t.call('POST', '/api/accounts/owner-login', { ownerPassword }, from(ip));
    expect([(await owner('4.4.4.4')).status, (await owner('4.4.4.4')).status]).toEqual([401, 401]);
    // Two wrong ones (the free failures): this address waits a minute, even with the right password.
    const waiting = await owner('4.4.4.4', 'owner-password-123');
    expect(waiting.status).toBe(429);
    expect(await waiting.json()).toMatchObject({
      error: { message: 'Too many attempts. Please wait 1 minute and try again.' },
    });
    t.clock.advance(MINUTE_MS + 1);
    expect((await owner('4.4.4.4')).status).toBe(401);
    // The third wrong one doubles the wait.
    t.clock.advance(MINUTE_MS + 1);
    expect((await owner('4.4.4.4', 'owner-password-123')).status).toBe(429);
    t.clock.advance(MINUTE_MS);
    expect((await owner('4.4.4.4', 'owner-password-123')).status).toBe(200);
    // Cleared: the next wrong one starts from nothing.
    expect((await owner('4.4.4.4')).status).toBe(401);
    expect((await owner('4.4.4.4')).status).toBe(401);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const direct = await createTestContext({ env: { RATE_LIMIT_SIGN_UP_PER_IP: '1/300' } });
    try {
      const first = await direct.call('POST', '/api/accounts/register', registration(), from('7.7.7.7'));
      const second = await direct.call('POST', '/api/accounts/register', registration(), from('8.8.8.8'));
      expect([first.status, second.status]).toEqual([201, 429]);
    } finally {
      await direct.close();
    }
  });
});
