// Lighthouse, mobile, against the built app: `npx vite build && npm run lighthouse [-- --runs=3 --json=DIR]`.
//
// Starts the server on a free port with a fresh embedded database (demo data seeded), runs Lighthouse's
// performance audit (its default mobile profile: a mid-range phone, slow 4G and a 4x slower CPU, simulated) on
// "/" as a visitor and on "/feed" as a signed-in demo member, and prints the median of each page's runs.
// Chromium starts as in the browser tests (scripts/headless-chromium.mjs). Not part of CI: one run takes about a minute and the
// scores move with the machine's load. Figures measured so far are in bench/README.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH as CHROMIUM, HEADLESS_CHROMIUM_ARGS } from './headless-chromium';
import { freePort } from './free-port';

const root = path.resolve(import.meta.dirname, '..');
const DEMO_PASSWORD = 'lighthouse-demo-password';
const MEMBER = 'jordan@vault.example';
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 3);
// --json=DIR keeps every run's full report (the LCP element, the request chain, main-thread work) for reading.
const jsonDir = process.argv.find((arg) => arg.startsWith('--json='))?.slice(7);

if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
  console.error('lighthouse: the app is not built: run `npx vite build` first.');
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`lighthouse: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`);
  process.exit(1);
}

async function waitFor(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

const stopped = (child) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-lighthouse-'));
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-lighthouse-chromium-'));
const appPort = await freePort();
const debugPort = await freePort();
const base = `http://127.0.0.1:${appPort}`;

const server = spawn(process.execPath, ['--import', 'tsx', 'src/app/server/index.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(appPort),
    BASE_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    DEMO_PASSWORD,
  },
});
const chromium = spawn(
  CHROMIUM,
  [
    ...HEADLESS_CHROMIUM_ARGS,
    `--user-data-dir=${profileDir}`,
    `--remote-debugging-port=${debugPort}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
);

try {
  await waitFor(`${base}/api/health`, 90_000);
  await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 30_000);

  const login = await fetch(`${base}/api/accounts/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: MEMBER, password: DEMO_PASSWORD, rememberMe: true }),
  });
  if (!login.ok) throw new Error(`signing in ${MEMBER} failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');

  const pages = [
    { label: '/ (visitor)', url: `${base}/`, headers: {} },
    { label: '/feed (member)', url: `${base}/feed`, headers: { Cookie: cookie } },
  ];
  const metrics = {
    FCP: 'first-contentful-paint',
    LCP: 'largest-contentful-paint',
    TBT: 'total-blocking-time',
    CLS: 'cumulative-layout-shift',
    SI: 'speed-index',
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  console.log(
    `Lighthouse ${runs} run(s) per page, mobile, ${os.cpus().length} CPU(s), ${new Date().toISOString()}`,
  );
  for (const page of pages) {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(page.url, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: page.headers,
      });
      const { categories, audits, runtimeError, runWarnings } = result.lhr;
      if (jsonDir) {
        fs.mkdirSync(jsonDir, { recursive: true });
        const name = `${page.label.split(' ')[0].replace(/\W+/g, '') || 'root'}-${run + 1}.json`;
        fs.writeFileSync(path.join(jsonDir, name), result.report);
      }
      if (runtimeError || categories.performance.score === null) {
        console.log(
          `  ${page.label} run ${run + 1}: no score (${runtimeError?.message ?? runWarnings.join('; ')})`,
        );
        continue;
      }
      results.push({
        score: Math.round(categories.performance.score * 100),
        ...Object.fromEntries(Object.entries(metrics).map(([name, id]) => [name, audits[id].numericValue])),
      });
      console.log(`  ${page.label} run ${run + 1}: ${results.at(-1).score}`);
    }
    if (results.length === 0) {
      console.log(`${page.label}: no run gave a score`);
      continue;
    }
    const line = Object.keys(metrics)
      .map((name) => {
        const value = median(results.map((result) => result[name]));
        if (name === 'CLS') return `${name} ${value.toFixed(3)}`;
        return name === 'TBT' ? `${name} ${Math.round(value)} ms` : `${name} ${(value / 1000).toFixed(2)} s`;
      })
      .join(', ');
    console.log(
      `${page.label}: performance ${median(results.map((result) => result.score))} (median); ${line}`,
    );
  }
} finally {
  chromium.kill('SIGTERM');
  server.kill('SIGTERM');
  await Promise.all([stopped(chromium), stopped(server)]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profileDir, { recursive: true, force: true });
}
