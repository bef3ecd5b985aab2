import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { DATABASE_FILES, readManifestAndDatabase, writeArchive } from './backup-archive';
import { BackupError } from './backup-error';
import { isInside, withTempDir } from './backup-fs';
import { newManifest, type Backend, type BackupManifest } from './backup-manifest';
import { assertPgliteTargetEmpty, restorePglite, withPgliteDump } from './backup-pglite';
import { dumpPostgres, restorePostgres } from './backup-postgres';
import { archivedSecret, assertSecretFits, restoreSecret, stageSecret } from './backup-secret';
import { assertUploadsEmpty, restoreUploads, withUploadsFolder } from './backup-uploads';
import { lockDataDir } from './data-dir-lock';

/**
 * `npm run backup` / `npm run restore`: one .tar.gz holding manifest.json, the database (a PGlite data-directory
 * dump or a pg_dump custom-format file), the server secret and the uploads folder. This file runs the two commands
 * in order; the archive, the manifest, each database, the secret and the uploads have a module each (backup-*.ts).
 * See docs/decisions/005-backup-format.md.
 */

type BackupConfig = Pick<Config, 'dataDir' | 'uploadsDir' | 'databaseUrl'> &
  Partial<Pick<Config, 'authSecret' | 's3'>>;

const BACKEND_NAMES: Record<Backend, string> = {
  pglite: 'the embedded database (PGlite, in DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  uploadFiles: number;
}

export interface RestoreResult {
  manifest: BackupManifest;
  uploadFiles: number;
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
      const write = async (manifest: BackupManifest): Promise<BackupResult> => ({
        file,
        manifest,
        uploadFiles: await writeArchive(staging, file, manifest, uploadsDir),
      });
      if (config.databaseUrl) {
        const migrations = await dumpPostgres(config.databaseUrl, staging);
        return write(newManifest('postgres', migrations, secret));
      }
      return withPgliteDump(config.dataDir, staging, (migrations) =>
        write(newManifest('pglite', migrations, secret)),
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
      assertPgliteTargetEmpty(config.dataDir);
      await assertUploadsEmpty(config);
      await restorePglite(config.dataDir, databaseFile, manifest);
      restoreSecret(config, secret);
      return { manifest, uploadFiles: await restoreUploads(config, archive) };
    } finally {
      await release();
    }
  });
}
