import type { AppServices } from '~/server/app-env';
import { jobContext } from '~/server/service-context';
import { sweepExpiredClaims } from './delivery.service';

/**
 * Returns expired claims to the queue every few seconds, whether or not a driver has the page open. Safe on
 * several instances at once (sweepExpiredClaims changes each order once). Returns a function that stops it.
 */
export function startClaimSweeper(services: AppServices): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepExpiredClaims(jobContext(services)).then(
      (requeued) => {
        if (requeued.length) services.logger.info({ requeued }, 'expired claims returned to the queue');
      },
      (err: unknown) => services.logger.warn({ err }, 'claim sweep failed; trying again next time'),
    );
  }, services.config.claimSweepIntervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
