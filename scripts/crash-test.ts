/**
 * `npm run test:crash`: crash safety, measured. Starts the real server (PGlite, and PostgreSQL when one is
 * reachable), has a member write posts one after another, `kill -9`s the server mid-stream, restarts it at once
 * and checks that every write the server acknowledged (201) is there. Prints lost writes and restart times.
 *
 *   CRASH_CYCLES=50 (default) · CRASH_BACKENDS=pglite,postgres (default: both, PostgreSQL when reachable)
 *   CRASH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (an admin URL that may CREATE DATABASE)
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { createScratchDatabase, postgresReachable } from './scratch-database';
import { startServerProcess, stopServerProcess, waitHealthy } from './server-process';

const DEMO_PASSWORD = `crash-${randomBytes(6).toString('hex')}`;
const MEMBER = 'jordan@vault.example';

export interface CrashReport {
  backend: 'pglite' | 'postgres';
  cycles: number;
  acknowledged: number;
  lost: string[];
  /** From the kill to the first healthy answer of the restarted server, per cycle. */
  restartMs: number[];
}

function startServer(env: Record<string, string>): ChildProcess {
  return startServerProcess({
    DEMO_PASSWORD,
    RATE_LIMIT_POSTS_PER_USER: '1000000/60',
    RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000/60',
    ...env,
  });
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/accounts/login`, {
    method: 'POST',
    headers: { Origin: base, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: MEMBER, password: DEMO_PASSWORD, rememberMe: true }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

/**
 * Posts one after another until the server stops answering: `acknowledged` resolves with the contents it answered
 * 201, `firstAcknowledged` once there is one (or the writing has ended).
 */
function writeUntilKilled(base: string, cookie: string, tag: string) {
  let firstDone = () => {};
  const firstAcknowledged = new Promise<void>((resolve) => (firstDone = resolve));
  const acknowledged = (async () => {
    const written: string[] = [];
    try {
      for (let n = 0; ; n += 1) {
        const content = `${tag}-w${n}`;
        try {
          const response = await fetch(`${base}/api/feed/posts`, {
            method: 'POST',
            headers: { Origin: base, 'Content-Type': 'application/json', Cookie: cookie },
            body: JSON.stringify({ content }),
          });
          if (response.status !== 201)
            throw new Error(`a write was refused: ${response.status} ${await response.text()}`);
          written.push(content);
          firstDone();
        } catch (error) {
          if (error instanceof TypeError) return written; // the connection went with the process
          throw error;
        }
      }
    } finally {
      firstDone();
    }
  })();
  return { acknowledged, firstAcknowledged };
}

/** The posts whose content contains `tag`, through the feed's search, every page. */
async function storedWith(base: string, cookie: string, tag: string): Promise<Set<string>> {
  const found = new Set<string>();
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ q: tag, ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${base}/api/feed?${query}`, { headers: { Cookie: cookie } });
    if (response.status !== 200)
      throw new Error(`reading back failed: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { items: { content: string }[]; nextCursor: string | null };
    for (const post of page.items) found.add(post.content);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

export async function crashCycles(options: {
  backend: 'pglite' | 'postgres';
  cycles: number;
  adminUrl?: string;
  /** Called after each cycle (the script prints progress with it). */
  onCycle?: (done: number, report: CrashReport) => void;
}): Promise<CrashReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-crash-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: base,
  };
  let dropDatabase = async () => {};
  if (options.backend === 'postgres') {
    const database = await createScratchDatabase(options.adminUrl!, 'vault_crash');
    env.DATABASE_URL = database.url;
    env.AUTH_SECRET = randomBytes(24).toString('hex');
    dropDatabase = database.drop;
  }
  const report: CrashReport = {
    backend: options.backend,
    cycles: options.cycles,
    acknowledged: 0,
    lost: [],
    restartMs: [],
  };
  let server = startServer(env);
  const run = randomBytes(3).toString('hex');
  try {
    await waitHealthy(base, server);
    const cookie = await signIn(base);
    for (let cycle = 0; cycle < options.cycles; cycle += 1) {
      const tag = `crash${run}c${cycle}`;
      const writing = writeUntilKilled(base, cookie, tag);
      // Mid-stream: once a write has been acknowledged (however busy the machine), then at a random moment.
      await writing.firstAcknowledged;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 350));
      server.kill('SIGKILL');
      const killedAt = Date.now();
      await new Promise((resolve) => server.once('exit', resolve));
      const acknowledged = await writing.acknowledged;
      server = startServer(env);
      await waitHealthy(base, server);
      report.restartMs.push(Date.now() - killedAt);
      // The session survives the crash too: the same cookie reads back (signing in again each cycle would meet
      // the sign-in limit of a few a minute once restarts are quick).
      const stored = await storedWith(base, cookie, tag);
      report.acknowledged += acknowledged.length;
      report.lost.push(...acknowledged.filter((content) => !stored.has(content)));
      options.onCycle?.(cycle + 1, report);
    }
  } finally {
    await stopServerProcess(server);
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}

export function describeReport(report: CrashReport): string {
  const sorted = [...report.restartMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return (
    `${report.backend}: ${report.cycles} kill -9 cycles, ${report.acknowledged} acknowledged writes, ` +
    `${report.lost.length} lost; restart to healthy: median ${at(0.5)} ms, max ${at(1)} ms`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { CRASH_CYCLES, CRASH_BACKENDS, CRASH_DATABASE_URL } = process.env;
  const cycles = Number(CRASH_CYCLES ?? 50);
  const adminUrl = CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const backends = (CRASH_BACKENDS ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
  let failed = false;
  for (const backend of backends) {
    if (backend === 'postgres' && !(await postgresReachable(adminUrl))) {
      console.log(`postgres: skipped, no PostgreSQL at ${adminUrl.replace(/:[^:@/]*@/, ':***@')}`);
      continue;
    }
    const report = await crashCycles({
      backend,
      cycles,
      adminUrl,
      onCycle: (done, sofar) => {
        if (done % 10 === 0 && done < cycles)
          console.log(`${backend}: ${done}/${cycles} cycles, ${sofar.lost.length} lost`);
      },
    });
    console.log(describeReport(report));
    if (report.lost.length) {
      failed = true;
      console.log(`  lost: ${report.lost.slice(0, 20).join(', ')}`);
    }
  }
  process.exit(failed ? 1 : 0);
}
