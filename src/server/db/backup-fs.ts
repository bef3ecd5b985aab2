import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** File-system helpers the backup modules share. */

export function isInside(dir: string, candidate: string): boolean {
  const relative = path.relative(dir, candidate);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

export function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

export async function withTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    return await work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
