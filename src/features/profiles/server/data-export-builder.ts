import type { AppServices } from '~/server/app-env';
import { jobContext } from '~/server/service-context';
import { buildDueExports } from './data-export.service';

/**
 * Builds the Download My Data archives too large for their request, and removes expired ones, every
 * DATA_EXPORT_INTERVAL_MS on every instance (claims are FOR UPDATE SKIP LOCKED). Started by the server beside the
 * SMS sender; returns a function that stops it after the archive in flight.
 */
export function startDataExportBuilder(services: AppServices): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = async () => {
    try {
      const built = await buildDueExports(jobContext(services));
      if (built) services.logger.info({ built }, 'data exports built');
    } catch (err) {
      services.logger.warn({ err }, 'building data exports failed; trying again next time');
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = run().finally(() => (running = undefined));
  }, services.config.dataExportIntervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
