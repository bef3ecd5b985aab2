import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '../testing/members';
import { createTestContext, type TestContext } from '../testing/test-context';
import { prepared } from './prepared';
import { user } from './tables/auth.tables';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
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
