import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { systemClock } from '~/shared/time';
import { startClaimSweeper } from '~/features/delivery/server/claim-sweeper';
import { startSmsSender } from '~/features/sms/server/sms-sender';
import { createApp, createServices } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open-configured';
import { ensureOwnerPassword, formatCredentials, seedOnce } from './db/seed/seed';
import { EventHub } from './events';
import { createLogger } from './logger';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openConfiguredDatabase(config);
  await migrateDatabase(database);
  const members = await seedOnce(database.db, config);
  if (members.length) logger.info('first start: demo members seeded');
  const ownerPassword = await ensureOwnerPassword(database.db, config);

  const hub = new EventHub(database, { onError: (err) => logger.warn({ err }, 'bad event payload') });
  await hub.start();

  const deps = { config, database, hub, logger, clock: systemClock };
  const services = createServices(deps);
  const app = createApp(services);
  const stopSweeper = startClaimSweeper(services);
  const stopSmsSender = startSmsSender(services);
  const server = serve(
    { fetch: app.fetch, port: config.port, ...(config.host ? { hostname: config.host } : {}) },
    (info) => {
      logger.info(
        { port: info.port, database: database.kind },
        `The Vault is running at ${config.baseUrl} (database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`,
      );
      // Once the server listens, after the other start-up messages, then one line per request.
      if (ownerPassword || members.length) console.log(formatCredentials({ ownerPassword, members }));
    },
  ) as Server;
  // Keep idle connections longer than the clients and proxies that reuse them (load balancers idle out at 60 s):
  // with Node's 5 s default, a request sent on a kept-alive socket just as the server closes it fails with
  // ECONNRESET before it reaches the app.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const forced = setTimeout(() => {
      logger.warn('requests still open after the shutdown timeout; closing them');
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    forced.unref();
    // Stop accepting, end the event streams (they never finish by themselves), let the rest complete.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await hub.stop();
    server.closeIdleConnections();
    await closed;
    await stopSweeper();
    await stopSmsSender();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The Vault could not start:', error);
  }
  process.exit(1);
});
