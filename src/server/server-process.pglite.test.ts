import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { isDataDirLocked } from './db/data-dir-lock';
import { openMigratedDataDir } from '~/app/server/testing/test-context';
import { freePort } from '../../scripts/free-port';
import { startServerProcess } from '../../scripts/server-process';

/**
 * The real server entry in its own process: what an operator sees when starting, misconfiguring and stopping
 * it. These tests use the embedded database whatever the run's backend (a `.pglite.test.ts`: the pglite project only).
 */
/**
 * A guard against a server that never starts, not a measure of speed: it starts in about 5 s on a quiet machine and
 * took 54 s on a slow day of the shared one (vitest.config.ts).
 */
const START_TIMEOUT_MS = 180_000;

interface ServerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();
const tempDirs: string[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-process-'));
  tempDirs.push(dir);
  return dir;
}

/** A data directory holding a migrated database: for the tests about anything but the first start. */
async function migratedDataDir(): Promise<string> {
  const dataDir = tempDataDir();
  await (await openMigratedDataDir(dataDir)).close();
  return dataDir;
}

/** The real server entry (scripts/server-process.ts) with only the environment given, its output kept. */
function startServer(env: Record<string, string>): ServerProcess {
  const child = startServerProcess({ LOG_LEVEL: 'info', ...env }, ['ignore', 'pipe', 'pipe']);
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** The port the server reports in its "is running" log line (it was started with PORT=0). */
async function listeningPort(server: ServerProcess): Promise<number> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    const line = server
      .stdout()
      .split('\n')
      .find((l) => l.includes('The Vault is running at'));
    if (line) return (JSON.parse(line) as { port: number }).port;
    if (exitCode !== undefined) {
      throw new Error(`the server exited with ${exitCode} before listening:\n${server.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start in time:\n${server.stdout()}\n${server.stderr()}`);
}

async function stop(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

// Only a failed test leaves a server behind; the others wait for theirs to exit.
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it(
    'a second process on a locked data directory is refused',
    async () => {
      const dataDir = await migratedDataDir();
      const held = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const server = startServer({ DATA_DIR: dataDir, PORT: '0' });
        expect(await server.exited).toBe(1);
        expect(server.stderr()).toContain('is in use by another process');
      } finally {
        await held.close();
      }
    },
    START_TIMEOUT_MS,
  );

  // Each of these exits before opening anything, so they may run side by side.
  it.concurrent.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://127.0.0.1:5432/vault' }, 'AUTH_SECRET'],
  ])(
    'a bad configuration value exits naming the key: %o names %s',
    async (env, key) => {
      const server = startServer({ DATA_DIR: tempDataDir(), ...env });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain('Invalid configuration');
      expect(server.stderr()).toContain(`${key}:`);
    },
    START_TIMEOUT_MS,
  );

  it(
    'the server starts, answers /api/health with 200, and on SIGTERM exits 0 and releases the lock',
    async () => {
      const dataDir = tempDataDir();
      const first = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      const port = await listeningPort(first);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        status: 'ok',
        database: { backend: 'pglite', reachable: true },
      });
      expect(await isDataDirLocked(dataDir)).toBe(true);

      expect(await stop(first)).toBe(0);
      expect(first.stdout()).toContain('"msg":"stopped"');
      expect(await isDataDirLocked(dataDir)).toBe(false);

      // The same directory starts again, with the data of the first run (seeded once, nothing printed now).
      const second = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      const secondPort = await listeningPort(second);
      expect((await fetch(`http://127.0.0.1:${secondPort}/api/health`)).status).toBe(200);
      expect(second.stdout()).not.toContain('first start: demo members seeded');
      expect(await stop(second)).toBe(0);
      expect(await isDataDirLocked(dataDir)).toBe(false);
    },
    START_TIMEOUT_MS * 2,
  );

  it(
    'after kill -9 the server starts again at once on the same directory, and a second live one is still refused',
    async () => {
      const dataDir = await migratedDataDir();
      const crashed = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      await listeningPort(crashed);
      crashed.child.kill('SIGKILL');
      expect(await crashed.exited).toBeNull();
      // The dead process's lock is still fresh (it would be taken for a live one for 10 s): it is taken over.
      expect(await isDataDirLocked(dataDir)).toBe(true);

      const killedAt = Date.now();
      const restarted = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      const port = await listeningPort(restarted);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      console.log(`restart after kill -9: healthy ${Date.now() - killedAt} ms after the kill`);

      const second = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toContain('is in use by another process');
      expect(await stop(restarted)).toBe(0);
      expect(await isDataDirLocked(dataDir)).toBe(false);
    },
    START_TIMEOUT_MS * 2,
  );

  it(
    'on SIGTERM under load, every request the server accepted is answered, event streams end with a reconnect hint, and it exits 0',
    async () => {
      const dataDir = await migratedDataDir();
      const password = 'shutdown-demo-1';
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServer({
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: base,
        DEMO_PASSWORD: password,
        SHUTDOWN_TIMEOUT_MS: '8000',
      });
      await listeningPort(server);
      const login = await fetch(`${base}/api/accounts/login`, {
        method: 'POST',
        headers: { Origin: base, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'jordan@vault.example', password, rememberMe: false }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');

      // A browser's live stream, open when the signal comes.
      const stream = await fetch(`${base}/api/events`, { headers: { Cookie: cookie } });
      const streamText = stream.text();

      /**
       * One request on a connection of its own: `sent` once the connection is up and the request written,
       * `outcome` its status or the network error's code.
       */
      const get = (url: string) => {
        let sent!: () => void;
        const written = new Promise<void>((resolve) => (sent = resolve));
        const outcome = new Promise<number | string>((resolve) => {
          const request = http.get(url, { headers: { Cookie: cookie }, agent: false }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode!));
            response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
          });
          request.on('finish', sent);
          request.on('error', (error: NodeJS.ErrnoException) => {
            sent();
            resolve(error.code ?? 'error');
          });
        });
        return { written, outcome };
      };
      const requests = Array.from({ length: 40 }, () => get(`${base}/api/feed`));
      // Every request is on the wire before the signal: the server must answer them all.
      await Promise.all(requests.map((request) => request.written));
      server.child.kill('SIGTERM');
      const outcomes = await Promise.all(requests.map((request) => request.outcome));
      expect(
        outcomes,
        server
          .stdout()
          .split('\n')
          .filter((line) => /shutting|still open|stopped/.test(line))
          .join('\n'),
      ).toEqual(Array(40).fill(200));
      expect(await streamText).toContain('event: reconnect');
      expect(await streamText).toMatch(/retry: \d+/);
      expect(await server.exited).toBe(0);
    },
    START_TIMEOUT_MS * 2,
  );
});
