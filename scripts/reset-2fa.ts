// npm run reset-2fa <email | owner>: turns two-factor sign-in off for a member who lost their phone and their
// backup codes (audited). Stop the server first when it runs on the embedded database (the data directory is
// locked while it runs).
import { loadConfig } from '../src/server/config';
import { migrateDatabase } from '../src/server/db/client';
import { openConfiguredDatabase } from '../src/server/db/open-configured';
import { resetTwoFactor } from '../src/features/accounts/server/two-factor.service';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run reset-2fa <email>   (or: npm run reset-2fa owner)');
  process.exit(2);
}

try {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await migrateDatabase(database);
    const email = await database.db.transaction((tx) => resetTwoFactor(tx, { target, at: new Date() }));
    console.log(
      `Two-factor sign-in is off for ${email}: the password alone signs in until it is set up again.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
