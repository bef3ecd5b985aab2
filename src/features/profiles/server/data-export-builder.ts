import type { AppServices } from '~/server/app-env';
import { startBackgroundJob } from '~/server/background-job';
import { buildDueExports } from './data-export.service';

/**
 * Builds the Download My Data archives too large for their request, and removes expired ones, every
 * DATA_EXPORT_INTERVAL_MS on every instance (claims are FOR UPDATE SKIP LOCKED). Started by the server beside the
 * SMS sender; returns a function that stops it after the archive in flight.
 */
export function startDataExportBuilder(services: AppServices): () => Promise<void> {
  return startBackgroundJob(services, {
    name: 'building data exports',
    intervalMs: services.config.dataExportIntervalMs,
    async run(ctx) {
      const built = await buildDueExports(ctx);
      if (built) services.logger.info({ built }, 'data exports built');
    },
  });
}
