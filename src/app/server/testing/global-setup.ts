import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '~/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    backend: 'pglite' | 'postgres';
    /** pglite: a dump of a migrated database that each test context loads instead of running initdb. */
    pgliteTemplatePath: string;
    /** postgres: a migrated template database each test context copies with CREATE DATABASE ... TEMPLATE. */
    postgresAdminUrl: string;
    postgresTemplate: string;
    raceRounds: number;
    /** Generated inputs per write route in src/server/fuzz.test.ts (FUZZ_RUNS), and a seed to replay (-1: none). */
    fuzzRuns: number;
    fuzzSeed: number;
  }
}

/**
 * Builds one migrated database per project (vitest.config.ts names each after its database); every test context
 * starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const backend = project.name === 'postgres' ? 'postgres' : 'pglite';
  project.provide('backend', backend);

  if (backend === 'pglite') {
    const database = await openDatabase({ kind: 'pglite-memory' });
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir('none');
    await database.close();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vault-tpl-')), 'template.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', file);
    project.provide('postgresAdminUrl', '');
    project.provide('postgresTemplate', '');
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error(`TEST_BACKEND=${process.env.TEST_BACKEND} needs TEST_DATABASE_URL`);
  const prefix = `vault_t${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(adminUrl, template);
  const database = await openDatabase({ kind: 'postgres', url: templateUrl, poolMax: 2 });
  await migrateDatabase(database);
  await database.close();
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', template);
  project.provide('pgliteTemplatePath', '');

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${prefix}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
