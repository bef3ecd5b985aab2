import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '~/server/db/client';
import { queryRecorder } from './query-counter';

/**
 * The embedded databases of one test worker, used again from test to test. Opening PGlite from the run's template
 * costs about a second of CPU (the wasm module, PostgreSQL's files, the data directory), and a run opened 70 of
 * them: 103 s of the pglite project's 232 s. A database a test has finished with goes back to the pool when it is
 * still open and its schema is as migrated, emptied back to the template's rows (about 50 ms), so the next test
 * finds it as a newly opened one would be. One a test closed (the "database is gone" tests) or whose schema it
 * changed is not used again.
 */
const idle: Database[] = [];
let template: Blob | undefined;
let templateState: Promise<TemplateState> | undefined;

/** What a database just loaded from the template holds: its schema's fingerprint, tables, rows and sequences. */
interface TemplateState {
  schema: string;
  tables: string[];
  rows: { table: string; json: string }[];
  sequences: { name: string; value: string; called: boolean }[];
}

/** The public schema's relations, columns and triggers (enabled or not), as one hash. */
async function schemaFingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(`
    select md5(
      coalesce((select string_agg(concat_ws(':', c.oid, c.relname, c.relkind), ',' order by c.oid)
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'), '') ||
      coalesce((select string_agg(concat_ws(':', a.attrelid, a.attname, a.atttypid, a.attnotnull), ','
          order by a.attrelid, a.attnum)
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped), '') ||
      coalesce((select string_agg(concat_ws(':', t.tgname, t.tgenabled), ',' order by t.oid) from pg_trigger t), '')
    ) as fingerprint`);
  return rows[0]!.fingerprint;
}

/** The public schema's tables, quoted for SQL. */
export async function publicTables(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map(({ name }) => name);
}

async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const tables = await publicTables(client);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    );
    if (found[0]?.json) rows.push({ table, json: found[0].json });
  }
  const { rows: sequences } = await client.query<TemplateState['sequences'][number]>(`
    select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
      coalesce(last_value, start_value)::text as value, last_value is not null as called
    from pg_sequences where schemaname = 'public'`);
  return { schema: await schemaFingerprint(client), tables, rows, sequences };
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Back to the template's rows. Triggers are off meanwhile: the audit log refuses TRUNCATE by one. */
async function reset(client: PGlite, state: TemplateState): Promise<void> {
  await client.exec(
    [
      'set session_replication_role = replica',
      `truncate ${state.tables.join(', ')} restart identity cascade`,
      ...state.rows.map(
        ({ table, json }) =>
          `insert into ${table} select * from json_populate_recordset(null::${table}, ${literal(json)})`,
      ),
      ...state.sequences.map(
        ({ name, value, called }) => `select setval(${literal(name)}, ${value}, ${called})`,
      ),
      'reset all',
      'unlisten *',
      'select pg_advisory_unlock_all()',
    ].join(';\n'),
  );
}

/**
 * An embedded database as migrated: one this worker used before, emptied, or a new one from the template (always,
 * with `unused`, for a test that reads the session's own state, such as its prepared statements).
 */
export async function takeEmbeddedDatabase(templatePath: string, { unused = false } = {}): Promise<Database> {
  const reused = unused ? undefined : idle.pop();
  if (reused) return reused;
  template ??= new Blob([fs.readFileSync(templatePath)]);
  const database = await openDatabase(
    { kind: 'pglite-memory', loadDataDir: template },
    { logger: queryRecorder },
  );
  templateState ??= readTemplateState(database.pglite!);
  await templateState;
  return database;
}

/** Done with it: emptied and kept for the next test, or closed when its schema changed or emptying it failed. */
export async function giveBackEmbeddedDatabase(database: Database): Promise<void> {
  const client = database.pglite!;
  if (client.closed) return;
  const state = await templateState!;
  try {
    if ((await schemaFingerprint(client)) !== state.schema) throw new Error('schema changed');
    await reset(client, state);
  } catch {
    await database.close();
    return;
  }
  idle.push(database);
}
