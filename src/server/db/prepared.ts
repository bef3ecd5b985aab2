import type { Placeholder } from 'drizzle-orm';
import type { Db } from './client';
import { nameStatement } from './pglite-named-statements';

const names = new Set<string>();

/** A value a query is built with, or the placeholder its prepared statement takes it as. */
export type Param<T> = T | Placeholder;

/**
 * A hot read built once per database and sent as a named prepared statement from then on: drizzle builds its SQL
 * a single time (building it was about a quarter of a feed request's CPU, bench/README.md) and PostgreSQL parses
 * and plans it once per connection, PGlite once per database. The values a request brings are `sql.placeholder(…)`s, given to `execute`.
 *
 * One name is one SQL text (PostgreSQL keeps a name per connection): a name used twice throws when the module
 * loads. Keep it to reads whose shape never changes; a query built from the request (a search, a cursor) stays
 * an ordinary one.
 */
export function prepared<Query>(
  name: string,
  build: (db: Db) => { prepare(name: string): Query; toSQL(): { sql: string } },
): (db: Db) => Query {
  if (names.has(name)) throw new Error(`Two prepared statements are named ${name}.`);
  names.add(name);
  const byDatabase = new WeakMap<Db, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      const builder = build(db);
      // Drizzle names the statement on PostgreSQL; on PGlite our client does (pglite-named-statements.ts).
      nameStatement(builder.toSQL().sql, name);
      byDatabase.set(db, (query = builder.prepare(name)));
    }
    return query;
  };
}
