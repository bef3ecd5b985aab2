import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

/** A statement as sent: its SQL text with $1, $2… and the values bound to them. */
export interface Statement {
  sql: string;
  params: unknown[];
}

const recording = new AsyncLocalStorage<Statement[]>();

/**
 * The test databases' query log: it keeps only the queries sent from inside `queriesDuring`, so timers and other
 * requests running at the same time (the event hub, the sweeper) are not counted.
 */
export const queryRecorder: Logger = {
  logQuery(query, params) {
    recording.getStore()?.push({ sql: query, params });
  },
};

/**
 * Every SQL statement `work` sent to the database (test contexts open theirs with `queryRecorder`): `queries` as
 * text, `statements` with their parameters (to run them again, e.g. under EXPLAIN).
 */
export async function queriesDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; queries: string[]; statements: Statement[] }> {
  const statements: Statement[] = [];
  const result = await recording.run(statements, work);
  return { result, queries: statements.map((s) => s.sql), statements };
}
