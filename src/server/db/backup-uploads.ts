import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { S3Storage } from '../s3-storage';
import { extractUploads } from './backup-archive';
import { BackupError, EMPTY_TARGET_HINT } from './backup-error';
import { isEmptyDir, withTempDir } from './backup-fs';

/** The uploads in a backup: DATA_DIR/uploads, or with S3_BUCKET the bucket's objects. */

type UploadsConfig = Pick<Config, 'uploadsDir'> & Partial<Pick<Config, 's3'>>;

/**
 * The uploads as a folder for the archive: DATA_DIR/uploads, or, with S3_BUCKET, the bucket's objects copied into
 * a temporary folder laid out the same way (so one archive format serves both).
 */
export async function withUploadsFolder<T>(
  config: UploadsConfig,
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

/** Uploads are restored only where there are none: the uploads folder, or the bucket (S3_BUCKET). */
export async function assertUploadsEmpty(config: UploadsConfig): Promise<void> {
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

/** The archive's uploads into the uploads folder, or into the bucket; how many files. */
export async function restoreUploads(config: UploadsConfig, archive: string): Promise<number> {
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
