import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another process of The Vault. ` +
        'Stop that process first, or point DATA_DIR at another directory. ' +
        '(If no other process is running, the lock of a crashed one expires within 10 seconds.)',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite takes no lock of its own, and two processes on one directory silently lose acknowledged writes.
 * Every process that opens a data directory (server, backup, restore) holds this lock while it does.
 * Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'vault.lock'),
      stale: 10_000,
      update: 3_000,
      retries: 0,
      onCompromised: (error) => {
        // Another process took the directory from under us: stop rather than corrupt it.
        console.error(`Lost the lock on ${dataDir}: ${error.message}`);
        process.exit(1);
      },
    });
    return release;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}

export function isDataDirLocked(dataDir: string): Promise<boolean> {
  if (!fs.existsSync(dataDir)) return Promise.resolve(false);
  return lockfile.check(dataDir, { lockfilePath: path.join(dataDir, 'vault.lock'), stale: 10_000 });
}
