// npm run backup [-- --out <file>]: writes one .tar.gz with the database and the uploads. On the embedded
// database, stop the server first (the data directory is locked while it runs).
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { createBackup, defaultBackupFile } from '../src/server/db/backup';

function readOutOption(): string | undefined {
  try {
    return parseArgs({ options: { out: { type: 'string' } } }).values.out;
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: npm run backup [-- --out <file.tar.gz>]`);
    process.exit(2);
  }
}

const out = readOutOption();
try {
  const { file, manifest, uploadFiles } = await createBackup(
    loadConfig(),
    out ?? defaultBackupFile(new Date(), process.cwd()),
  );
  console.log(`Backup written to ${file} (${manifest.backend}, ${uploadFiles} upload file(s))`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
