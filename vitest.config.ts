import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * API and unit tests, in a project per database. `pglite` runs every test on the embedded database; `postgres`
 * (TEST_DATABASE_URL) runs the same API tests against PostgreSQL and adds the *.pg.test.ts files, which prove what
 * only a real server can (races, cross-instance events). The *.pglite.test.ts files use the embedded database
 * whatever the project (its data directory, backups, the server process), so only `pglite` runs them.
 *
 * TEST_BACKEND picks the projects: unset or `pglite`, `postgres`, or `both` (npm test, when it finds a PostgreSQL:
 * one run, so the two share the machine's cores to the end instead of each waiting on its slowest file).
 */
const BACKENDS = {
  pglite: { exclude: ['**/*.pg.test.ts'] },
  // Not what never touches a database (lint, migrations files, the bench's goals) nor only the embedded one.
  postgres: { exclude: ['scripts/**', 'bench/**', '**/*.pglite.test.ts'] },
} as const;
type Backend = keyof typeof BACKENDS;

const requested = process.env.TEST_BACKEND ?? 'pglite';
const backends: Backend[] =
  requested === 'both' ? ['pglite', 'postgres'] : requested === 'postgres' ? ['postgres'] : ['pglite'];

function project(backend: Backend): TestProjectInlineConfiguration {
  // The global setup (src/app/server/testing/global-setup.ts) reads the backend from the project's name.
  return { extends: true, test: { name: backend, exclude: [...BACKENDS[backend].exclude] } };
}

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    projects: backends.map(project),
    globalSetup: ['src/app/server/testing/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Each worker imports the app once for all its files (16 s of imports in a run instead of 112 s); every test
    // still gets its own database and app (createTestContext), so files share modules, never state.
    isolate: false,
    maxWorkers: 2,
    // Guards against a test that hangs, never a measure of speed: tests run on shared 2-core machines whose speed
    // changes tenfold from day to day (tests/e2e/support/playwright-base.ts). A passing test never waits for them.
    testTimeout: 120_000,
    hookTimeout: 240_000,
    expect: { poll: { timeout: 30_000 } },
    provide: {
      raceRounds: Number(process.env.RACE_ROUNDS ?? 5),
      fuzzRuns: Number(process.env.FUZZ_RUNS ?? 6),
      fuzzSeed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : -1,
    },
  },
});
