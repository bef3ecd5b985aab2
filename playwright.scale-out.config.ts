import { defineConfig } from '@playwright/test';
import { freePort } from './scripts/free-port';
import { baseConfig, ownerSessionProject } from './tests/e2e/support/playwright-base';

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
  ...baseConfig,
  workers: 1,
  use: {
    ...baseConfig.use,
    baseURL: `http://127.0.0.1:${process.env.VAULT_SCALE_OUT_PORT}`,
    viewport: { width: 1280, height: 800 },
  },
  projects: [ownerSessionProject(), { name: 'desktop-two-instances', dependencies: ['owner-session'] }],
});
