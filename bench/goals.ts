import type { Measurement } from './report';

/**
 * Issue 27's goals, each printed beside what this run measured and a verdict. Goals are ratios to the baselines of
 * the same run or latencies, never absolute throughput, so a verdict means the same on a busy machine. A goal
 * this run cannot measure (another backend, another script) says where its figure comes from instead.
 */
export type BenchBackendKind = 'postgres' | 'pglite';

/** What a run measured: its scenario rows (by key), its baselines and the figures measured outside a load run. */
export interface RunResults {
  backend: BenchBackendKind;
  rows: Measurement[];
  selectRequestsPerSecond: number;
  figures: ReadonlyMap<FigureKey, number>;
}

/** Figures measured by a scenario's setup rather than by a load run. */
export type FigureKey = 'messageEventP99Ms' | 'messageEventTwoInstancesP99Ms' | 'firstLoadKb';

const figures = new Map<FigureKey, number>();

/** Keeps a figure a scenario measured on its own for the goals table. */
export function recordFigure(key: FigureKey, value: number): void {
  figures.set(key, value);
}

export function recordedFigures(): ReadonlyMap<FigureKey, number> {
  return figures;
}

type Outcome = { measured: string; met: boolean } | { elsewhere: string };

interface Goal {
  figure: string;
  goal: (backend: BenchBackendKind) => string;
  outcome: (run: RunResults) => Outcome;
}

const vsSelectGoal = { postgres: 0.7, pglite: 0.4 } as const;

/** A signed-in list read against the raw 20-row select: PGlite runs one query at a time, so its goal is lower. */
function vsSelect(figure: string, key: string): Goal {
  return {
    figure: `${figure} vs raw 20-row select`,
    goal: (backend) => `≥ ${vsSelectGoal[backend]}x`,
    outcome: (run) => {
      const row = rowOf(run, key);
      if (!row) return { elsewhere: 'not in this run (BENCH_ONLY)' };
      const ratio = row.summary.requestsPerSecond / run.selectRequestsPerSecond;
      return { measured: `${ratio.toFixed(3)}x`, met: ratio >= vsSelectGoal[run.backend] };
    },
  };
}

function figureAtMost(figure: string, key: FigureKey, limit: number, unit: string, how: string): Goal {
  return {
    figure,
    goal: () => `≤ ${limit} ${unit}`,
    outcome: (run) => {
      const value = run.figures.get(key);
      if (value === undefined) return { elsewhere: how };
      return { measured: `${value.toFixed(1)} ${unit}`, met: value <= limit };
    },
  };
}

export const goals: Goal[] = [
  vsSelect('feed page', 'feed'),
  vsSelect('inbox list', 'inbox'),
  vsSelect('menu', 'menu'),
  {
    figure: 'order submit p99',
    goal: () => '< 100 ms',
    outcome: (run) => {
      const row = rowOf(run, 'order');
      if (!row) return { elsewhere: 'not in this run (BENCH_ONLY)' };
      return { measured: `${row.summary.p99Ms} ms`, met: row.summary.p99Ms < 100 };
    },
  },
  {
    figure: 'feed page p99 at BENCH_SCALE posts / at 1,000',
    goal: () => '≤ 1.5',
    outcome: (run) => {
      const small = rowOf(run, 'feed');
      const large = rowOf(run, 'feed-at-scale');
      if (!small || !large) return { elsewhere: 'see BENCH_SCALE=1000000 npm run bench' };
      // autocannon reports whole milliseconds: a page under 1 ms counts as 1, not as a division by zero.
      const ratio = Math.max(large.summary.p99Ms, 1) / Math.max(small.summary.p99Ms, 1);
      return { measured: ratio.toFixed(2), met: ratio <= 1.5 };
    },
  },
  {
    figure: 'Overview (30 days) p99, 100,000 orders on PostgreSQL',
    goal: () => '< 300 ms',
    outcome: (run) => {
      const row = rowOf(run, 'insights');
      if (!row) return { elsewhere: 'not in this run (BENCH_ONLY)' };
      const orders = Number(process.env.BENCH_INSIGHTS_ORDERS || 2000);
      const measured = `${row.summary.p99Ms} ms at ${orders.toLocaleString('en-US')} orders`;
      if (orders < 100_000)
        return { elsewhere: `${measured}; BENCH_INSIGHTS_ORDERS=100000 with BENCH_DATABASE_URL` };
      return { measured, met: row.summary.p99Ms < 300 };
    },
  },
  figureAtMost(
    'message send → the other member’s event, p99, one instance',
    'messageEventP99Ms',
    50,
    'ms',
    'not in this run (the inbox scenarios)',
  ),
  figureAtMost(
    'the same, two instances (the stream on the other one)',
    'messageEventTwoInstancesP99Ms',
    100,
    'ms',
    'PostgreSQL only (BENCH_DATABASE_URL), with the inbox scenarios',
  ),
  figureAtMost(
    'first-load JS for /, gzip',
    'firstLoadKb',
    100,
    'kB',
    'see npm run size after npx vite build',
  ),
  {
    figure: 'Lighthouse mobile performance, / and /feed',
    goal: () => '≥ 90',
    outcome: elsewhere('see npm run lighthouse'),
  },
  {
    figure: 'restart of a built app to healthy, PGlite',
    goal: () => '≤ 3 s',
    outcome: elsewhere('see npm run test:crash'),
  },
  {
    figure: 'open event streams on one instance',
    goal: () => '10,000, heartbeats on time',
    outcome: elsewhere('see npm run bench:streams'),
  },
];

function elsewhere(how: string): () => Outcome {
  return () => ({ elsewhere: how });
}

function rowOf(run: RunResults, key: string): Measurement | undefined {
  return run.rows.find((row) => row.key === key);
}

/** The goals table: figure, goal, this run's figure, verdict. */
export function formatGoals(run: RunResults): string {
  const body = goals.map((goal) => {
    const outcome = goal.outcome(run);
    return 'elsewhere' in outcome
      ? [goal.figure, goal.goal(run.backend), '-', outcome.elsewhere]
      : [goal.figure, goal.goal(run.backend), outcome.measured, outcome.met ? 'met' : 'NOT MET'];
  });
  const header = ['goal (issue 27)', 'target', 'this run', 'verdict'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}
