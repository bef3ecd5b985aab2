import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
};

describe('configuration', () => {
  it('runs with nothing configured: embedded database in ./data, port 3000', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.rateLimits.signInPerAccount).toEqual({ max: 5, windowMs: 60_000 });
    expect(config.rateLimits.signUpPerIp).toEqual({ max: 25, windowMs: 300_000 });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ RATE_LIMIT_SIGN_IN_PER_ACCOUNT: 'five' }, 'RATE_LIMIT_SIGN_IN_PER_ACCOUNT'],
    [{ DATABASE_URL: 'postgres://127.0.0.1/vault' }, 'AUTH_SECRET'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ VAPID_PUBLIC_KEY: 'B'.repeat(87) }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_SUBJECT: 'http://vault.example' }, 'VAPID_SUBJECT'],
    // The test-only way to push to 127.0.0.1 can never be switched on outside tests.
    [{ PUSH_ALLOW_PRIVATE_ADDRESSES: 'true' }, 'PUSH_ALLOW_PRIVATE_ADDRESSES'],
    [{ PUSH_ALLOW_PRIVATE_ADDRESSES: 'true', NODE_ENV: 'production' }, 'PUSH_ALLOW_PRIVATE_ADDRESSES'],
  ])('refuses %o naming %s', (env, key) => {
    expect(problemsOf(env)).toContain(`${key}:`);
  });

  it('never echoes a secret it refuses', () => {
    expect(problemsOf({ AUTH_SECRET: 'tiny-secret' })).not.toContain('tiny-secret');
    expect(problemsOf({ OWNER_PASSWORD: 'short' })).not.toContain('"short"');
    expect(problemsOf({ VAPID_PRIVATE_KEY: 'not-a-key' })).not.toContain('not-a-key');
  });

  it('pushes through the browsers’ push services, to public addresses only, unless told otherwise', () => {
    const push = parseConfig({}).push;
    expect(push).toMatchObject({ vapidKeys: undefined, allowPrivateAddresses: false });
    expect(push.serviceHosts).toContain('fcm.googleapis.com');
    expect(push.serviceHosts).toContain('*.notify.windows.com');
    expect(parseConfig({ BASE_URL: 'https://vault.example' }).push.vapidSubject).toBe(
      'https://vault.example',
    );
    expect(parseConfig({ PUSH_SERVICE_HOSTS: ' Push.Test , localhost' }).push.serviceHosts).toEqual([
      'push.test',
      'localhost',
    ]);
    expect(
      parseConfig({ NODE_ENV: 'test', PUSH_ALLOW_PRIVATE_ADDRESSES: 'true' }).push.allowPrivateAddresses,
    ).toBe(true);
  });
});
