import { describe, expect, it } from 'vitest';
import { formatGoals, type FigureKey, type RunResults } from './goals';
import type { Measurement } from './report';

const row = (key: string, requestsPerSecond: number, p99Ms: number): Measurement => ({
  key,
  name: key,
  summary: { requestsPerSecond, p99Ms, non2xx: 0, errors: 0 },
  rssBytes: 0,
});

const verdictOf = (table: string, figure: string) => {
  const line = table.split('\n').find((l) => l.startsWith(figure));
  if (!line) throw new Error(`no row for ${figure} in\n${table}`);
  return line.split(/\s{2,}/).slice(1);
};

describe('the goals table', () => {
  const run = (overrides: Partial<RunResults>): string =>
    formatGoals({
      backend: 'postgres',
      rows: [],
      selectRequestsPerSecond: 1000,
      figures: new Map<FigureKey, number>(),
      ...overrides,
    });

  it('judges a list read against the raw select of the same run, with the backend’s own goal', () => {
    const rows = [row('feed', 750, 10), row('inbox', 650, 10)];
    const postgres = run({ rows });
    expect(verdictOf(postgres, 'feed page vs raw')).toEqual(['≥ 0.7x', '0.750x', 'met']);
    expect(verdictOf(postgres, 'inbox list vs raw')).toEqual(['≥ 0.7x', '0.650x', 'NOT MET']);
    expect(verdictOf(run({ rows, backend: 'pglite' }), 'inbox list vs raw')).toEqual([
      '≥ 0.4x',
      '0.650x',
      'met',
    ]);
  });

  it('compares the feed’s p99 at scale with the same page at 1,000 posts', () => {
    const met = run({ rows: [row('feed', 100, 20), row('feed-at-scale', 100, 30)] });
    expect(verdictOf(met, 'feed page p99 at')).toEqual(['≤ 1.5', '1.50', 'met']);
    const missed = run({ rows: [row('feed', 100, 20), row('feed-at-scale', 100, 31)] });
    expect(verdictOf(missed, 'feed page p99 at')).toEqual(['≤ 1.5', '1.55', 'NOT MET']);
  });

  it('says where a figure this run did not measure comes from', () => {
    const table = run({});
    expect(verdictOf(table, 'feed page p99 at')).toEqual([
      '≤ 1.5',
      '-',
      'see BENCH_SCALE=1000000 npm run bench',
    ]);
    expect(verdictOf(table, 'first-load JS')).toEqual([
      '≤ 100 kB',
      '-',
      'see npm run size after npx vite build',
    ]);
    const withFigures = run({
      figures: new Map<FigureKey, number>([
        ['firstLoadKb', 99.4],
        ['messageEventP99Ms', 51],
      ]),
    });
    expect(verdictOf(withFigures, 'first-load JS')).toEqual(['≤ 100 kB', '99.4 kB', 'met']);
    expect(verdictOf(withFigures, 'message send')).toEqual(['≤ 50 ms', '51.0 ms', 'NOT MET']);
    expect(verdictOf(table, 'the same, two instances')).toEqual([
      '≤ 100 ms',
      '-',
      'PostgreSQL only (BENCH_DATABASE_URL), with the inbox scenarios',
    ]);
    const crossing = run({ figures: new Map<FigureKey, number>([['messageEventTwoInstancesP99Ms', 99.9]]) });
    expect(verdictOf(crossing, 'the same, two instances')).toEqual(['≤ 100 ms', '99.9 ms', 'met']);
  });
});
