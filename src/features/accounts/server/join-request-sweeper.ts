import type { AppServices } from '~/server/app-env';
import { startBackgroundJob } from '~/server/background-job';
import { HOUR_MS } from '~/shared/time';
import { discardStaleIdChecks, eraseLapsedDeclines } from './join-requests.service';

/**
 * Erases the contact fields of declined members whose wait has passed, and deletes the ID photos of requests left
 * undecided for 60 days, once an hour, on every instance (each
 * member is erased once: the rows are locked and skipped by the others). Returns a function that stops it.
 */
export function startJoinRequestSweeper(services: AppServices): () => Promise<void> {
  return startBackgroundJob(services, {
    name: 'join request sweep',
    intervalMs: HOUR_MS,
    async run(ctx) {
      const erased = await eraseLapsedDeclines(ctx);
      if (erased) services.logger.info({ erased }, 'declined members’ contact fields erased after the wait');
      const discarded = await discardStaleIdChecks(ctx);
      if (discarded) services.logger.info({ discarded }, 'ID photos of long-undecided requests deleted');
    },
  });
}
