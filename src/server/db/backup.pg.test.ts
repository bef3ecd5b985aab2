import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appMeta } from '~/server/db/tables/meta.tables';
import { BACKUP_ROWS, BACKUP_UPLOADS, writeUploads } from '~/app/server/testing/backup-fixtures';
import { parseConfig, type Config } from '../config';
import { withDatabase } from '~/app/server/testing/global-setup';
import { openTestDatabase } from '~/app/server/testing/test-context';
import { createBackup, restoreBackup } from './backup';
import { openDatabase } from './client';

const AUTH_SECRET = 'backup-test-secret-backup-test-secret';

let root: string;
let source: Config;
let dropSource: () => Promise<void>;
let sourceRows: (typeof appMeta.$inferSelect)[];
let archive: string;
/** Named with the run's prefix, so the global teardown drops it too if this file crashes. */
const targetName = `${inject('postgresTemplate').replace(/_tpl$/, '')}_restore_${process.pid}`;

function configFor(dataDir: string, databaseUrl: string): Config {
  return parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_SECRET });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function readRows(url: string) {
  const database = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
  try {
    return await database.db.select().from(appMeta).orderBy(asc(appMeta.key));
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-backup-pg-test-'));
  const { database, url, drop } = await openTestDatabase();
  dropSource = drop;
  try {
    await database.db.insert(appMeta).values(BACKUP_ROWS);
    sourceRows = await database.db.select().from(appMeta).orderBy(asc(appMeta.key));
  } finally {
    await database.close();
  }
  source = configFor(path.join(root, 'source'), url!);
  writeUploads(source.uploadsDir);
  archive = path.join(root, 'vault.tar.gz');
  await createBackup(source, archive);
  await admin(`CREATE DATABASE ${targetName}`);
});

afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
  await dropSource?.();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL', () => {
  it('restores the same rows and identical upload bytes into an empty database', async () => {
    const target = configFor(
      path.join(root, 'restored'),
      withDatabase(inject('postgresAdminUrl'), targetName),
    );
    const result = await restoreBackup(target, archive);

    expect(result.manifest.backend).toBe('postgres');
    expect(result.manifest.migrations.applied).toBeGreaterThan(0);
    expect(result.uploadFiles).toBe(2);
    const restoredRows = await readRows(target.databaseUrl!);
    expect(restoredRows.map(({ key, value }) => ({ key, value }))).toEqual(
      expect.arrayContaining(BACKUP_ROWS),
    );
    expect(restoredRows).toEqual(sourceRows);
    for (const [name, bytes] of Object.entries(BACKUP_UPLOADS)) {
      expect(fs.readFileSync(path.join(target.uploadsDir, name))).toEqual(bytes);
    }
  });

  it('refuses to restore into a database that already has tables', async () => {
    const target = configFor(path.join(root, 'over-source'), source.databaseUrl!);

    await expect(restoreBackup(target, archive)).rejects.toThrow(
      /^The database at DATABASE_URL is not empty \(\d+ tables in schema public\)\. Restore only into an empty database/,
    );
    expect(await readRows(source.databaseUrl!)).toEqual(sourceRows);
    expect(fs.existsSync(target.uploadsDir)).toBe(false);
  });

  it('refuses to restore a PostgreSQL backup into the embedded database', async () => {
    const embedded = parseConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'embedded') });

    await expect(restoreBackup(embedded, archive)).rejects.toThrow(
      'This backup holds PostgreSQL (DATABASE_URL), but The Vault is configured for the embedded database ' +
        '(PGlite, in DATA_DIR). Set DATABASE_URL to restore it.',
    );
    expect(fs.existsSync(path.join(embedded.dataDir, 'pgdata'))).toBe(false);
  });
});
