import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta } from '~/server/db/tables/meta.tables';
import { BACKUP_ROWS, BACKUP_UPLOADS, writeUploads } from '~/app/server/testing/backup-fixtures';
import { parseConfig, type Config } from '../config';
import { createBackup, restoreBackup } from './backup';
import { openMigratedDataDir } from '~/app/server/testing/test-context';
import { openDatabase } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

let root: string;
let source: Config;
let archive: string;
let sourceRows: (typeof appMeta.$inferSelect)[];

function configFor(dataDir: string): Config {
  return parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
}

async function readRows(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await database.db.select().from(appMeta).orderBy(asc(appMeta.key));
  } finally {
    await database.close();
  }
}

/** The archive's entries as `path type`, e.g. `uploads/avatar.png File`. */
async function listArchive(file: string): Promise<string[]> {
  const entries: string[] = [];
  await tar.t({ file, onReadEntry: (entry) => entries.push(`${entry.path} ${entry.type}`) });
  return entries.sort();
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-backup-test-'));
  source = configFor(path.join(root, 'source'));
  const database = await openMigratedDataDir(source.dataDir);
  try {
    await database.db.insert(appMeta).values(BACKUP_ROWS);
    sourceRows = await database.db.select().from(appMeta).orderBy(asc(appMeta.key));
  } finally {
    await database.close();
  }
  writeUploads(source.uploadsDir);
  archive = path.join(root, 'backups', 'vault.tar.gz');
  await createBackup(source, archive);
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('backup and restore on the embedded database', () => {
  it('writes one archive with a manifest, the database dump and the uploads', async () => {
    expect(await listArchive(archive)).toEqual([
      'database/ Directory',
      'database/pglite-datadir.tar File',
      'manifest.json File',
      'uploads/ Directory',
      'uploads/avatar.png File',
      'uploads/documents/ Directory',
      'uploads/documents/2024/ Directory',
      'uploads/documents/2024/contract.txt File',
    ]);
  });

  it('restores the same rows and identical upload bytes into a fresh data directory', async () => {
    const target = configFor(path.join(root, 'restored'));
    const result = await restoreBackup(target, archive);

    expect(result.manifest.backend).toBe('pglite');
    expect(result.manifest.migrations.applied).toBeGreaterThan(0);
    expect(result.uploadFiles).toBe(2);
    const restoredRows = await readRows(target.dataDir);
    expect(restoredRows.map(({ key, value }) => ({ key, value }))).toEqual(
      expect.arrayContaining(BACKUP_ROWS),
    );
    expect(restoredRows).toEqual(sourceRows);
    for (const [name, bytes] of Object.entries(BACKUP_UPLOADS)) {
      expect(fs.readFileSync(path.join(target.uploadsDir, name))).toEqual(bytes);
    }
  });

  it('backs up a data directory that has no uploads folder yet, and restores it without uploads', async () => {
    const bare = configFor(path.join(root, 'bare'));
    // A copy of the closed source database: quicker than creating and migrating another one.
    fs.cpSync(path.join(source.dataDir, 'pgdata'), path.join(bare.dataDir, 'pgdata'), { recursive: true });
    const bareArchive = path.join(root, 'bare.tar.gz');

    const backup = await createBackup(bare, bareArchive);
    expect(backup.uploadFiles).toBe(0);
    expect((await listArchive(bareArchive)).some((entry) => entry.startsWith('uploads'))).toBe(false);

    const target = configFor(path.join(root, 'bare-restored'));
    expect((await restoreBackup(target, bareArchive)).uploadFiles).toBe(0);
    expect(await readRows(target.dataDir)).toEqual(sourceRows);
    expect(fs.existsSync(target.uploadsDir) ? fs.readdirSync(target.uploadsDir) : []).toEqual([]);
  });

  it('refuses to back up while another process holds the data directory', async () => {
    const holder = await openDatabase({ kind: 'pglite', dataDir: source.dataDir });
    const refused = path.join(root, 'refused.tar.gz');
    try {
      await expect(createBackup(source, refused)).rejects.toThrow(
        new DataDirLockedError(source.dataDir).message,
      );
    } finally {
      await holder.close();
    }
    expect(fs.existsSync(refused)).toBe(false);
  });

  it('refuses to restore over a data directory that already holds a database', async () => {
    await expect(restoreBackup(source, archive)).rejects.toThrow(
      `${source.dataDir} already holds a database (pgdata). Restore only into an empty data directory`,
    );
    expect(await readRows(source.dataDir)).toEqual(sourceRows);
  });

  it('refuses to restore over uploads that are already there', async () => {
    const target = configFor(path.join(root, 'has-uploads'));
    writeUploads(target.uploadsDir, { 'mine.txt': Buffer.from('keep me') });

    await expect(restoreBackup(target, archive)).rejects.toThrow(`${target.uploadsDir} already holds files.`);
    expect(fs.existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false);
    expect(fs.readdirSync(target.uploadsDir)).toEqual(['mine.txt']);
  });

  it('refuses to restore into a data directory another process holds', async () => {
    const target = configFor(path.join(root, 'locked'));
    const release = await lockDataDir(target.dataDir);
    try {
      await expect(restoreBackup(target, archive)).rejects.toThrow(
        new DataDirLockedError(target.dataDir).message,
      );
    } finally {
      await release();
    }
    expect(fs.existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false);
  });

  it('refuses to restore an embedded-database backup when PostgreSQL is configured', async () => {
    const postgres = parseConfig({
      DATA_DIR: path.join(root, 'pg-target'),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      AUTH_SECRET: 'backup-test-secret-backup-test-secret',
    });

    await expect(restoreBackup(postgres, archive)).rejects.toThrow(
      'This backup holds the embedded database (PGlite, in DATA_DIR), but The Vault is configured for ' +
        'PostgreSQL (DATABASE_URL). Unset DATABASE_URL to restore it.',
    );
  });

  it('refuses a backup made by a newer version of The Vault', async () => {
    const staged = path.join(root, 'from-the-future');
    fs.mkdirSync(path.join(staged, 'database'), { recursive: true });
    fs.writeFileSync(path.join(staged, 'database', 'pglite-datadir.tar'), '');
    const manifest = {
      format: 'the-vault-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      backend: 'pglite',
      migrations: { applied: 999, lastHash: 'future' },
    };
    fs.writeFileSync(path.join(staged, 'manifest.json'), JSON.stringify(manifest));
    const future = path.join(root, 'future.tar.gz');
    await tar.c({ gzip: true, file: future, cwd: staged }, ['manifest.json', 'database']);
    const target = configFor(path.join(root, 'future-target'));

    await expect(restoreBackup(target, future)).rejects.toThrow(
      /^This backup comes from a newer version of The Vault \(999 migrations; this version has \d+\)\. Update The Vault first, then restore\.$/,
    );
    expect(fs.existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false);
  });

  it('refuses a file that is not a backup', async () => {
    const notABackup = path.join(root, 'not-a-backup.tar.gz');
    await tar.c({ gzip: true, file: notABackup, cwd: source.uploadsDir }, ['avatar.png']);

    await expect(restoreBackup(configFor(path.join(root, 'x')), notABackup)).rejects.toThrow(
      `${notABackup} is not a backup of The Vault (no manifest.json).`,
    );
  });
});
