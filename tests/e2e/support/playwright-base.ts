import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from '../../../scripts/headless-chromium';

/**
 * Timeouts guard against a story that hangs; they never measure speed. CI runs on the submitting session's shared
 * 2-core machine, whose speed changes from day to day (a Node loop of 10⁹ additions took 1-2 s on some days and
 * 10-12 s on others), and three stories share its cores with the server. On a slow day stories that take 30 s
 * took 90-100 s and met the old 60-90 s limits, and a page that answers in 1 s took more than 10 s: failures with
 * no bug behind them. A passing story never waits for these; only a hung one does.
 */
export const STORY_TIMEOUT_MS = 300_000;
export const EXPECT_TIMEOUT_MS = 30_000;

/**
 * What every browser test run shares (playwright.config.ts, playwright.scale-out.config.ts): Debian's Chromium,
 * one try per story, the list reporter, a screenshot and a trace when a story fails.
 */
export const baseConfig = {
  fullyParallel: false,
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  timeout: STORY_TIMEOUT_MS,
  expect: { timeout: EXPECT_TIMEOUT_MS },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: HEADLESS_CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    // A red run must be readable: a failed story keeps its trace (test-results/<story>/trace.zip, opened with
    // `npx playwright show-trace`), with the DOM, network and console at every step; passing stories' traces are
    // dropped. Without the screencast (the failure screenshot above shows the end): feed and shop stories took
    // 63 s without a trace, 69 s with this one, 76 s with the screencast too.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The stories test what members do, not the decoration: under reduced motion the starry sky stands still and
    // the music waits to be turned on (tests/e2e/pwa.spec.ts tests both ways). Fifty twinkling stars on every open
    // page cost a software-rendering headless Chromium enough CPU to push long multi-member stories past their time.
    reducedMotion: 'reduce',
    // No service worker, except in the stories about it (pwa.spec.ts, push.spec.ts allow it): every new browser
    // context installed it, and it fetched and cached all 126 files of the app for offline use. That was a fifth of
    // the browsers' CPU in the run, for behaviour the other stories do not test: with the network up the app and
    // its requests are the same with or without it (docs/decisions/045).
    serviceWorkers: 'block',
  },
} satisfies PlaywrightTestConfig;

/**
 * The project that signs the Owner in once per run (tests/e2e/owner.setup.ts) and keeps the session for every story
 * acting as the Owner (tests/e2e/fixtures.ts), in a file in a folder of the run's own: two runs in one checkout never
 * sign each other's Owner out. Playwright loads the config in the runner and again in each worker; the runner
 * names the file and the workers inherit its environment.
 */
export function ownerSessionProject() {
  if (!process.env.VAULT_E2E_OWNER_STATE) {
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-e2e-state-'));
    process.env.VAULT_E2E_OWNER_STATE = path.join(stateDir, 'owner.json');
    process.on('exit', () => fs.rmSync(stateDir, { recursive: true, force: true }));
  }
  return {
    name: 'owner-session',
    testDir: path.resolve(import.meta.dirname, '..'),
    testMatch: /owner\.setup\.ts$/,
  };
}
