import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '~/app/server/testing/members';
import { appMeta } from '~/server/db/tables/meta.tables';
import { pickupLocation, shopSettings, sticker } from '~/server/db/tables/shop.tables';
import { resolveAuthSecret } from '~/server/secrets';
import { createTestContext, type TestContext } from '../testing/test-context';
import { resetPassword } from './reset-password';
import { OWNER_PASSWORD_HASH_KEY } from '~/features/accounts/server/owner-sign-in.service';
import { ensureOwnerPassword, formatCredentials, seedOnce } from './seed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const storedOwnerHash = async () =>
  (await t.database.db.select().from(appMeta).where(eq(appMeta.key, OWNER_PASSWORD_HASH_KEY)))[0]?.value;

describe('first start', () => {
  it('opens the shop once: three stickers priced in every size, five pickup locations, the shop settings', async () => {
    const fresh = await createTestContext();
    try {
      await seedOnce(fresh.database.db, { demoPassword: 'demo-password-1' });
      await seedOnce(fresh.database.db, { demoPassword: 'demo-password-1' });
      const stickers = await fresh.database.db.select().from(sticker);
      expect(stickers.map((s) => s.name).sort()).toEqual([
        'Citrus Comet',
        'Midnight Orchard',
        'Velvet Nebula',
      ]);
      for (const s of stickers) {
        expect(s.imageUrl).toMatch(/^\/stickers\/[a-z-]+\.svg$/);
        expect(s.price35gCents * s.priceOzCents * s.priceLbCents).toBeGreaterThan(0);
      }
      const locations = await fresh.database.db.select().from(pickupLocation);
      expect(locations.map((l) => l.name).sort()).toEqual([
        'columbia heights',
        'eastover shopping center',
        'north capital',
        'suitland md',
        'van ness',
      ]);
      const [settings] = await fresh.database.db.select().from(shopSettings);
      expect(settings).toMatchObject({ deliveryFeeCents: 2000, contactPhone: expect.stringMatching(/555/) });
    } finally {
      await fresh.close();
    }
  });

  it('generates the demo passwords, returns them once, and stores only hashes', async () => {
    const credentials = await seedOnce(t.database.db, { demoPassword: undefined });
    expect(credentials.map((c) => c.email)).toEqual([
      'owner@vault.example',
      'moderator@vault.example',
      'jordan@vault.example',
      'tasha@vault.example',
    ]);
    expect(await seedOnce(t.database.db, { demoPassword: undefined })).toEqual([]);
    const jordan = credentials[2]!;
    const signIn = await t.call('POST', '/api/accounts/login', {
      email: jordan.email,
      password: jordan.password,
    });
    expect(signIn.status).toBe(200);
    const printed = formatCredentials({ ownerPassword: 'owner-dialog-secret', members: credentials });
    expect(printed).toContain('npm run reset-password');
    // Each secret is printed under where it is typed: the owner's dialog, or the e-mail form.
    const lines = printed.split('\n');
    const dialog = lines.findIndex((line) => line.includes('"Sign in as Owner"'));
    const form = lines.findIndex((line) => line.includes('the e-mail and password form'));
    expect(dialog).toBeGreaterThan(-1);
    expect(form).toBeGreaterThan(dialog);
    expect(lines[dialog + 1]!.trim()).toBe('owner-dialog-secret');
    for (const member of credentials) {
      const line = lines.findIndex((text) => text.includes(member.email!));
      expect(line).toBeGreaterThan(form);
      expect(lines[line]).toContain(member.password);
    }
    expect(printed.split('owner-dialog-secret')).toHaveLength(2);

    // Without new demo passwords (DEMO_PASSWORD set), only the owner's dialog is named.
    const ownerOnly = formatCredentials({ ownerPassword: 'owner-dialog-secret', members: [] });
    expect(ownerOnly).toContain('"Sign in as Owner"');
    expect(ownerOnly).not.toContain('e-mail and password form');
  });

  it('generates the owner password once and keeps only its hash', async () => {
    const password = await ensureOwnerPassword(t.database.db, { ownerPassword: undefined });
    expect(password).toMatch(/^[\w-]{16}$/);
    const hash = (await storedOwnerHash())!;
    expect(hash).not.toContain(password!);
    expect(await verifyPassword({ hash, password: password! })).toBe(true);
    expect(await ensureOwnerPassword(t.database.db, { ownerPassword: undefined })).toBeUndefined();
    expect(await storedOwnerHash()).toBe(hash);
  });

  it('replaces the owner password when OWNER_PASSWORD is configured', async () => {
    await ensureOwnerPassword(t.database.db, { ownerPassword: 'configured-owner-pw' });
    expect(await verifyPassword({ hash: (await storedOwnerHash())!, password: 'configured-owner-pw' })).toBe(
      true,
    );
  });
});

describe('npm run reset-password', () => {
  it('sets a new password for a member and ends their sessions', async () => {
    const before = await t.call('POST', '/api/accounts/login', {
      email: 'tasha@vault.example',
      password: 'x',
    });
    expect(before.status).toBe(401);
    const password = await resetPassword(t.database.db, 'Tasha@Vault.Example');
    const signIn = await t.call('POST', '/api/accounts/login', { email: 'tasha@vault.example', password });
    expect(signIn.status).toBe(200);
    const cookie = cookieHeader(signIn);
    await resetPassword(t.database.db, 'tasha@vault.example');
    const session = await t.call('GET', '/api/accounts/session', undefined, { Cookie: cookie });
    expect(await session.json()).toEqual({ user: null });
  });

  it('sets a new owner sign-in password', async () => {
    const password = await resetPassword(t.database.db, 'owner');
    const response = await t.call('POST', '/api/accounts/owner-login', { ownerPassword: password });
    expect(response.status).toBe(200);
  });

  it('says so when no member has the email', async () => {
    await expect(resetPassword(t.database.db, 'ghost@vault.example')).rejects.toThrow(
      'No member has the email ghost@vault.example.',
    );
  });
});

describe('the session secret', () => {
  it('is generated once into the data directory, readable by its owner only', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-secret-'));
    try {
      const first = resolveAuthSecret({ authSecret: undefined, dataDir });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveAuthSecret({ authSecret: undefined, dataDir })).toBe(first);
      expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
      expect(resolveAuthSecret({ authSecret: 'x'.repeat(40), dataDir })).toBe('x'.repeat(40));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
