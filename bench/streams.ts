import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { insertMember } from '~/app/server/seed/seed';
import { startAppServer } from './app-server';
import { openBenchBackend } from './backend';
import { machineInfo } from './report';
import { signInForBench } from './servers';
import type { StreamsJob, StreamsReport } from './streams-worker';

/**
 * `npm run bench:streams`: how many live event streams one instance holds, what each costs in memory, and whether
 * their heartbeats stay on time (issue 27). The streams are opened by a child process, so its sockets neither
 * share the server's event loop nor count in the server's memory. A report, not a test: no thresholds.
 */
const streams = Number(process.env.BENCH_STREAMS ?? 10_000);
const heartbeatMs = Number(process.env.BENCH_HEARTBEAT_MS ?? 5_000);
const watchMs = Number(process.env.BENCH_WATCH_SECONDS ?? 3 * (heartbeatMs / 1000)) * 1000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const backend = await openBenchBackend(process.env.BENCH_DATABASE_URL || undefined);
  console.log(machineInfo(backend.label, `${streams} streams, heartbeat every ${heartbeatMs} ms`));
  const app = await startAppServer(backend, {
    SSE_HEARTBEAT_MS: String(heartbeatMs),
    // One member's session opens them all; the cap that protects a real instance would stop at 4.
    SSE_MAX_STREAMS_PER_SESSION: String(streams + 1),
  });
  try {
    const password = 'bench-password-1';
    await insertMember(
      backend.database.db,
      { name: 'Bench Listener', email: 'listener@bench.example', roles: ['Member'] },
      password,
      new Date(),
    );
    const { headers } = await signInForBench(app.url, 'listener@bench.example', password);

    global.gc?.();
    const before = process.memoryUsage();
    const job: StreamsJob = { url: `${app.url}/api/events`, headers, streams, heartbeatMs, watchMs };
    const report = await runWorker(job, () => {
      global.gc?.();
      return process.memoryUsage();
    });
    const opened = report.memoryWhenOpen;
    const perStream = (opened.rss - before.rss) / Math.max(report.connected, 1);
    const heapPerStream = (opened.heapUsed - before.heapUsed) / Math.max(report.connected, 1);

    console.log('');
    console.log(
      `streams connected          ${report.connected} of ${streams} (${report.failed} refused or failed)`,
    );
    console.log(`time to open them all      ${(report.openMs / 1000).toFixed(1)} s`);
    console.log(`server RSS                 ${mb(before.rss)} -> ${mb(opened.rss)}`);
    console.log(
      `memory per stream          ${(perStream / 1024).toFixed(1)} kB RSS, ${(heapPerStream / 1024).toFixed(1)} kB heap`,
    );
    console.log(`heartbeats watched         ${(watchMs / 1000).toFixed(0)} s, every stream`);
    console.log(`streams with a late beat   ${report.late} (a gap over 1.5 x ${heartbeatMs} ms)`);
    console.log(`longest gap                ${report.longestGapMs} ms`);
    console.log(`streams that ended early   ${report.ended}`);
  } finally {
    await app.close();
    await backend.dispose();
  }
}

/** Runs the stream opener in a child process; `sample` reads the server's memory once every stream is open. */
function runWorker(
  job: StreamsJob,
  sample: () => NodeJS.MemoryUsage,
): Promise<StreamsReport & { memoryWhenOpen: NodeJS.MemoryUsage }> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./streams-worker.ts', import.meta.url)), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let memoryWhenOpen: NodeJS.MemoryUsage | undefined;
    child.on('message', (message: { open: true } | { report: StreamsReport }) => {
      if ('open' in message) memoryWhenOpen = sample();
      else resolve({ ...message.report, memoryWhenOpen: memoryWhenOpen ?? sample() });
    });
    child.on('exit', (code) => reject(new Error(`the stream opener exited (code ${code})`)));
    child.send(job);
  });
}

await main();
