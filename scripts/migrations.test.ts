import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

/**
 * The committed migrations describe exactly the tables in src/server/db/tables: drizzle-kit, run against a copy
 * of them, finds nothing to generate. A table changed without its migration fails here.
 */
const root = path.resolve(import.meta.dirname, '..');
const migrations = path.join(root, 'src/server/db/migrations');
const work = mkdtempSync(path.join(tmpdir(), 'vault-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('drizzle-kit generates no migration from the committed tables', async () => {
  const out = path.join(work, 'migrations');
  cpSync(migrations, out, { recursive: true });
  const config = path.join(work, 'drizzle.config.mjs');
  writeFileSync(
    config,
    `export default ${JSON.stringify({
      dialect: 'postgresql',
      // drizzle-kit reads both relative to the working directory.
      schema: './src/server/db/tables/*.tables.ts',
      out: path.relative(root, out),
      casing: 'snake_case',
    })};\n`,
  );
  const { stdout } = await promisify(execFile)(
    path.join(root, 'node_modules/.bin/drizzle-kit'),
    ['generate', `--config=${config}`],
    { cwd: root },
  );
  expect(stdout).toContain('No schema changes');
  expect(readdirSync(out).sort()).toEqual(readdirSync(migrations).sort());
});
