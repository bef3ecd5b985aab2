import type { AppDeps } from '~/server/app-env';
import { sweepExpiredClaims } from './delivery.service';

/**
 * Returns expired claims to the queue every few seconds, whether or not a driver has the page open. Safe on
 * several instances at once (sweepExpiredClaims changes each order once). Returns a function that stops it.
 */
export function startClaimSweeper({ config, database, clock, logger }: AppDeps): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepExpiredClaims({ db: database.db, now: clock.now(), etaWindowMs: config.etaWindowMs }).then(
      (requeued) => {
        if (requeued.length) logger.info({ requeued }, 'expired claims returned to the queue');
      },
      (err: unknown) => logger.warn({ err }, 'claim sweep failed; trying again next time'),
    );
  }, config.claimSweepIntervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
