import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestS3 } from '~/app/server/testing/s3';
import { freePort } from '../../../scripts/free-port';
import { createScratchDatabase, postgresReachable } from '../../../scripts/scratch-database';
import { startServerProcess, stopServerProcess, waitHealthy } from '../../../scripts/server-process';
import { startRoundRobinProxy } from '../support/round-robin-proxy';
import { E2E_DEMO_PASSWORD, E2E_OWNER_PASSWORD } from '../support/server-env';
import { SCALE_OUT_ETA_WINDOW_MS } from './scale-out-env';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const isCi = () => process.env.CI === 'true' || process.env.CI === '1';

/**
 * Two app instances on one fresh PostgreSQL database, sharing one S3 bucket (s3rver), behind a round-robin proxy
 * at the port playwright.scale-out.config.ts chose. The instances' own addresses go to the specs in
 * VAULT_SCALE_OUT_INSTANCES. Without a PostgreSQL the specs skip, saying why (VAULT_SCALE_OUT_SKIP); in CI that
 * fails instead. Returns the teardown: everything stopped, the database dropped.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;
  if (!(await postgresReachable(adminUrl))) {
    const reason = `no PostgreSQL at ${adminUrl.replace(/:[^:@/]*@/, ':***@')} (set TEST_DATABASE_URL): the two-instance stories need one`;
    if (isCi()) throw new Error(reason);
    console.warn(`The scale-out stories are skipped: ${reason}.`);
    process.env.VAULT_SCALE_OUT_SKIP = reason;
    return async () => {};
  }

  const cleanups: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const database = await createScratchDatabase(adminUrl, 'vault_e2e_scale');
    cleanups.push(database.drop);
    const s3 = await startTestS3(['vault-scale-out']);
    cleanups.push(s3.close);

    const proxyPort = Number(process.env.VAULT_SCALE_OUT_PORT);
    const baseURL = `http://127.0.0.1:${proxyPort}`;
    const ports = [await freePort(), await freePort()];
    const authSecret = randomBytes(32).toString('hex');
    const servers: ChildProcess[] = ports.map((port) => {
      // Nothing is shared through a folder: each instance has its own, empty one.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-e2e-scale-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const server = startServerProcess({
        HOST: '127.0.0.1',
        PORT: String(port),
        // Both are reached through the proxy, as behind any load balancer.
        BASE_URL: baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        AUTH_SECRET: authSecret,
        ...s3.env,
        DEMO_PASSWORD: E2E_DEMO_PASSWORD,
        PASSWORD_HASH_COST: '10',
        OWNER_PASSWORD: E2E_OWNER_PASSWORD,
        ETA_WINDOW_MS: String(SCALE_OUT_ETA_WINDOW_MS),
        // Both instances sweep several times a second, so they often sweep at the same moment.
        CLAIM_SWEEP_INTERVAL_MS: '100',
      });
      cleanups.push(() => stopServerProcess(server));
      return server;
    });
    const instances = ports.map((port) => `http://127.0.0.1:${port}`);
    // Started together: they migrate and seed the one database at the same time, as a rolling deploy would.
    await Promise.all(instances.map((url, i) => waitHealthy(url, servers[i]!)));

    const proxy = await startRoundRobinProxy(instances, proxyPort);
    cleanups.push(proxy.close);
    process.env.VAULT_SCALE_OUT_INSTANCES = JSON.stringify(instances);
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
