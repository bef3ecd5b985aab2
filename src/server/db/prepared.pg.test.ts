import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInMember } from '../testing/members';
import { createTestContext, type TestContext } from '../testing/test-context';

/**
 * The reads every member makes on every visit are named prepared statements (decision 031): on a database of one
 * connection, PostgreSQL lists them in pg_prepared_statements once they ran. A search or a later page is an
 * ordinary query.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ poolMax: 1 });
});
afterAll(async () => t.close());

const preparedNames = async () => {
  const result = (await t.database.db.execute(
    sql`select name from pg_prepared_statements order by name`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
};

it('opens the session, the feed, the inbox, the menu, the bell and My Orders with prepared statements', async () => {
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
