import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from './db/tables/auth.tables';
import { resolveSession } from './session';
import { signedInMember } from '~/app/server/testing/members';
import { queriesDuring } from '~/app/server/testing/query-counter';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

/**
 * Issue 27: a signed-in request costs one query for the session (the session and its member, joined) plus the
 * route's own. A route that starts reading more, or a session read that splits again, fails here rather than only
 * in the benchmark.
 */
const HOT_ROUTES: { path: string; own: number; why: string }[] = [
  { path: '/api/accounts/session', own: 0, why: 'nothing (the session is the answer)' },
  { path: '/api/feed', own: 1, why: 'one: the pinned posts and one page of the rest, in a union' },
  { path: '/api/inbox/conversations', own: 1, why: 'one: a page of conversations with their last message' },
  { path: '/api/shop/menu', own: 1, why: 'one: the stickers joined to their rating averages' },
  { path: '/api/notifications', own: 1, why: 'one: a page, each row carrying the unread count' },
  { path: '/api/orders', own: 1, why: 'one: a page of the member’s orders' },
];

let t: TestContext;
/** The member whose requests are counted, with posts, likes, comments, a conversation and notifications to read. */
let reader: { cookie: string };

beforeAll(async () => {
  t = await createTestContext();
  const [me, other] = [await signedInMember(t), await signedInMember(t)];
  reader = me;
  const as = (cookie: string) => ({ Cookie: cookie });
  const expectStatus = async (response: Promise<Response>, status: number) =>
    expect((await response).status).toBe(status);
  const postIds: string[] = [];
  for (const [index, isAnonymous] of [false, true, false].entries()) {
    const response = await t.call(
      'POST',
      '/api/feed/posts',
      { content: `Post ${index}`, isAnonymous },
      as(other.cookie),
    );
    expect(response.status).toBe(201);
    postIds.push(((await response.json()) as { post: { id: string } }).post.id);
  }
  await expectStatus(t.call('PUT', `/api/feed/posts/${postIds[0]}/like`, undefined, as(me.cookie)), 200);
  await expectStatus(
    t.call('POST', `/api/feed/posts/${postIds[0]}/comments`, { content: 'Nice' }, as(me.cookie)),
    201,
  );
  const started = await t.call(
    'POST',
    '/api/inbox/conversations',
    { recipientId: me.user.id },
    as(other.cookie),
  );
  const conversationId = ((await started.json()) as { conversation: { id: string } }).conversation.id;
  for (const content of ['Hello', 'Still there?']) {
    await expectStatus(
      t.call('POST', `/api/inbox/conversations/${conversationId}/messages`, { content }, as(other.cookie)),
      201,
    );
  }
});
afterAll(async () => t.close());

describe('queries per signed-in request', () => {
  it.each(HOT_ROUTES)('GET $path: one query for the session, then $why', async ({ path, own }) => {
    const { result, queries } = await queriesDuring(() =>
      t.call('GET', path, undefined, { Cookie: reader.cookie }),
    );
    expect(result.status).toBe(200);
    expect(queries[0]).toMatch(/from "session".*"user"/s);
    expect(queries, queries.join('\n\n')).toHaveLength(1 + own);
  });

  it('reads the session’s member whole: every column of the user table, with its database types', async () => {
    const { cookie, user: signedIn } = await signedInMember(t);
    const { user: member } = await resolveSession(t.ctx(), new Headers({ cookie }));
    expect(member).not.toBeNull();
    expect(Object.keys(member!).sort()).toEqual(Object.keys(getTableColumns(user)).sort());
    expect(member!.id).toBe(signedIn.id);
    expect(member!.roles).toEqual(['Member']);
    expect(member!.createdAt).toBeInstanceOf(Date);
    expect(typeof member!.xp).toBe('number');
  });

  it('answers a visitor without touching the database', async () => {
    const { result, queries } = await queriesDuring(() => t.call('GET', '/api/accounts/session'));
    expect(result.status).toBe(200);
    expect(queries).toEqual([]);
  });
});
