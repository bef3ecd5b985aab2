import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The local folder under DATA_DIR (included in backups) is the default; a shared
 * store (S3-compatible, a network volume) implements the same three calls for several instances.
 */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

/**
 * Keys are our own random names: letters, digits, dashes and one extension, never a path. `.zip` is a member's
 * Download My Data archive, served only to that member; `.sealed` a private file (an ID photo) sealed with the
 * server secret, served only by a route that checks its capability (uploads/private-files.ts). Neither ever by
 * the uploads route.
 */
export const STORAGE_KEY_PATTERN = /^[a-z0-9-]{16,64}\.(png|jpg|gif|webp|mp4|webm|mov|zip|sealed)$/;

/** The stored files the uploads route serves to any signed-in member: pictures and videos, never archives. */
export const UPLOAD_KEY_PATTERN = /^[a-z0-9-]{16,64}\.(png|jpg|gif|webp|mp4|webm|mov)$/;

export class LocalStorage implements Storage {
  constructor(private readonly directory: string) {}

  private pathOf(key: string): string {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(this.directory, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    await fs.writeFile(`${file}.part`, bytes, { mode: 0o600 });
    await fs.rename(`${file}.part`, file);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
