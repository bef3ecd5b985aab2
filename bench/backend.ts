import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database, type Db } from '~/server/db/client';

/** The database a bench run measures against, created for the run and removed after it. */
export interface BenchBackend {
  database: Database;
  /** For the report: engine, version and where it runs (never the URL, which may hold a password). */
  label: string;
  /** A temporary folder the app uses as DATA_DIR (and PGlite as its data directory). */
  dataDir: string;
  /** The PostgreSQL URL of the run's own database; undefined on PGlite. */
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

/** PGlite in a temporary folder, or a fresh database on the PostgreSQL server `adminUrl` names. */
export async function openBenchBackend(adminUrl: string | undefined): Promise<BenchBackend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-bench-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const backend = adminUrl
      ? await openPostgresBackend(adminUrl, dataDir, removeDataDir)
      : await openPgliteBackend(dataDir, removeDataDir);
    await migrateDatabase(backend.database);
    return backend;
  } catch (error) {
    removeDataDir();
    throw error;
  }
}

async function openPgliteBackend(dataDir: string, removeDataDir: () => void): Promise<BenchBackend> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  return {
    database,
    label: `PGlite ${await serverVersion(database.db)} (embedded, temporary folder)`,
    dataDir,
    databaseUrl: undefined,
    async dispose() {
      await database.close();
      removeDataDir();
    },
  };
}

async function openPostgresBackend(
  adminUrl: string,
  dataDir: string,
  removeDataDir: () => void,
): Promise<BenchBackend> {
  // A database of its own, so the run never touches data on that server and cleans up with one DROP.
  const name = `vault_bench_${process.pid}_${Date.now().toString(36)}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const databaseUrl = withDatabaseName(adminUrl, name);
  const dropDatabase = () =>
    withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  return {
    database,
    label: `PostgreSQL ${await serverVersion(database.db)} at ${new URL(adminUrl).host} (database ${name}, pool of 10)`,
    dataDir,
    databaseUrl,
    async dispose() {
      await database.close();
      await dropDatabase();
      removeDataDir();
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function serverVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ server_version: string }>(await db.execute(sql`show server_version`));
  return row?.server_version.split(' ')[0] ?? 'unknown version';
}

/** Both drivers answer a raw statement with `{ rows }`; Drizzle types it loosely because the shapes differ otherwise. */
function rowsOf<Row>(result: unknown): Row[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as Row[];
  }
  throw new Error('unexpected result shape from the database driver');
}
