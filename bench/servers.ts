import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from '~/server/db/client';

/** A server listening on the loopback interface only, on a port the OS picked. */
export interface LocalServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

export async function listenOnLoopback(server: http.Server): Promise<LocalServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  // Requests still being answered: the load generator stops mid-flight, and their handlers may still be waiting
  // on the database, which must not close under them.
  let inFlight = 0;
  let drained: (() => void) | undefined;
  server.on('request', (_request, response: http.ServerResponse) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      server.closeIdleConnections();
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
      // autocannon's keep-alive sockets would otherwise hold close() open.
      server.closeAllConnections();
      await closed;
    },
  };
}

/** Baseline (a): the ceiling of this machine, Node answering a small JSON body with nothing else. */
export function startBareNodeServer(): Promise<LocalServer> {
  const body = JSON.stringify({ status: 'ok' });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
  return listenOnLoopback(server);
}

/** A small table of the bench's own; the app's tables stay untouched. */
const benchRows = pgTable('bench_rows', {
  id: serial().primaryKey(),
  name: text().notNull(),
  amountCents: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const BENCH_ROW_COUNT = 200;
export const BENCH_PAGE_SIZE = 20;

export async function createBenchRows(db: Db): Promise<void> {
  await db.execute(`create table bench_rows (
    id serial primary key,
    name text not null,
    amount_cents integer not null,
    created_at timestamptz not null default now()
  )`);
  await db.insert(benchRows).values(
    Array.from({ length: BENCH_ROW_COUNT }, (_, index) => ({
      name: `Bench row ${index + 1}`,
      amountCents: (index + 1) * 125,
    })),
  );
}

/**
 * Baseline (b): what one page of a list costs on this backend without the app around it: Node plus a
 * Drizzle select of 20 rows, serialised to JSON.
 */
export function startRawSelectServer(db: Db): Promise<LocalServer> {
  const server = http.createServer((_request, response) => {
    db.select()
      .from(benchRows)
      .orderBy(asc(benchRows.id))
      .limit(BENCH_PAGE_SIZE)
      .then(
        (rows) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(rows)),
        () => response.writeHead(500).end(),
      );
  });
  return listenOnLoopback(server);
}

/** Signs a member in through the app's real sign-in route; the cookie to send with a scenario's requests. */
export async function signInForBench(url: string, email: string, password: string) {
  const response = await fetch(`${url}/api/accounts/login`, {
    method: 'POST',
    headers: { Origin: url, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return { headers: { Cookie: cookie } };
}
