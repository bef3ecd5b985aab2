import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start` builds the browser app only when its sources changed since the last build, so a restart is as quick
 * as the server's own start (issue 27). What goes into the bundle: everything under src/ except server code and
 * tests, plus the files that configure the build. Their paths and contents are hashed; the hash is kept beside
 * the build in dist/client/.build-fingerprint.
 */
const root = path.resolve(import.meta.dirname, '..');
const BUILD_CONFIG = ['vite.config.ts', 'scripts/vite-pwa.ts', 'package-lock.json', 'tsconfig.json'];
const FINGERPRINT_FILE = 'dist/client/.build-fingerprint';

/** Whether a file under src/ can end up in the browser bundle. */
export function feedsTheBundle(relativePath: string): boolean {
  const parts = relativePath.split(path.sep);
  if (parts.includes('server')) return false;
  return !/\.test\.tsx?$/.test(relativePath);
}

function* filesUnder(directory: string): Generator<string> {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** A hash of the bundle's sources in `projectRoot`: it changes when one of them does, and only then. */
export function clientFingerprint(projectRoot = root): string {
  const hash = createHash('sha256');
  const sources = [...filesUnder(path.join(projectRoot, 'src'))]
    .map((file) => path.relative(projectRoot, file))
    .filter((file) => feedsTheBundle(path.relative('src', file)))
    .concat(BUILD_CONFIG.filter((file) => fs.existsSync(path.join(projectRoot, file))))
    .sort();
  for (const file of sources) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(projectRoot, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function main(): void {
  const fingerprint = clientFingerprint();
  const recorded = path.join(root, FINGERPRINT_FILE);
  const current =
    fs.existsSync(path.join(root, 'dist/client/index.html')) &&
    fs.existsSync(recorded) &&
    fs.readFileSync(recorded, 'utf8') === fingerprint;
  if (current) {
    console.log('The browser app is up to date (dist/client); not rebuilding.');
    return;
  }
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(recorded, fingerprint);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
