import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '~/shared/time';
import { createServices } from '~/app/server/app';
import { parseConfig, type Config } from '~/server/config';
import { createBackup, restoreBackup } from '~/server/db/backup';
import { BackupError } from '~/server/db/backup-error';
import { migrateDatabase, openDatabase, type Database } from '~/server/db/client';
import { openMigratedDataDir } from '~/app/server/testing/test-context';
import { user } from '~/server/db/tables/auth.tables';
import { EventHub } from '~/server/events';
import { createLogger } from '~/server/logger';
import { jobContext } from '~/server/service-context';
import { insertSmsMember } from './sms.seed';
import { readProviderCredentials, readSmsSettings, updateSmsSettings } from './sms.service';

// The SMS auth token is encrypted with a key derived from the server secret: a backup must carry the secret, so
// that a restore on a new machine can still read it. On the embedded database, whose secret is generated into
// DATA_DIR (no AUTH_SECRET).
const TOKEN = 'backup-token-0a1b2c3d';
let root: string;
let archive: string;

const configFor = (dataDir: string, env: Record<string, string> = {}): Config =>
  parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });

/** Runs `work` with the services a server on this embedded database would have (migrating it first), then closes it. */
async function withInstallation<T>(
  config: Config,
  database: Database,
  work: (ctx: ReturnType<typeof jobContext>) => Promise<T>,
) {
  try {
    await migrateDatabase(database);
    const logger = createLogger(config);
    const services = createServices({
      config,
      database,
      hub: new EventHub(database),
      logger,
      clock: systemClock,
    });
    return await work(jobContext(services));
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-sms-backup-'));
  const source = configFor(path.join(root, 'source'));
  await withInstallation(source, await openMigratedDataDir(source.dataDir), async (ctx) => {
    const { id } = await insertSmsMember(ctx.db, { roles: ['Owner'] });
    const [owner] = await ctx.db.select().from(user).where(eq(user.id, id));
    await updateSmsSettings(ctx, owner!, {
      accountSid: `AC${'e5'.repeat(16)}`,
      sender: '+12025550199',
      authToken: TOKEN,
      dailyCap: 100,
    });
  });
  expect(fs.existsSync(path.join(source.dataDir, 'auth-secret'))).toBe(true);
  archive = path.join(root, 'vault.tar.gz');
  const { manifest } = await createBackup(source, archive);
  expect(manifest.authSecret).toBe('included');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('a restore on a new machine still reads the SMS auth token', async () => {
  const target = configFor(path.join(root, 'new-machine'));
  await restoreBackup(target, archive);
  await withInstallation(
    target,
    await openDatabase({ kind: 'pglite', dataDir: target.dataDir }),
    async (ctx) => {
      expect(await readSmsSettings(ctx)).toMatchObject({
        authToken: { set: true, last4: '2c3d' },
        provider: 'twilio',
      });
      expect((await readProviderCredentials(ctx))?.authToken).toBe(TOKEN);
    },
  );
});

it('a restore under another AUTH_SECRET is refused before anything is written, and says what to do', async () => {
  const target = configFor(path.join(root, 'other-secret'), {
    AUTH_SECRET: 'a-different-secret-a-different-secret',
  });
  const restoring = restoreBackup(target, archive);
  await expect(restoring).rejects.toThrow(BackupError);
  await expect(restoring).rejects.toThrow(/different server secret than AUTH_SECRET/);
  expect(fs.existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false);
});
