import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '~/server/db/client';
import { auditLog } from '~/server/db/tables/audit.tables';
import { signedInMember } from './members';
import { publicTables } from './pglite-pool';
import { createTestContext, openTestDatabase } from './test-context';

/**
 * The worker's embedded databases are used again from test to test (pglite-pool.ts): the next test must find one
 * exactly as a newly loaded template would be, or not get it at all. The pglite project only (a `.pglite.test.ts`).
 */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await publicTables(database.pglite!)) {
    const { rows } = await database.pglite!.query<{ count: number }>(
      `select count(*)::int as count from ${name}`,
    );
    counts[name] = rows[0]!.count;
  }
  return counts;
}

it('gives the next test the same database emptied back to the template rows, with the audit log too', async () => {
  const fresh = await openTestDatabase({ unused: true });
  const asLoaded = await rowCounts(fresh.database);
  await fresh.dispose();

  const t = await createTestContext();
  await signedInMember(t);
  await signedInMember(t);
  // The audit log refuses TRUNCATE by a trigger of its own; emptying it must still work.
  await t.database.db.insert(auditLog).values({ id: 'pool-test', eventType: 'member.signed_up' });
  const used = t.database.pglite;
  const written = await rowCounts(t.database);
  expect(written['"user"']).toBeGreaterThan(asLoaded['"user"']!);
  expect(written.audit_log).toBeGreaterThan(0);
  await t.close();

  const next = await openTestDatabase();
  expect(next.database.pglite).toBe(used);
  expect(await rowCounts(next.database)).toEqual(asLoaded);
  await next.dispose();
});

it('never gives out again a database whose schema a test changed, nor one a test closed', async () => {
  const altered = await openTestDatabase();
  await altered.database.db.execute(sql`alter table reward add column pool_test integer`);
  await altered.dispose();
  expect(altered.database.pglite!.closed).toBe(true);

  const closed = await openTestDatabase();
  await closed.database.close();
  await closed.dispose();

  const next = await openTestDatabase();
  expect([altered.database.pglite, closed.database.pglite]).not.toContain(next.database.pglite);
  const { rows } = await next.database.pglite!.query(
    `select 1 from information_schema.columns where table_name = 'reward' and column_name = 'pool_test'`,
  );
  expect(rows).toEqual([]);
  await next.dispose();
});
