import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createServices } from '~/app/server/app';
import { parseConfig, type Config } from '../config';
import { EventHub } from '../events';
import { createLogger } from '../logger';
import { signedInMember, cookieHeader } from '~/app/server/testing/members';
import { callerOf, openMigratedDataDir, TEST_ORIGIN } from '~/app/server/testing/test-context';
import { TestClock } from '~/app/server/testing/test-clock';
import { appCode } from '~/app/server/testing/app-code';
import { enrolTwoFactor, withChallenge } from '~/app/server/testing/two-factor';
import { createBackup, restoreBackup } from './backup';
import { migrateDatabase, openDatabase, type Database } from './client';

/**
 * Two-factor secrets are encrypted with the server secret (AUTH_SECRET, or the one generated into DATA_DIR):
 * a restore on a new machine must bring it along, or no code would ever match again.
 */
let root: string;

const configFor = (dataDir: string): Config =>
  parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: TEST_ORIGIN, DATA_DIR: dataDir });

/** The real app on this embedded database, as `npm start` runs it (migrating it first). */
async function appOn(config: Config, database: Database) {
  await migrateDatabase(database);
  const hub = new EventHub(database);
  await hub.start();
  const services = createServices({
    config,
    database,
    hub,
    logger: createLogger(config),
    clock: new TestClock(),
  });
  const app = createApp(services);
  return {
    call: callerOf(app),
    async close() {
      await services.mailer.settled();
      services.mailer.close();
      await hub.stop();
      await database.close();
    },
  };
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-backup-2fa-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a backup restored on a new machine', () => {
  it('keeps two-factor working: the member signs in with a code from the same app', async () => {
    const source = configFor(path.join(root, 'source'));
    const before = await appOn(source, await openMigratedDataDir(source.dataDir));
    let email: string, password: string, manualKey: string;
    try {
      const member = await signedInMember(before);
      ({ email, password } = member.input);
      ({ manualKey } = await enrolTwoFactor(before, member.cookie, password));
    } finally {
      await before.close();
    }
    const archive = path.join(root, 'vault.tar.gz');
    await createBackup(source, archive);

    // A new machine: another data directory, no AUTH_SECRET, no generated secret yet.
    const target = configFor(path.join(root, 'restored'));
    await restoreBackup(target, archive);
    const after = await appOn(target, await openDatabase({ kind: 'pglite', dataDir: target.dataDir }));
    try {
      const passwordStep = await after.call('POST', '/api/accounts/login', { email, password });
      expect(await passwordStep.json()).toEqual({ user: null, twoFactorRequired: true });
      const codeStep = await after.call(
        'POST',
        '/api/accounts/login/two-factor',
        { code: await appCode(manualKey) },
        { Cookie: withChallenge(passwordStep) },
      );
      expect(codeStep.status).toBe(200);
      expect(await codeStep.json()).toMatchObject({ user: { email, twoFactorEnabled: true } });
      expect(cookieHeader(codeStep)).toMatch(/better-auth\.session_token=/);
    } finally {
      await after.close();
    }
    // Two embedded databases on disk, migrated from nothing, and a backup between them: slow on a busy machine.
  }, 120_000);
});
