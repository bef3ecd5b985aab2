// npm run restore <archive>: restores a backup into an empty DATA_DIR (embedded database) or an empty
// PostgreSQL database (DATABASE_URL), plus its uploads. Refuses a target that already holds data.
import { loadConfig } from '../src/server/config';
import { restoreBackup } from '../src/server/db/backup';

const archive = process.argv[2];
if (!archive || process.argv.length > 3) {
  console.error('Usage: npm run restore <backup.tar.gz>');
  process.exit(2);
}

try {
  const config = loadConfig();
  const { manifest, uploadFiles } = await restoreBackup(config, archive);
  const target = config.databaseUrl ? 'the PostgreSQL database at DATABASE_URL' : config.dataDir;
  console.log(`Restored the backup of ${manifest.createdAt} into ${target} (${uploadFiles} upload file(s))`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
