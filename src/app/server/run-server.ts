import type { Server } from 'node:http';
import net, { type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { systemClock } from '~/shared/time';
import { startJoinRequestSweeper } from '~/features/accounts/server/join-request-sweeper';
import { startClaimSweeper } from '~/features/delivery/server/claim-sweeper';
import { startDoorPhotoSweeper } from '~/features/shop/server/door-photo.service';
import { startPushSender } from '~/features/notifications/server/push-sender';
import { startSmsSender } from '~/features/sms/server/sms-sender';
import { startDataExportBuilder } from '~/features/profiles/server/data-export-builder';
import { createApp, createServices } from './app';
import type { Config } from '~/server/config';
import { migrateDatabase } from '~/server/db/client';
import { openConfiguredDatabase } from '~/server/db/open-configured';
import { ensureOwnerPassword, formatCredentials, seedOnce } from './seed/seed';
import { EventHub } from '~/server/events';
import { createLogger } from '~/server/logger';

/** How long the server keeps accepting (and answering, one request per connection) after SIGTERM. */
const DRAIN_GRACE_MS = 1000;

/**
 * The server's open connections, and whether each is between requests after serving one (an idle kept-alive
 * connection, safe to close) or busy / not yet read.
 */
function trackConnections(server: Server) {
  const open = new Map<Socket, { busy: boolean; served: number }>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, { busy: false, served: 0 });
    socket.on('close', () => open.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = open.get(request.socket);
    if (!state) return;
    state.busy = true;
    response.on('close', () => {
      state.busy = false;
      state.served += 1;
    });
  });
  return {
    closeIdle() {
      for (const [socket, state] of open) if (!state.busy && state.served > 0) socket.destroy();
    },
  };
}

/**
 * The server, from a checked configuration (src/app/server/index.ts): opens and migrates the database, seeds it on the
 * first start, listens, runs the background senders, and on SIGTERM or SIGINT drains and exits 0.
 */
export async function runServer(config: Config) {
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
  // The background jobs (server/background-job.ts), each stopped in turn on shutdown.
  const stopJobs = [
    startClaimSweeper,
    startSmsSender,
    startPushSender,
    startDataExportBuilder,
    startJoinRequestSweeper,
    startDoorPhotoSweeper,
  ].map((start) => start(services));
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

  const connections = trackConnections(server);
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
    // Drain first: for a moment the server still accepts connections (requests already on their way, and those a
    // load balancer sends before it notices) and answers each, closing its connection after the response; event
    // streams end now, with a reconnect hint. Closing the listener at once would reset connections the kernel had
    // already accepted.
    server.keepAliveTimeout = 1;
    await hub.stop();
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(DRAIN_GRACE_MS, config.shutdownTimeoutMs / 2)),
    );
    // Then stop accepting. Connections still open close after their response; a kept-alive one waiting for its
    // next request closes now. One whose first request has not been read yet (the event loop was busy) is not
    // idle: http.Server.close() would reset it, so the listener is closed at the net level and it is answered.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    connections.closeIdle();
    await closed;
    for (const stop of stopJobs) await stop();
    // E-mails still being handed to the SMTP server (a reset link asked for a moment ago).
    await services.mailer.settled();
    services.mailer.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
