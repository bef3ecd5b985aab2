import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { withNamedStatements } from './pglite-named-statements';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { tables, type Tables } from './schema';

/** The one database type the app is written against; PGlite and node-postgres both provide it. */
export type Db = PgDatabase<PgQueryResultHKT, Tables>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The embedded database itself, for its data-directory dump (backups). */
  pglite?: PGlite;
  /**
   * LISTEN on a dedicated connection. `onGap` runs when the connection was lost and re-established,
   * since notifications sent in between are gone.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
/** Extensions the migrations create (pg_trgm: the feed's search); PostgreSQL ships them in contrib. */
export const PGLITE_EXTENSIONS = { pg_trgm };
const MIGRATION_LOCK_KEY = 742_042_001;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolMax?: number }
  /** `loadDataDir`: a dump to start from when the folder holds no database yet (tests start from a migrated one). */
  | { kind: 'pglite'; dataDir: string; loadDataDir?: Blob }
  /** In memory, optionally started from a dump (tests clone a migrated template this way). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

/** `logger` sees every query the app sends (the tests' query counter). */
export async function openDatabase(
  target: DatabaseTarget,
  { logger }: { logger?: Logger } = {},
): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolMax ?? 10, logger);
  if (target.kind === 'pglite') {
    const release = await lockDataDir(target.dataDir);
    try {
      const client = await PGlite.create(path.join(target.dataDir, 'pgdata'), {
        extensions: PGLITE_EXTENSIONS,
        ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      });
      return wrapPglite(client, release, logger);
    } catch (error) {
      await release();
      throw error;
    }
  }
  const client = await PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  return wrapPglite(client, async () => {}, logger);
}

function wrapPglite(client: PGlite, releaseLock: () => Promise<void>, logger?: Logger): Database {
  const db = drizzlePglite({
    client: withNamedStatements(client),
    schema: tables,
    casing: 'snake_case',
    ...(logger ? { logger } : {}),
  }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
    async close() {
      if (!client.closed) await client.close();
      await releaseLock();
    },
  };
}

function openPostgres(url: string, poolMax: number, logger?: Logger): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({
    client: pool,
    schema: tables,
    casing: 'snake_case',
    ...(logger ? { logger } : {}),
  }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload, onGap) {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (isReconnect: boolean): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        next.on('error', () => scheduleReconnect());
        next.on('end', () => scheduleReconnect());
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = next;
        if (isReconnect) onGap?.();
      };
      const scheduleReconnect = () => {
        if (stopped || retry) return;
        client = undefined;
        retry = setTimeout(() => {
          retry = undefined;
          connect(true).catch(() => scheduleReconnect());
        }, 1000);
      };
      await connect(false);
      const stop = async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        listeners.delete(stop);
        await client?.end().catch(() => {});
      };
      listeners.add(stop);
      return stop;
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** Applies the committed migrations, under an advisory lock so several instances may start at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await database.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migratePglite(database.db as never, { migrationsFolder });
    } finally {
      await database.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
    return;
  }
  // The lock is per connection, so take one connection and migrate through it.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client: connection }), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
