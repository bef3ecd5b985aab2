import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, verifyPassword } from './password-hash';

describe('password hashes', () => {
  it('at the default cost are better-auth’s own: each side verifies the other’s', async () => {
    const ours = await hashPassword('correct horse battery');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: 'correct horse battery' })).toBe(true);
    const theirs = await betterAuthHash('correct horse battery');
    expect(await verifyPassword({ hash: theirs, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: 'correct horse batterY' })).toBe(false);
  });

  it('at another cost carry it, and verify whatever the server’s cost is now', async () => {
    const low = await hashPassword('correct horse battery', 10);
    expect(low).toMatch(/^scrypt:10:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: low, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash: low, password: 'wrong horse battery' })).toBe(false);
    // The same password at the same salt but another cost is another key.
    const [, , salt, key] = low.split(':');
    expect(
      await verifyPassword({ hash: `scrypt:11:${salt}:${key}`, password: 'correct horse battery' }),
    ).toBe(false);
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(14);
  });

  it('normalises the password as better-auth does (NFKC), so a composed and a decomposed é match', async () => {
    const hash = await hashPassword('caf\u00e9 au lait', 10);
    expect(await verifyPassword({ hash, password: 'cafe\u0301 au lait' })).toBe(true);
  });

  it('refuses a hash it cannot read instead of throwing', async () => {
    for (const hash of ['', 'nothex', 'a:b:c', 'scrypt:99:aa:bb', 'scrypt:x:aa:bb', 'bcrypt:10:aa:bb']) {
      expect(await verifyPassword({ hash, password: 'anything-at-all' })).toBe(false);
    }
  });
});
