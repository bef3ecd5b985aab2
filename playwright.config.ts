import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_DEMO_PASSWORD, E2E_ETA_WINDOW_MS, E2E_OWNER_PASSWORD } from './tests/e2e/support/server-env';
import { freePort } from './scripts/free-port';
import { baseConfig, ownerSessionProject } from './tests/e2e/support/playwright-base';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the built app, served by the real
 * server on a free port with a fresh embedded database. Build first: `npx vite build` (npm test does).
 *
 * Playwright loads this file in the runner and again in every worker. The runner picks the port and the data
 * directory and leaves them in its environment, which the workers inherit, so everyone agrees on them.
 */
const root = import.meta.dirname;

if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
  throw new Error(
    'The browser app is not built (dist/client/index.html is missing): run `npx vite build` first.',
  );
}

process.env.VAULT_E2E_PORT ??= String(await freePort());
if (!process.env.VAULT_E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-e2e-'));
  process.env.VAULT_E2E_DATA_DIR = dataDir;
  // The server has stopped (gracefully, see webServer below) by the time the runner exits.
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
// The app's mail goes by SMTP to a receiver of our own (tests/e2e/support/mail-receiver.ts), which keeps each
// message as a file in the mail directory for the specs to read.
process.env.VAULT_E2E_SMTP_PORT ??= String(await freePort());
if (!process.env.VAULT_E2E_MAIL_DIR) {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-e2e-mail-'));
  process.env.VAULT_E2E_MAIL_DIR = mailDir;
  process.on('exit', () => fs.rmSync(mailDir, { recursive: true, force: true }));
}
const port = process.env.VAULT_E2E_PORT;
const dataDir = process.env.VAULT_E2E_DATA_DIR;
const smtpPort = process.env.VAULT_E2E_SMTP_PORT;
const baseURL = `http://127.0.0.1:${port}`;
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: 'tests/e2e',
  testIgnore: 'scale-out/**', // two instances on PostgreSQL: playwright.scale-out.config.ts
  outputDir: 'test-results',
  ...baseConfig,
  // Three stories at a time on two cores: a story spends part of its time waiting (for the server, a live event, a
  // toast's own timer, the ETA window), when a third one uses the core. Measured on the 2-core machine: 130 stories
  // in 372 s with three, 428 s with two; the longest story took 32 s (of its 90 s) with three.
  workers: 3,
  use: { ...baseConfig.use, baseURL },
  // Every story runs at phone size, as most members use the app. Stories tagged @desktop check a layout that
  // changes with the width (the header's tabs, the inbox's panes, keyboard or touch, accessibility at each size),
  // so they run at desktop size too; a story that resizes the window itself needs no second run. Stories tagged
  // @desktop-only run at desktop size alone (the accessibility gate's widened screens).
  //
  // Stories tagged @shared-state change what every member sees (the delivery fee, the menu, the weekly bonus, the
  // built service worker) or how the Owner signs in (two-factor on): they run after all the others, one at a
  // time (one worker), so no other story meets a half-changed shop, or signs the Owner in while a code is asked for.
  projects: [
    ownerSessionProject(),
    {
      name: 'phone',
      grepInvert: /@shared-state|@desktop-only/,
      dependencies: ['owner-session'],
      use: phone,
    },
    {
      name: 'desktop',
      grep: /@desktop/,
      grepInvert: /@shared-state/,
      dependencies: ['owner-session'],
      use: desktop,
    },
    {
      name: 'phone-shared-state',
      grep: /@shared-state/,
      dependencies: ['phone', 'desktop'],
      workers: 1,
      use: phone,
    },
  ],
  webServer: [
    {
      // First, so the app can send from its first request; the runner's environment names its port and folder.
      command: 'node --import tsx tests/e2e/support/mail-receiver.ts',
      cwd: root,
      port: Number(smtpPort),
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx src/app/server/index.ts',
      cwd: root,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      // A guard against a server that never starts, not a measure of speed: it starts in about 15 s, and took more
      // than 60 s beside another full run and two busy loops.
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      // Everything the server knows about being under test comes from here; empty means unset.
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: port,
        BASE_URL: baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        AUTH_SECRET: '',
        LOG_LEVEL: 'warn',
        DEMO_PASSWORD: E2E_DEMO_PASSWORD,
        OWNER_PASSWORD: E2E_OWNER_PASSWORD,
        // Every browser here comes from 127.0.0.1, so per-IP limits would count the whole suite as one visitor.
        // Per-account limits stay as configured in production.
        RATE_LIMIT_SIGN_IN_PER_IP: '10000/60',
        RATE_LIMIT_SIGN_UP_PER_IP: '10000/300',
        RATE_LIMIT_OWNER_SIGN_IN_PER_IP: '10000/3600',
        RATE_LIMIT_PASSWORD_RESET_PER_IP: '10000/3600',
        // A few demo members act out every story within minutes; the per-member limits have their own API test
        // (src/server/abuse-limits.test.ts).
        ...Object.fromEntries(
          ['POSTS', 'COMMENTS', 'MESSAGES', 'REPORTS', 'RATINGS', 'SEARCHES', 'ORDERS', 'EXPORTS'].map(
            (name) => [`RATE_LIMIT_${name}_PER_USER`, '10000/60'],
          ),
        ),
        // Every story signs up members of its own: their passwords hashed at the lowest cost (docs/decisions/034).
        PASSWORD_HASH_COST: '10',
        ETA_WINDOW_MS: String(E2E_ETA_WINDOW_MS),
        // And may leave an order at the door 2 seconds after Notify Customer rather than 10 minutes.
        DOOR_PHOTO_WAIT_MS: '2000',
        CLAIM_SWEEP_INTERVAL_MS: '1000',
        // Never the real Twilio: a story that saves SMS credentials points at a closed local port instead.
        TWILIO_BASE_URL: 'http://127.0.0.1:9',
        SMS_SEND_INTERVAL_MS: '500',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'The Vault <vault@e2e.example>',
      },
    },
  ],
});
