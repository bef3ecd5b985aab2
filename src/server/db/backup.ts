import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { z } from 'zod';
import type { Config } from '../config';
import { migrationsFolder, openDatabase, PGLITE_EXTENSIONS } from './client';
import { S3Storage } from '../s3-storage';
import { lockDataDir } from './data-dir-lock';

/**
 * `npm run backup` / `npm run restore`: one .tar.gz holding manifest.json, the database (a PGlite data-directory
 * dump or a pg_dump custom-format file) and the uploads folder. See docs/decisions/005-backup-format.md.
 */

type Backend = 'pglite' | 'postgres';
type BackupConfig = Pick<Config, 'dataDir' | 'uploadsDir' | 'databaseUrl'> &
  Partial<Pick<Config, 'authSecret' | 's3'>>;

const MANIFEST_FILE = 'manifest.json';
const UPLOADS_PREFIX = 'uploads/';
/**
 * The server secret (AUTH_SECRET, or the one generated into DATA_DIR/auth-secret): sessions are signed with it and
 * stored secrets (the SMS auth token) are encrypted with a key derived from it, so a database restored without it
 * cannot read them. Archived beside the database; restored into DATA_DIR, or checked against AUTH_SECRET.
 */
const SECRET_FILE = 'secrets/auth-secret';
/** Where the server keeps a generated secret (src/server/secrets.ts). */
const generatedSecretOf = (dataDir: string) => path.join(dataDir, 'auth-secret');
const DATABASE_FILES: Record<Backend, string> = {
  pglite: 'database/pglite-datadir.tar',
  postgres: 'database/postgres.dump',
};
const BACKEND_NAMES: Record<Backend, string> = {
  pglite: 'the embedded database (PGlite, in DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

const manifestSchema = z.object({
  format: z.literal('the-vault-backup'),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  backend: z.enum(['pglite', 'postgres']),
  /** What the backed-up database had applied, so a restore can refuse a backup from a newer version. */
  migrations: z.object({ applied: z.number().int().min(0), lastHash: z.string().nullable() }),
  /** Whether secrets/auth-secret is in the archive (absent in archives from before it was, or with no secret yet). */
  authSecret: z.enum(['included', 'absent']).optional(),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
type MigrationState = BackupManifest['migrations'];

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  uploadFiles: number;
}

export interface RestoreResult {
  manifest: BackupManifest;
  uploadFiles: number;
}

/** A refusal or failure whose message is meant for the person running the command. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** `backups/vault-<ISO time>.tar.gz`; colons become dashes, since GNU tar reads `a:b` as a remote host. */
export function defaultBackupFile(now: Date, cwd: string): string {
  return path.join(cwd, 'backups', `vault-${now.toISOString().replaceAll(':', '-')}.tar.gz`);
}

export async function createBackup(config: BackupConfig, outFile: string): Promise<BackupResult> {
  const file = path.resolve(outFile);
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; choose another file with --out.`);
  if (isInside(config.uploadsDir, file)) {
    throw new BackupError('The backup cannot be written into the uploads folder.');
  }
  return withUploadsFolder(config, (uploadsDir) =>
    withTempDir('vault-backup-', async (staging) => {
      fs.mkdirSync(path.join(staging, 'database'));
      const secret = stageSecret(config, staging);
      if (config.databaseUrl) {
        const migrations = await dumpPostgres(config.databaseUrl, staging);
        return writeArchive(staging, file, newManifest('postgres', migrations, secret), uploadsDir);
      }
      return withPgliteDump(config.dataDir, staging, (migrations) =>
        writeArchive(staging, file, newManifest('pglite', migrations, secret), uploadsDir),
      );
    }),
  );
}

export async function restoreBackup(config: BackupConfig, archiveFile: string): Promise<RestoreResult> {
  const archive = path.resolve(archiveFile);
  if (!fs.existsSync(archive)) throw new BackupError(`No such backup file: ${archive}`);
  return withTempDir('vault-restore-', async (staging) => {
    const manifest = await readManifestAndDatabase(archive, staging);
    const configured: Backend = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.backend !== configured) {
      throw new BackupError(
        `This backup holds ${BACKEND_NAMES[manifest.backend]}, but The Vault is configured for ` +
          `${BACKEND_NAMES[configured]}. ${manifest.backend === 'pglite' ? 'Unset' : 'Set'} DATABASE_URL to restore it.`,
      );
    }
    const databaseFile = path.join(staging, DATABASE_FILES[manifest.backend]);
    const secret = archivedSecret(staging);
    assertSecretFits(config, secret);
    if (config.databaseUrl) {
      await assertUploadsEmpty(config);
      await restorePostgres(config.databaseUrl, databaseFile, staging, manifest);
      restoreSecret(config, secret);
      return { manifest, uploadFiles: await restoreUploads(config, archive) };
    }
    // The lock keeps a server from starting on the directory while it is half restored.
    const release = await lockDataDir(config.dataDir);
    try {
      await assertPgliteTargetEmpty(config);
      await restorePglite(config.dataDir, databaseFile, manifest);
      restoreSecret(config, secret);
      return { manifest, uploadFiles: await restoreUploads(config, archive) };
    } finally {
      await release();
    }
  });
}

function newManifest(backend: Backend, migrations: MigrationState, secret: boolean): BackupManifest {
  return {
    format: 'the-vault-backup',
    formatVersion: 1,
    createdAt: new Date().toISOString(),
    backend,
    migrations,
    authSecret: secret ? 'included' : 'absent',
  };
}

// ---- The server secret --------------------------------------------------------------------------------------

/**
 * Copies the server secret into the staging folder (private to this user). Without AUTH_SECRET and without a
 * generated DATA_DIR/auth-secret there is none yet, so nothing can have been encrypted with one: the archive
 * says so (`authSecret: "absent"`).
 */
function stageSecret(config: BackupConfig, staging: string): boolean {
  const generated = generatedSecretOf(config.dataDir);
  const secret =
    config.authSecret ?? (fs.existsSync(generated) ? fs.readFileSync(generated, 'utf8').trim() : undefined);
  if (!secret) return false;
  fs.mkdirSync(path.join(staging, path.dirname(SECRET_FILE)), { mode: 0o700 });
  fs.writeFileSync(path.join(staging, SECRET_FILE), `${secret}\n`, { mode: 0o600 });
  return true;
}

function archivedSecret(staging: string): string | undefined {
  const file = path.join(staging, SECRET_FILE);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() || undefined : undefined;
}

/**
 * A restore under another secret would leave sessions invalid and the stored SMS token unreadable: refused
 * before anything is written, with what to do.
 */
function assertSecretFits(config: BackupConfig, secret: string | undefined): void {
  if (!secret) return;
  if (config.authSecret) {
    if (config.authSecret !== secret) {
      throw new BackupError(
        'This backup was made with a different server secret than AUTH_SECRET. Set AUTH_SECRET to the secret ' +
          `stored in the archive (${SECRET_FILE}: tar -xzOf <archive> ${SECRET_FILE}) and restore again; ` +
          'otherwise sessions and the saved SMS auth token could not be read.',
      );
    }
    return;
  }
  const generated = generatedSecretOf(config.dataDir);
  if (fs.existsSync(generated) && fs.readFileSync(generated, 'utf8').trim() !== secret) {
    throw new BackupError(`${generated} holds another server secret than the backup's. ${EMPTY_TARGET_HINT}`);
  }
}

/** Without AUTH_SECRET the server reads DATA_DIR/auth-secret: the archived secret goes there. */
function restoreSecret(config: BackupConfig, secret: string | undefined): void {
  if (!secret || config.authSecret) return;
  const generated = generatedSecretOf(config.dataDir);
  if (fs.existsSync(generated)) return;
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(generated, `${secret}\n`, { mode: 0o600, flag: 'wx' });
}

// ---- Backup -------------------------------------------------------------------------------------------------

/**
 * Opens the data directory with its lock (refusing while the server runs) and keeps it open while `write`
 * archives the uploads too, so files and rows come from the same moment.
 */
async function withPgliteDump<T>(
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

async function dumpPostgres(url: string, staging: string): Promise<MigrationState> {
  const migrations = await withPgClient(url, readMigrationState);
  await runTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    `--file=${path.join(staging, DATABASE_FILES.postgres)}`,
    `--dbname=${withPassfile(url, staging)}`,
  ]);
  return migrations;
}

async function writeArchive(
  staging: string,
  file: string,
  manifest: BackupManifest,
  uploadsDir: string,
): Promise<BackupResult> {
  fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const hasUploads = fs.existsSync(uploadsDir);
  let uploadFiles = 0;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written under another name first, so a failed backup never leaves a good-looking archive behind.
  const partial = `${file}.partial`;
  try {
    await tar.c(
      {
        gzip: true,
        file: partial,
        cwd: staging,
        portable: true,
        // The uploads live outside the staging folder; store them under uploads/ whatever DATA_DIR is.
        onWriteEntry(entry) {
          if (!hasUploads || !isInside(uploadsDir, entry.absolute)) return;
          const relative = path.relative(uploadsDir, entry.absolute).split(path.sep).join('/');
          const isDirectory = entry.type === 'Directory';
          entry.path = `${UPLOADS_PREFIX}${relative}${isDirectory && relative !== '' ? '/' : ''}`;
          if (entry.type === 'File') uploadFiles += 1;
        },
      },
      [
        MANIFEST_FILE,
        'database',
        ...(manifest.authSecret === 'included' ? [SECRET_FILE] : []),
        ...(hasUploads ? [uploadsDir] : []),
      ],
    );
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { file, manifest, uploadFiles };
}

// ---- Restore ------------------------------------------------------------------------------------------------

async function readManifestAndDatabase(archive: string, staging: string): Promise<BackupManifest> {
  const wanted = new Set([MANIFEST_FILE, SECRET_FILE, ...Object.values(DATABASE_FILES)]);
  try {
    await tar.x({ file: archive, cwd: staging, strict: true, filter: (entryPath) => wanted.has(entryPath) });
  } catch (error) {
    throw new BackupError(`${archive} is not a readable backup archive: ${(error as Error).message}`);
  }
  const manifest = readManifest(archive, path.join(staging, MANIFEST_FILE));
  assertKnownMigrations(manifest);
  if (!fs.existsSync(path.join(staging, DATABASE_FILES[manifest.backend]))) {
    throw new BackupError(`${archive} is incomplete: it has no ${DATABASE_FILES[manifest.backend]}.`);
  }
  return manifest;
}

function readManifest(archive: string, manifestPath: string): BackupManifest {
  if (!fs.existsSync(manifestPath)) {
    throw new BackupError(`${archive} is not a backup of The Vault (no manifest.json).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  } catch {
    throw new BackupError(`${archive} has a damaged manifest.json.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const problem = parsed.error.issues[0];
    throw new BackupError(
      `${archive} has a manifest this version cannot read (${problem?.path.join('.')}: ${problem?.message}).`,
    );
  }
  return parsed.data;
}

/** Restoring a newer schema under older code would run that code against tables it does not know. */
function assertKnownMigrations(manifest: BackupManifest): void {
  const journalFile = path.join(migrationsFolder, 'meta', '_journal.json');
  const known = (JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] }).entries.length;
  if (manifest.migrations.applied > known) {
    throw new BackupError(
      `This backup comes from a newer version of The Vault (${manifest.migrations.applied} migrations; ` +
        `this version has ${known}). Update The Vault first, then restore.`,
    );
  }
}

const EMPTY_TARGET_HINT =
  'Restore only into an empty data directory: point DATA_DIR at a new directory, or move the old one away first.';

async function assertPgliteTargetEmpty(config: BackupConfig): Promise<void> {
  if (!isEmptyDir(pgdataOf(config.dataDir))) {
    throw new BackupError(`${config.dataDir} already holds a database (pgdata). ${EMPTY_TARGET_HINT}`);
  }
  await assertUploadsEmpty(config);
}

/** Uploads are restored only where there are none: the uploads folder, or the bucket (S3_BUCKET). */
async function assertUploadsEmpty(config: BackupConfig): Promise<void> {
  if (config.s3) {
    const storage = new S3Storage(config.s3);
    try {
      for await (const key of storage.keys()) {
        throw new BackupError(
          `The bucket ${config.s3.bucket} already holds files (${key}, …). Restore only into an empty bucket.`,
        );
      }
    } finally {
      storage.destroy();
    }
    return;
  }
  if (!isEmptyDir(config.uploadsDir)) {
    throw new BackupError(`${config.uploadsDir} already holds files. ${EMPTY_TARGET_HINT}`);
  }
}

/**
 * The uploads as a folder for the archive: DATA_DIR/uploads, or, with S3_BUCKET, the bucket's objects copied into
 * a temporary folder laid out the same way (so one archive format serves both).
 */
async function withUploadsFolder<T>(
  config: BackupConfig,
  work: (uploadsDir: string) => Promise<T>,
): Promise<T> {
  if (!config.s3) return work(config.uploadsDir);
  const storage = new S3Storage(config.s3);
  try {
    return await withTempDir('vault-bucket-', async (folder) => {
      for await (const key of storage.keys()) {
        const bytes = await storage.get(key);
        if (!bytes) continue;
        fs.mkdirSync(path.join(folder, key.slice(0, 2)), { recursive: true });
        fs.writeFileSync(path.join(folder, key.slice(0, 2), key), bytes);
      }
      return work(folder);
    });
  } finally {
    storage.destroy();
  }
}

/** The archive's uploads into the uploads folder, or into the bucket; how many files. */
async function restoreUploads(config: BackupConfig, archive: string): Promise<number> {
  if (!config.s3) return extractUploads(archive, config.uploadsDir);
  const storage = new S3Storage(config.s3);
  try {
    return await withTempDir('vault-bucket-', async (folder) => {
      const files = await extractUploads(archive, folder);
      for (const prefix of fs.readdirSync(folder)) {
        for (const key of fs.readdirSync(path.join(folder, prefix))) {
          await storage.put(key, fs.readFileSync(path.join(folder, prefix, key)));
        }
      }
      return files;
    });
  } finally {
    storage.destroy();
  }
}

/** Where openDatabase keeps the embedded database inside DATA_DIR. */
function pgdataOf(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

async function restorePglite(dataDir: string, databaseFile: string, manifest: BackupManifest): Promise<void> {
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

async function restorePostgres(
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

/** Writes the uploads from the archive into `uploadsDir`; returns how many files it wrote. */
async function extractUploads(archive: string, uploadsDir: string): Promise<number> {
  let files = 0;
  fs.mkdirSync(uploadsDir, { recursive: true });
  await tar.x({
    file: archive,
    cwd: uploadsDir,
    strip: 1,
    strict: true,
    filter: (entryPath, entry) => {
      if (!entryPath.startsWith(UPLOADS_PREFIX)) return false;
      if ('type' in entry && entry.type === 'File') files += 1;
      return true;
    },
  });
  return files;
}

// ---- Shared -------------------------------------------------------------------------------------------------

type Row = Record<string, unknown>;
type RunQuery = (text: string) => Promise<Row[]>;

/** Drizzle records each applied migration in drizzle.__drizzle_migrations. */
async function readMigrationState(query: RunQuery): Promise<MigrationState> {
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return { applied: 0, lastHash: null };
  const [row] = await query(
    `select count(*)::int as applied,
            (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last_hash
       from drizzle.__drizzle_migrations`,
  );
  return {
    applied: Number(row?.applied ?? 0),
    lastHash: typeof row?.last_hash === 'string' ? row.last_hash : null,
  };
}

/** A cheap check that the restored database is the one the manifest describes. */
async function assertMigrationState(manifest: BackupManifest, query: RunQuery): Promise<void> {
  const restored = await readMigrationState(query);
  if (
    restored.applied !== manifest.migrations.applied ||
    restored.lastHash !== manifest.migrations.lastHash
  ) {
    throw new BackupError(
      `The restored database does not match the backup's manifest (${restored.applied} migrations applied, ` +
        `expected ${manifest.migrations.applied}).`,
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

function isInside(dir: string, candidate: string): boolean {
  const relative = path.relative(dir, candidate);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

async function withTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    return await work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
