import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, PGLITE_EXTENSIONS } from './client';
import { DATABASE_FILES } from './backup-archive';
import { BackupError, EMPTY_TARGET_HINT } from './backup-error';
import { isEmptyDir } from './backup-fs';
import {
  assertMigrationState,
  readMigrationState,
  type BackupManifest,
  type MigrationState,
  type Row,
} from './backup-manifest';

/** The embedded database in a backup: a dump of its data directory (DATA_DIR/pgdata). */

/** Where openDatabase keeps the embedded database inside DATA_DIR. */
function pgdataOf(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/**
 * Opens the data directory with its lock (refusing while the server runs) and keeps it open while `write`
 * archives the uploads too, so files and rows come from the same moment.
 */
export async function withPgliteDump<T>(
  dataDir: string,
  staging: string,
  write: (migrations: MigrationState) => Promise<T>,
): Promise<T> {
  // Opening a directory without a database would create an empty one; a backup must not do that.
  if (!fs.existsSync(pgdataOf(dataDir))) {
    throw new BackupError(`There is no database in ${dataDir} (no pgdata folder). Check DATA_DIR.`);
  }
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const pglite = database.pglite;
    if (!pglite) throw new Error('The embedded database did not expose its PGlite instance.');
    const migrations = await readMigrationState(async (text) => (await pglite.query<Row>(text)).rows);
    // Uncompressed: the whole archive is gzipped once.
    const dump = await pglite.dumpDataDir('none');
    fs.writeFileSync(path.join(staging, DATABASE_FILES.pglite), Buffer.from(await dump.arrayBuffer()));
    return await write(migrations);
  } finally {
    await database.close();
  }
}

export function assertPgliteTargetEmpty(dataDir: string): void {
  if (!isEmptyDir(pgdataOf(dataDir))) {
    throw new BackupError(`${dataDir} already holds a database (pgdata). ${EMPTY_TARGET_HINT}`);
  }
}

export async function restorePglite(
  dataDir: string,
  databaseFile: string,
  manifest: BackupManifest,
): Promise<void> {
  const pgdata = pgdataOf(dataDir);
  try {
    const client = await PGlite.create(pgdata, {
      loadDataDir: new Blob([fs.readFileSync(databaseFile)]),
      extensions: PGLITE_EXTENSIONS,
    });
    try {
      await assertMigrationState(manifest, async (text) => (await client.query<Row>(text)).rows);
    } finally {
      await client.close();
    }
  } catch (error) {
    // The folder was empty before, so removing it leaves the target as it was and a retry possible.
    fs.rmSync(pgdata, { recursive: true, force: true });
    throw error;
  }
}
