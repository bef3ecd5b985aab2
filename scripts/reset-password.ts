// npm run reset-password <email | owner>: prints a new password once. Stop the server first when it runs on
// the embedded database (the data directory is locked while it runs).
import { loadConfig } from '../src/server/config';
import { migrateDatabase } from '../src/server/db/client';
import { openConfiguredDatabase } from '../src/server/db/open-configured';
import { resetPassword } from '../src/app/server/seed/reset-password';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run reset-password <email>   (or: npm run reset-password owner)');
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await migrateDatabase(database);
    const password = await resetPassword(database.db, target, undefined, config.passwordHashCost);
    console.log(`New password for ${target === 'owner' ? 'the owner sign-in' : target}: ${password}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
