import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { AppDeps, AppServices } from '~/server/app-env';
import { createApp, createServices } from '~/app/server/app';
import { openDatabase } from '~/server/db/client';
import { parseConfig } from '~/server/config';
import { EventHub } from '~/server/events';
import { createLogger } from '~/server/logger';
import { systemClock } from '~/shared/time';
import type { BenchBackend } from './backend';
import { listenOnLoopback, type LocalServer } from './servers';

export interface RunningApp extends LocalServer {
  deps: AppServices;
}

/** The real app, wired as src/app/server/run-server.ts wires it, on a loopback port of its own. */
/** `env`: configuration on top of the bench's own (the streams bench raises the per-session stream cap). */
export async function startAppServer(
  backend: BenchBackend,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  // Listen first so BASE_URL can name the real port: the Origin checks compare against it.
  const server = http.createServer();
  const local = await listenOnLoopback(server);
  const config = parseConfig({
    // Production settings, as operators run it; silent so logging does not dominate the numbers.
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    BASE_URL: local.url,
    DATA_DIR: backend.dataDir,
    DATABASE_URL: backend.databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // A scenario is one member acting as fast as the load allows: it measures the work, not the per-member abuse
    // limits (README, "Abuse limits"), which would answer 429 after the first few requests.
    ...Object.fromEntries(
      ['POSTS', 'COMMENTS', 'MESSAGES', 'REPORTS', 'RATINGS', 'SEARCHES', 'ORDERS', 'EXPORTS'].map((name) => [
        `RATE_LIMIT_${name}_PER_USER`,
        '100000000/60',
      ]),
    ),
    ...env,
  });
  const logger = createLogger(config);
  const hub = new EventHub(backend.database);
  await hub.start();
  const deps: AppDeps = { config, database: backend.database, hub, logger, clock: systemClock };
  const services = createServices(deps);
  const app = createApp(services);
  server.on('request', getRequestListener(app.fetch, { hostname: '127.0.0.1' }));
  return {
    url: local.url,
    deps: services,
    async close() {
      // The event streams never end by themselves; stop the hub before closing the server.
      await hub.stop();
      await local.close();
    },
  };
}

/**
 * A second instance beside `first`, as a second server process would run: the same PostgreSQL database through
 * a pool, an event hub and a LISTEN connection of its own, and the same AUTH_SECRET, so a session works on both.
 */
export async function startSecondAppServer(backend: BenchBackend, first: RunningApp): Promise<LocalServer> {
  if (!backend.databaseUrl) throw new Error('bench: a second instance needs PostgreSQL');
  const database = await openDatabase({ kind: 'postgres', url: backend.databaseUrl });
  const second = await startAppServer(
    { ...backend, database },
    { AUTH_SECRET: first.deps.config.authSecret! },
  );
  return {
    url: second.url,
    async close() {
      await second.close();
      await database.close();
    },
  };
}
