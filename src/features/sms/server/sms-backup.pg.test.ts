import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { parseConfig } from '~/server/config';
import { createBackup, restoreBackup } from '~/server/db/backup';
import { BackupError } from '~/server/db/backup-error';
import { openDatabase } from '~/server/db/client';
import { createLogger } from '~/server/logger';
import { withDatabase } from '~/app/server/testing/global-setup';
import { signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { readProviderCredentials, readSmsSettings } from './sms.service';

// On PostgreSQL the secret is AUTH_SECRET: the archive carries it, and a restore under another one is refused
// (sessions and the SMS token would be unreadable), while the same one reads the token back.
const TOKEN = 'pg-backup-token-5e6f';
let t: TestContext;
let root: string;
let archive: string;
const targetName = `${inject('postgresTemplate').replace(/_tpl$/, '')}_smsrestore_${process.pid}`;
const targetUrl = () => withDatabase(inject('postgresAdminUrl'), targetName);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-sms-backup-pg-'));
  t = await createTestContext();
  const owner = await signedInWithRoles(t, ['Owner']);
  const saved = await t.call(
    'PUT',
    '/api/admin/sms/settings',
    { accountSid: `AC${'f6'.repeat(16)}`, sender: '+12025550199', authToken: TOKEN, dailyCap: 10 },
    { Cookie: owner.cookie },
  );
  expect(saved.status).toBe(200);
  archive = path.join(root, 'vault.tar.gz');
  const { manifest } = await createBackup(
    { ...t.config, uploadsDir: path.join(root, 'no-uploads') },
    archive,
  );
  expect(manifest.authSecret).toBe('included');
  await admin(`CREATE DATABASE ${targetName}`);
});
afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

it('refuses a restore under another AUTH_SECRET, then restores under the same one and reads the token', async () => {
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: targetUrl() };
  const wrong = parseConfig({ ...env, DATA_DIR: path.join(root, 'wrong'), AUTH_SECRET: 'x'.repeat(40) });
  await expect(restoreBackup(wrong, archive)).rejects.toThrow(BackupError);

  const right = parseConfig({
    ...env,
    DATA_DIR: path.join(root, 'right'),
    AUTH_SECRET: t.config.authSecret!,
  });
  await restoreBackup(right, archive);
  const database = await openDatabase({ kind: 'postgres', url: targetUrl(), poolMax: 1 });
  try {
    const ctx = { ...t.ctx({ db: database.db }), config: right, logger: createLogger(right) };
    expect((await readSmsSettings(ctx)).authToken).toEqual({ set: true, last4: '5e6f' });
    expect((await readProviderCredentials(ctx))?.authToken).toBe(TOKEN);
  } finally {
    await database.close();
  }
});
