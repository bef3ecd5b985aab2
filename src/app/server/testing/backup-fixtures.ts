import fs from 'node:fs';
import path from 'node:path';

/** What the backup tests put in before a backup and expect back after a restore, on either database. */
export const BACKUP_UPLOADS: Record<string, Buffer> = {
  'avatar.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10, 0x80]),
  'documents/2024/contract.txt': Buffer.from('signed, sealed, delivered\n'),
};

export const BACKUP_ROWS = [
  { key: 'backup-test-a', value: 'first' },
  { key: 'backup-test-b', value: 'second, with ünïcödé' },
  { key: 'backup-test-c', value: '' },
];

export function writeUploads(uploadsDir: string, files: Record<string, Buffer> = BACKUP_UPLOADS): void {
  for (const [name, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(uploadsDir, name)), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, name), bytes);
  }
}
