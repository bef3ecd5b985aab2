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
  ])('refuses %o naming %s', (env, key) => {
    expect(problemsOf(env)).toContain(`${key}:`);
  });

  it('never echoes a secret it refuses', () => {
    expect(problemsOf({ AUTH_SECRET: 'tiny-secret' })).not.toContain('tiny-secret');
    expect(problemsOf({ OWNER_PASSWORD: 'short' })).not.toContain('"short"');
  });
});
