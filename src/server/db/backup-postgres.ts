import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DATABASE_FILES } from './backup-archive';
import { BackupError } from './backup-error';
import {
  assertMigrationState,
  readMigrationState,
  type BackupManifest,
  type MigrationState,
  type Row,
  type RunQuery,
} from './backup-manifest';

/** PostgreSQL (DATABASE_URL) in a backup: a pg_dump custom-format file, restored with pg_restore. */

export async function dumpPostgres(url: string, staging: string): Promise<MigrationState> {
  const migrations = await withPgClient(url, readMigrationState);
  await runTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    `--file=${path.join(staging, DATABASE_FILES.postgres)}`,
    `--dbname=${withPassfile(url, staging)}`,
  ]);
  return migrations;
}

export async function restorePostgres(
  url: string,
  databaseFile: string,
  staging: string,
  manifest: BackupManifest,
): Promise<void> {
  await withPgClient(url, assertPostgresEmpty);
  // One transaction: a failed restore leaves the target database empty, not half filled.
  await runTool('pg_restore', [
    '--no-owner',
    '--single-transaction',
    `--dbname=${withPassfile(url, staging)}`,
    databaseFile,
  ]);
  await withPgClient(url, (query) => assertMigrationState(manifest, query));
}

async function assertPostgresEmpty(query: RunQuery): Promise<void> {
  const [row] = await query(
    `select (select count(*)::int from pg_catalog.pg_tables where schemaname = 'public') as public_tables,
            (select count(*)::int from pg_catalog.pg_namespace where nspname = 'drizzle') as drizzle_schemas`,
  );
  const publicTables = Number(row?.public_tables ?? 0);
  if (publicTables > 0 || Number(row?.drizzle_schemas ?? 0) > 0) {
    throw new BackupError(
      `The database at DATABASE_URL is not empty (${publicTables} tables in schema public` +
        `${publicTables === 0 ? ', and a drizzle schema' : ''}). Restore only into an empty database: ` +
        'create a new one and point DATABASE_URL at it.',
    );
  }
}

async function withPgClient<T>(url: string, work: (query: RunQuery) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (text) => (await client.query<Row>(text)).rows);
  } finally {
    await client.end();
  }
}

/**
 * A command line is visible to every user of the machine (`ps`), so the password goes to pg_dump and
 * pg_restore in a private passfile (libpq's `passfile` parameter) instead of inside the URL.
 */
function withPassfile(url: string, dir: string): string {
  const parsed = new URL(url);
  if (!parsed.password) return url;
  const passfile = path.join(dir, 'pgpass');
  const password = decodeURIComponent(parsed.password).replace(/([\\:])/g, '\\$1');
  fs.writeFileSync(passfile, `*:*:*:*:${password}\n`, { mode: 0o600 });
  parsed.password = '';
  parsed.searchParams.set('passfile', passfile);
  return parsed.toString();
}

function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found. Install the PostgreSQL client tools (same major version as the server or newer).`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
