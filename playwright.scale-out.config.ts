import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from './scripts/headless-chromium';
import { freePort } from './scripts/free-port';

/**
 * The scale-out stories (tests/e2e/scale-out/): two app instances on one PostgreSQL, sharing S3 storage, behind a
 * round-robin proxy that the browser talks to. The global setup starts all of it on a fresh database and skips
 * the stories, saying why, when no PostgreSQL answers (TEST_DATABASE_URL, else 127.0.0.1:5432); with CI=true that
 * fails instead. Build first: `npx vite build`. Run: `npx playwright test -c playwright.scale-out.config.ts`.
 */
process.env.VAULT_SCALE_OUT_PORT ??= String(await freePort());

export default defineConfig({
  testDir: 'tests/e2e/scale-out',
  outputDir: 'test-results/scale-out',
  globalSetup: './tests/e2e/scale-out/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${process.env.VAULT_SCALE_OUT_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: HEADLESS_CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [{ name: 'desktop-two-instances' }],
});
