import type { AppServices } from '~/server/app-env';
import { startBackgroundJob } from '~/server/background-job';
import { sweepExpiredClaims } from './delivery.service';

/**
 * Returns expired claims to the queue every few seconds, whether or not a driver has the page open. Safe on
 * several instances at once (sweepExpiredClaims changes each order once). Returns a function that stops it.
 */
export function startClaimSweeper(services: AppServices): () => Promise<void> {
  return startBackgroundJob(services, {
    name: 'claim sweep',
    intervalMs: services.config.claimSweepIntervalMs,
    async run(ctx) {
      const requeued = await sweepExpiredClaims(ctx);
      if (requeued.length) services.logger.info({ requeued }, 'expired claims returned to the queue');
    },
  });
}
