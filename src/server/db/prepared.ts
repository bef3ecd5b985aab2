import type { Placeholder } from 'drizzle-orm';
import type { Db } from './client';

const names = new Set<string>();

/** A value a query is built with, or the placeholder its prepared statement takes it as. */
export type Param<T> = T | Placeholder;

/**
 * A hot read built once per database and sent as a named prepared statement from then on: drizzle builds its SQL
 * a single time (building it was about a quarter of a feed request's CPU, bench/README.md) and PostgreSQL parses
 * and plans it once per connection. The values a request brings are `sql.placeholder(…)`s, given to `execute`.
 *
 * One name is one SQL text (PostgreSQL keeps a name per connection): a name used twice throws when the module
 * loads. Keep it to reads whose shape never changes; a query built from the request (a search, a cursor) stays
 * an ordinary one.
 */
export function prepared<Query>(
  name: string,
  build: (db: Db) => { prepare(name: string): Query },
): (db: Db) => Query {
  if (names.has(name)) throw new Error(`Two prepared statements are named ${name}.`);
  names.add(name);
  const byDatabase = new WeakMap<Db, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) byDatabase.set(db, (query = build(db).prepare(name)));
    return query;
  };
}
