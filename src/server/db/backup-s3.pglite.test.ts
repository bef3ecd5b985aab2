import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { S3Storage } from '../s3-storage';
import { startTestS3 } from '~/app/server/testing/s3';
import { createBackup, restoreBackup } from './backup';
import { openMigratedDataDir } from '~/app/server/testing/test-context';

/**
 * With uploads in a bucket (S3_BUCKET), a backup carries the bucket's objects and a restore puts them back. On the
 * embedded database whatever the run's backend (a `.pglite.test.ts`: the pglite project only).
 */
let s3: Awaited<ReturnType<typeof startTestS3>>;
let root: string;
beforeAll(async () => {
  s3 = await startTestS3(['vault-source', 'vault-target']);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-backup-s3-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const OBJECTS: Record<string, Buffer> = {
  '0123456789abcdef0123456789abcdef.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x01]),
  'fedcba9876543210fedcba9876543210.mp4': Buffer.from('a short video'),
};

describe('backups with S3 storage', () => {
  it('backs up the bucket’s objects with the database, and restores them into an empty bucket only', async () => {
    const source = parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(root, 'source'),
      ...s3.envFor('vault-source'),
    });
    await (await openMigratedDataDir(source.dataDir)).close();
    const sourceBucket = new S3Storage(source.s3!);
    for (const [key, bytes] of Object.entries(OBJECTS)) await sourceBucket.put(key, bytes);

    const archive = path.join(root, 'vault.tar.gz');
    const backup = await createBackup(source, archive);
    expect(backup.uploadFiles).toBe(2);
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(
      expect.arrayContaining(Object.keys(OBJECTS).map((key) => `uploads/${key.slice(0, 2)}/${key}`)),
    );

    const target = parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(root, 'target'),
      ...s3.envFor('vault-target'),
    });
    const restored = await restoreBackup(target, archive);
    expect(restored.uploadFiles).toBe(2);
    const targetBucket = new S3Storage(target.s3!);
    for (const [key, bytes] of Object.entries(OBJECTS)) expect(await targetBucket.get(key)).toEqual(bytes);
    expect(fs.existsSync(target.uploadsDir)).toBe(false);

    // The bucket holds files now: a second restore (into a fresh directory) is refused before touching anything.
    const again = parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(root, 'again'),
      ...s3.envFor('vault-target'),
    });
    await expect(restoreBackup(again, archive)).rejects.toThrow(
      'The bucket vault-target already holds files',
    );
    expect(fs.existsSync(path.join(again.dataDir, 'pgdata'))).toBe(false);
    sourceBucket.destroy();
    targetBucket.destroy();
  });
});
