import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrationsFolder } from './client';
import { BackupError } from './backup-error';

/**
 * What a backup says about itself (manifest.json) and the checks against it: the format, the backend, and the
 * migrations the backed-up database had applied. See docs/decisions/005-backup-format.md.
 */

export type Backend = 'pglite' | 'postgres';

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
export type MigrationState = BackupManifest['migrations'];

export type Row = Record<string, unknown>;
export type RunQuery = (text: string) => Promise<Row[]>;

export function newManifest(backend: Backend, migrations: MigrationState, secret: boolean): BackupManifest {
  return {
    format: 'the-vault-backup',
    formatVersion: 1,
    createdAt: new Date().toISOString(),
    backend,
    migrations,
    authSecret: secret ? 'included' : 'absent',
  };
}

/** Reads the manifest extracted from `archive`, refusing one this version cannot read. */
export function readManifest(archive: string, manifestPath: string): BackupManifest {
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
export function assertKnownMigrations(manifest: BackupManifest): void {
  const journalFile = path.join(migrationsFolder, 'meta', '_journal.json');
  const known = (JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] }).entries.length;
  if (manifest.migrations.applied > known) {
    throw new BackupError(
      `This backup comes from a newer version of The Vault (${manifest.migrations.applied} migrations; ` +
        `this version has ${known}). Update The Vault first, then restore.`,
    );
  }
}

/** Drizzle records each applied migration in drizzle.__drizzle_migrations. */
export async function readMigrationState(query: RunQuery): Promise<MigrationState> {
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
export async function assertMigrationState(manifest: BackupManifest, query: RunQuery): Promise<void> {
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
