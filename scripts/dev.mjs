// `npm run dev`: the API server on :3001, restarted when its code changes, and Vite on :5173 with hot reload,
// proxying /api to it. Open http://localhost:5173. Ctrl-C stops both; if one of them dies, so does the other.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const API_PORT = '3001';
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
// The tools themselves, not through npx, so that our signals reach them directly.
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [
  {
    name: 'api',
    // tsx's own watch mode: it stops the server with SIGTERM (releasing the data directory) before restarting.
    command: [bin('tsx'), 'watch', '--clear-screen=false', 'src/app/server/index.ts'],
    env: { PORT: API_PORT, NODE_ENV: 'development', BASE_URL: 'http://localhost:5173' },
  },
  {
    name: 'web',
    command: [bin('vite')],
    env: { API_PORT },
  },
];

let stopping = false;
let exitCode = 0;

const running = children.map(({ name, command, env }) => {
  const [file, ...args] = command;
  const child = spawn(file, args, {
    cwd: root,
    env: { ...process.env, ...color, ...env },
    // Their own process groups: Ctrl-C reaches only this script, which stops each of them exactly once
    // (a second signal makes tsx kill the server before it has closed its database).
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefix(child.stdout, process.stdout, name);
  prefix(child.stderr, process.stderr, name);
  child.closed = new Promise((resolve) => child.once('close', resolve));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] exited (${signal ?? `code ${code}`}); stopping the other one.`);
      exitCode = code || 1;
      stopAll('SIGTERM');
    }
  });
  return child;
});

/** Forwards a child's output line by line, each line marked with where it came from. */
function prefix(from, to, name) {
  let pending = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) to.write(`[${name}] ${line}\n`);
  });
  from.on('end', () => {
    if (pending) to.write(`[${name}] ${pending}\n`);
  });
}

function stopAll(signal) {
  stopping = true;
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
  // The server may take a moment to close its database; give up waiting after 15 s.
  setTimeout(() => {
    for (const child of running) {
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  }, 15_000).unref();
  Promise.all(running.map((child) => child.closed)).then(() => process.exit(exitCode));
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (!stopping) stopAll('SIGTERM');
  });
}
// Never leave them running behind us, whatever ends this script.
process.on('exit', () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});
