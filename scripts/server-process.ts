import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/**
 * The one way scripts and tests start the real server entry (`src/app/server/index.ts`) in a process of its own, and
 * wait for it to answer: the crash test, the server-process tests and the scale-out browser tests.
 */
const root = path.resolve(import.meta.dirname, '..');

/**
 * `node --import tsx src/app/server/index.ts` in production mode with only the environment given (plus PATH and
 * HOME), so nothing of the caller's configuration leaks in. Standard output is ignored unless `stdio` says.
 */
export function startServerProcess(
  env: Record<string, string>,
  stdio: StdioOptions = ['ignore', 'ignore', 'pipe'],
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/app/server/index.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio,
  });
}

/** Resolves once `base/api/health` answers 200; fails with the server's standard error if it exits first. */
export async function waitHealthy(base: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${stderr}`);
}

/** SIGTERM, and resolves once the process has exited (at once when it already had). */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
