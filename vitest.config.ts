import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * API and unit tests. TEST_BACKEND=postgres (with TEST_DATABASE_URL) runs the same API tests against PostgreSQL
 * and adds the *.pg.test.ts files, which prove what only a real server can (races, cross-instance events). The
 * *.pglite.test.ts files use the embedded database whatever the pass (its data directory, backups, the server
 * process), so only the PGlite pass runs them.
 */
const backend = process.env.TEST_BACKEND === 'postgres' ? 'postgres' : 'pglite';

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    // The PostgreSQL pass adds the race tests and skips what never touches a database (lint, migrations files) or
    // only the embedded one.
    exclude: backend === 'postgres' ? ['scripts/**', 'bench/**', '**/*.pglite.test.ts'] : ['**/*.pg.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Each worker imports the app once for all its files (16 s of imports in a run instead of 112 s); every test
    // still gets its own database and app (createTestContext), so files share modules, never state.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_BACKEND: backend },
    provide: {
      raceRounds: Number(process.env.RACE_ROUNDS ?? 5),
      fuzzRuns: Number(process.env.FUZZ_RUNS ?? 6),
      fuzzSeed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : -1,
    },
  },
});
