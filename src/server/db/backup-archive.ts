import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { BackupError } from './backup-error';
import { isInside } from './backup-fs';
import { assertKnownMigrations, readManifest, type Backend, type BackupManifest } from './backup-manifest';

/**
 * The archive: one .tar.gz holding manifest.json, the database (a PGlite data-directory dump or a pg_dump
 * custom-format file), the server secret and the uploads folder. See docs/decisions/005-backup-format.md.
 */

const MANIFEST_FILE = 'manifest.json';
const UPLOADS_PREFIX = 'uploads/';
/**
 * The server secret (AUTH_SECRET, or the one generated into DATA_DIR/auth-secret): sessions are signed with it and
 * stored secrets (the SMS auth token) are encrypted with a key derived from it, so a database restored without it
 * cannot read them. Archived beside the database; restored into DATA_DIR, or checked against AUTH_SECRET.
 */
export const SECRET_FILE = 'secrets/auth-secret';
export const DATABASE_FILES: Record<Backend, string> = {
  pglite: 'database/pglite-datadir.tar',
  postgres: 'database/postgres.dump',
};

/**
 * Archives the staging folder (database, secret) with `manifest` and the uploads in `uploadsDir` into `file`;
 * returns how many upload files it archived.
 */
export async function writeArchive(
  staging: string,
  file: string,
  manifest: BackupManifest,
  uploadsDir: string,
): Promise<number> {
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
  return uploadFiles;
}

/**
 * Extracts the manifest, the secret and the database into `staging` (the uploads stay in the archive until the
 * target is known to be empty); refuses an archive this version cannot restore.
 */
export async function readManifestAndDatabase(archive: string, staging: string): Promise<BackupManifest> {
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

/** Writes the uploads from the archive into `uploadsDir`; returns how many files it wrote. */
export async function extractUploads(archive: string, uploadsDir: string): Promise<number> {
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
