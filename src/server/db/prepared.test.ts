import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { prepared } from './prepared';
import { user } from './tables/auth.tables';

/**
 * The reads every member makes on every visit are named prepared statements (decision 031): on a database of one
 * connection (PostgreSQL) or PGlite's one session, pg_prepared_statements lists them once they ran. A search or a
 * later page is an ordinary query.
 */
let t: TestContext;
beforeAll(async () => {
  // One connection, and one no test has prepared statements on before.
  t = await createTestContext({ poolMax: 1, unused: true });
});
afterAll(async () => t.close());

describe('prepared statements', () => {
  it('builds a statement once per database and answers as the same query unprepared', async () => {
    const member = await signedInMember(t);
    let builds = 0;
    const nameById = prepared('vault_test_name_by_id', (db) => {
      builds += 1;
      return db
        .select({ name: user.name })
        .from(user)
        .where(eq(user.id, sql.placeholder('id')));
    });
    const { db } = t.database;
    const first = await nameById(db).execute({ id: member.user.id });
    const again = await nameById(db).execute({ id: 'nobody' });
    expect(builds).toBe(1);
    expect(first).toEqual(await db.select({ name: user.name }).from(user).where(eq(user.id, member.user.id)));
    expect(first).toEqual([{ name: member.user.fullName }]);
    expect(again).toEqual([]);
  });

  it('refuses a second statement under a name already taken (one name is one SQL text)', () => {
    const build = () => prepared('vault_test_taken', (db) => db.select().from(user));
    build();
    expect(build).toThrow('Two prepared statements are named vault_test_taken.');
  });
});

const preparedNames = async () => {
  const result = (await t.database.db.execute(
    sql`select name from pg_prepared_statements where name not like 'vault_test_%' order by name`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
};

it('opens the session, the feed, the inbox, the menu, the bell and My Orders with named statements', async () => {
  const member = await signedInMember(t);
  const get = async (path: string) => {
    const response = await t.call('GET', path, undefined, { Cookie: member.cookie });
    expect(response.status, path).toBe(200);
  };
  expect(await preparedNames()).toEqual([]);

  await get('/api/feed?q=nothing%20like%20this');
  await get('/api/inbox/conversations?q=nobody');
  expect(await preparedNames()).toEqual(['vault_session_by_token']);

  for (const path of [
    '/api/feed',
    '/api/inbox/conversations',
    '/api/shop/menu',
    '/api/notifications',
    '/api/orders',
  ])
    await get(path);
  expect(await preparedNames()).toEqual([
    'vault_feed_opening',
    'vault_inbox_first_page',
    'vault_menu',
    'vault_my_orders_first_page',
    'vault_notifications',
    'vault_session_by_token',
  ]);
});
