import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, createServices, type AppOptions } from '../app';
import { jobContext, type ServiceContext } from '~/server/service-context';
import { parseConfig, type Config } from '~/server/config';
import { openDatabase, type Database } from '~/server/db/client';
import { EventHub } from '~/server/events';
import type { Mailer } from '~/server/mail';
import { createLogger } from '~/server/logger';
import { withDatabase } from './global-setup';
import { giveBackEmbeddedDatabase, takeEmbeddedDatabase } from './pglite-pool';
import { queryRecorder } from './query-counter';
import { TestClock } from './test-clock';
import type { DestinationStream } from 'pino';

export const TEST_ORIGIN = 'http://vault.test';
let databaseCounter = 0;

/**
 * A database as the run's migrated template: PGlite in memory (one this worker used before, emptied: pglite-pool.ts),
 * or a new PostgreSQL database (`poolMax` connections to it, 20 unless a test needs to see one connection's state).
 * `unused`: never one a test used before, for a test that reads the session's own state (prepared statements).
 * `dispose` is the end of it: back to the pool, or closed and dropped; `drop` drops a PostgreSQL one only.
 */
export async function openTestDatabase({
  poolMax = 20,
  unused = false,
}: { poolMax?: number; unused?: boolean } = {}): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
  dispose(): Promise<void>;
}> {
  if (inject('backend') === 'pglite') {
    const database = await takeEmbeddedDatabase(inject('pgliteTemplatePath'), { unused });
    return { database, drop: async () => {}, dispose: () => giveBackEmbeddedDatabase(database) };
  }
  const adminUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplate');
  databaseCounter += 1;
  const name = `${template.replace(/_tpl$/, '')}_w${process.pid}_${databaseCounter}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolMax }, { logger: queryRecorder });
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  return {
    database,
    url,
    drop,
    async dispose() {
      await database.close();
      await drop();
    },
  };
}

/**
 * An embedded database in `dataDir` (a new folder), already migrated: loaded from the run's template in under a
 * second, where creating a database and migrating it takes seconds. For the tests of what happens to a data
 * directory (backups, the server process), which run in the pglite project only.
 */
export function openMigratedDataDir(dataDir: string): Promise<Database> {
  const templatePath = inject('pgliteTemplatePath');
  if (!templatePath)
    throw new Error('openMigratedDataDir runs in the pglite project only (vitest.config.ts)');
  return openDatabase({ kind: 'pglite', dataDir, loadDataDir: new Blob([fs.readFileSync(templatePath)]) });
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: Database;
  hub: EventHub;
  clock: TestClock;
  config: Config;
  /** The app's mail sender: the outbox in DATA_DIR unless the test sets SMTP_URL. */
  mailer: Mailer;
  /**
   * A service context as a request would build it, at the test clock's time; `overrides` for a second instance's
   * database or another moment. For tests that call a service directly (races, the sweeper).
   */
  ctx(overrides?: Partial<ServiceContext>): ServiceContext;
  /** The PostgreSQL URL of this context's database (postgres backend only), for a second instance. */
  databaseUrl: string | undefined;
  /** A request as our own pages send it: JSON body, same Origin. */
  call(method: string, urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** `call` for an app: a request as our own pages send it (JSON body, same Origin). */
export function callerOf(app: ReturnType<typeof createApp>): TestContext['call'] {
  return async (method, urlPath, body, headers = {}) =>
    app.request(urlPath, {
      method,
      headers: {
        Origin: TEST_ORIGIN,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** The real app on a real database, with test settings. `env` overrides configuration keys. */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    app?: AppOptions;
    poolMax?: number;
    /** A database no test used before (openTestDatabase). */
    unused?: boolean;
    /** Where the app's log lines go (with `env.LOG_LEVEL`), for a test that reads them. */
    logTo?: DestinationStream;
  } = {},
): Promise<TestContext> {
  const { database, url, dispose } = await openTestDatabase(options);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BASE_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    SSE_HEARTBEAT_MS: '500',
    // Hundreds of members sign up and in per run: hashed at the lowest cost (a millisecond or two each, not a tenth of
    // a second); password-hash.test.ts checks the default cost.
    PASSWORD_HASH_COST: '10',
    // Every test member signs up and in from one address; the tests of those limits set their own.
    RATE_LIMIT_SIGN_UP_PER_IP: '1000/60',
    RATE_LIMIT_SIGN_IN_PER_IP: '1000/60',
    ...(url ? { DATABASE_URL: url, AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' } : {}),
    ...options.env,
  });
  const logger = createLogger(config, options.logTo);
  const hub = new EventHub(database);
  await hub.start();
  const clock = new TestClock();
  const services = createServices({ config, database, hub, logger, clock });
  const app = createApp(services, options.app);

  return {
    app,
    database,
    hub,
    clock,
    config,
    mailer: services.mailer,
    databaseUrl: url,
    ctx: (overrides = {}) => ({ ...jobContext(services), ...overrides }),
    call: callerOf(app),
    async close() {
      await services.mailer.settled();
      services.mailer.close();
      await hub.stop();
      await dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
