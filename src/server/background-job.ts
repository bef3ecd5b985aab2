import type { AppServices } from './app-env';
import { jobContext, type ServiceContext } from './service-context';

export interface BackgroundJob {
  /** What the log says failed ("claim sweep", "SMS sending"). */
  name: string;
  intervalMs: number;
  /** One round of work. `stopping()` turns true when the server shuts down, for a job that loops in batches. */
  run(ctx: ServiceContext, stopping: () => boolean): Promise<void>;
}

/**
 * The one way the server runs work on a timer, on every instance (each job is safe to run on several at once):
 * a round starts every `intervalMs` unless the last is still running, a failed round is logged and tried again
 * next time, and the returned function stops the timer and waits for the round in flight (graceful shutdown).
 */
export function startBackgroundJob(services: AppServices, job: BackgroundJob): () => Promise<void> {
  let stopped = false;
  let inFlight: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (inFlight) return;
    inFlight = job
      .run(jobContext(services), () => stopped)
      .catch((err: unknown) => services.logger.warn({ err }, `${job.name} failed; trying again next time`))
      .finally(() => (inFlight = undefined));
  }, job.intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  };
}
