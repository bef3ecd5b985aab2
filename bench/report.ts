import os from 'node:os';
import type { LoadSummary } from './load';

export interface Measurement {
  /** The scenario's key, for the goals (bench/goals.ts). */
  key?: string;
  name: string;
  summary: LoadSummary;
  /** This process's resident memory right after the scenario: servers and database, not the load generator. */
  rssBytes: number;
}

export function machineInfo(backendLabel: string, settings: string): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return [
    `machine: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${megabytes(os.totalmem())} MB memory, ${os.platform()} ${os.arch()}, load average ${load}`,
    `node:    ${process.version}`,
    `backend: ${backendLabel}`,
    `load:    ${settings}`,
  ].join('\n');
}

/**
 * One row per measurement. Ratios are against the two baselines of this same run, so they survive a
 * busier or faster machine better than the absolute numbers do.
 */
export function formatTable(rows: Measurement[], baseline: { node: number; select: number }): string {
  const header = ['scenario', 'req/s', 'p99 ms', 'vs node', 'vs select', 'non-2xx', 'errors', 'RSS MB'];
  const body = rows.map(({ name, summary, rssBytes }) => [
    name,
    Math.round(summary.requestsPerSecond).toString(),
    summary.p99Ms.toString(),
    ratio(summary.requestsPerSecond, baseline.node),
    ratio(summary.requestsPerSecond, baseline.select),
    summary.non2xx.toString(),
    summary.errors.toString(),
    megabytes(rssBytes).toString(),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  // Names left-aligned, numbers right-aligned, so the digits line up.
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}

function ratio(value: number, baseline: number): string {
  if (baseline <= 0) return 'n/a';
  const x = value / baseline;
  // Small ratios keep a significant digit instead of collapsing to 0.00x.
  return `${x < 0.1 ? x.toFixed(3) : x.toFixed(2)}x`;
}

function megabytes(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}
