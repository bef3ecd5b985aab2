import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

const recording = new AsyncLocalStorage<string[]>();

/**
 * The test databases' query log: it keeps only the queries sent from inside `queriesDuring`, so timers and other
 * requests running at the same time (the event hub, the sweeper) are not counted.
 */
export const queryRecorder: Logger = {
  logQuery(query) {
    recording.getStore()?.push(query);
  },
};

/** Every SQL statement `work` sent to the database (test contexts open theirs with `queryRecorder`). */
export async function queriesDuring<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const queries: string[] = [];
  const result = await recording.run(queries, work);
  return { result, queries };
}
