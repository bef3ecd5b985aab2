import { ConfigError, loadConfig } from '~/server/config';
import { DataDirLockedError } from '~/server/db/data-dir-lock';

/**
 * The server's entry (`npm start`, `npm run serve`). The configuration is checked before the app is loaded, so a
 * bad value is reported at once instead of after the seconds it takes to load every feature.
 */
async function main() {
  const config = loadConfig();
  const { runServer } = await import('./run-server');
  await runServer(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The Vault could not start:', error);
  }
  process.exit(1);
});
