import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import path from 'node:path';
import { startAppServer, startSecondAppServer } from './app-server';
import { openBenchBackend, type BenchBackend } from './backend';
import { LoadGenerator, type LoadRequest } from './load';
import { formatGoals, recordedFigures, recordFigure } from './goals';
import { formatTable, machineInfo, type Measurement } from './report';
import { prepareRequest, scenarios } from './scenarios';
import {
  BENCH_PAGE_SIZE,
  createBenchRows,
  startBareNodeServer,
  startRawSelectServer,
  type LocalServer,
} from './servers';

/**
 * `npm run bench`: load scenarios against the real app, reported as ratios to two baselines measured in the
 * same run. A report, not a test: no thresholds. The knobs below are the only environment it reads.
 */
const root = path.resolve(import.meta.dirname, '..');

const knobs = {
  durationSeconds: positiveNumber('BENCH_DURATION', 5),
  connections: positiveInteger('BENCH_CONNECTIONS', 10),
  warmupSeconds: nonNegativeNumber('BENCH_WARMUP', 1),
  /** Unset: PGlite in a temporary folder. Set: a fresh database on that PostgreSQL server, dropped afterwards. */
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  /** Runs only the app scenarios whose name contains this text (the baselines always run). */
  only: process.env.BENCH_ONLY || undefined,
  /** A folder: each scenario's measured load is CPU-profiled into it (`<scenario>.cpuprofile`, for DevTools). */
  profileDir: process.env.BENCH_PROFILE || undefined,
};

async function main(): Promise<void> {
  const backend = await openBenchBackend(knobs.databaseUrl);
  const load = new LoadGenerator();
  const cleanup = once(async () => {
    await load.close();
    await backend.dispose();
  });
  // Ctrl-C must still drop the run's database and remove its temporary folder.
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  console.log(machineInfo(backend.label, describeLoad()));
  console.log('');
  try {
    const { rows, node, select } = await measureAll(backend, load);
    const firstLoad = firstLoadKb();
    if (firstLoad !== undefined) recordFigure('firstLoadKb', firstLoad);
    console.log('');
    console.log(formatTable(rows, { node, select }));
    console.log('');
    console.log(
      formatGoals({
        backend: knobs.databaseUrl ? 'postgres' : 'pglite',
        rows,
        selectRequestsPerSecond: select,
        figures: recordedFigures(),
      }),
    );
    // Speed is reported, never judged by the exit code; a scenario that answered errors measured nothing.
    const broken = rows.filter(({ summary }) => summary.non2xx > 0 || summary.errors > 0);
    if (broken.length > 0) {
      console.error(
        `\nbench: ${broken.length} scenario(s) answered errors: ${broken.map((r) => r.name).join('; ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await cleanup();
  }
}

async function measureAll(backend: BenchBackend, load: LoadGenerator) {
  const measure = async (name: string, request: LoadRequest, key?: string): Promise<Measurement> => {
    const job = { request, connections: knobs.connections };
    if (knobs.warmupSeconds > 0) await load.run({ ...job, durationSeconds: knobs.warmupSeconds });
    const summary = await profiled(name, () => load.run({ ...job, durationSeconds: knobs.durationSeconds }));
    console.error(`  ${name}: ${Math.round(summary.requestsPerSecond)} req/s`);
    return { key, name, summary, rssBytes: process.memoryUsage().rss };
  };
  const rows: Measurement[] = [];

  const nodeRow = await withServer(startBareNodeServer(), (server) =>
    measure('baseline: bare node:http JSON', getRequest(server.url)),
  );
  rows.push(nodeRow);

  await createBenchRows(backend.database.db);
  const selectRow = await withServer(startRawSelectServer(backend.database.db), (server) =>
    measure(`baseline: raw ${BENCH_PAGE_SIZE}-row select`, getRequest(server.url)),
  );
  rows.push(selectRow);

  await withServer(startAppServer(backend), async (app) => {
    for (const scenario of scenarios.filter((s) => !knobs.only || s.name.includes(knobs.only))) {
      const request = await prepareRequest(scenario, {
        url: app.url,
        deps: app.deps,
        withSecondInstance: backend.databaseUrl
          ? (work) => withServer(startSecondAppServer(backend, app), (second) => work(second.url))
          : undefined,
      });
      rows.push(await measure(scenario.name, request, scenario.key));
    }
  });

  return {
    rows,
    node: nodeRow.summary.requestsPerSecond,
    select: selectRow.summary.requestsPerSecond,
  };
}

/** Runs `work` under the CPU profiler when BENCH_PROFILE names a folder: this process is the servers, not the load. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!knobs.profileDir) return work();
  const session = new inspector.Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(knobs.profileDir, { recursive: true });
    const file = path.join(knobs.profileDir, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    return result;
  } finally {
    session.disconnect();
  }
}

async function withServer<S extends LocalServer, T>(
  starting: Promise<S>,
  work: (server: S) => Promise<T>,
): Promise<T> {
  const server = await starting;
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}

/**
 * The first-load figure of `npm run size` when the client is built (dist/client), so the goals table has it;
 * undefined when it is not built or the script cannot say.
 */
function firstLoadKb(): number | undefined {
  if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) return undefined;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bundle-size.mjs'], {
    cwd: root,
    encoding: 'utf8',
  });
  const figure = /budget for \/: ([\d.]+) kB/.exec(run.stdout ?? '')?.[1];
  return figure === undefined ? undefined : Number(figure);
}

function getRequest(url: string): LoadRequest {
  return { url, method: 'GET', headers: {} };
}

function describeLoad(): string {
  const warmup = knobs.warmupSeconds > 0 ? ` after ${knobs.warmupSeconds} s of warm-up` : '';
  return `${knobs.durationSeconds} s per scenario${warmup}, ${knobs.connections} connections, autocannon in a separate process, 127.0.0.1 only`;
}

function once(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= work());
}

function readNumber(
  name: string,
  fallback: number,
  valid: (value: number) => boolean,
  expected: string,
): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (valid(value)) return value;
  // Read before main() runs, so say it plainly here rather than as a stack trace.
  console.error(`bench: ${name} must be ${expected} (got "${raw}")`);
  return process.exit(1);
}

function positiveNumber(name: string, fallback: number): number {
  return readNumber(name, fallback, (v) => Number.isFinite(v) && v > 0, 'a number of seconds above 0');
}

function nonNegativeNumber(name: string, fallback: number): number {
  return readNumber(name, fallback, (v) => Number.isFinite(v) && v >= 0, 'a number of seconds, 0 or more');
}

function positiveInteger(name: string, fallback: number): number {
  return readNumber(name, fallback, (v) => Number.isInteger(v) && v > 0, 'a whole number above 0');
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
