import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { CommentsPage, CreateCommentResponse, CreatePostResponse, FeedPage } from '../feed.schema';

/**
 * The canary: a member whose name is a unique marker posts and comments anonymously. Every feed, search, comment,
 * notification, event and profile answer, to every kind of reader, must carry neither the marker nor the
 * member's id, except to the member themself.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Reader {
  name: string;
  cookie?: string;
}

it('never shows the author of an anonymous post or comment to anyone but the author', async () => {
  const marker = `Canary${randomBytes(6).toString('hex')}`;
  const author = await signedInMember(t, { fullName: marker });
  const poster = await signedInMember(t, { fullName: 'Open Poster' });
  const readers: Reader[] = [
    { name: 'visitor' },
    { name: 'Member', cookie: poster.cookie },
    { name: 'other Member', cookie: (await signedInMember(t)).cookie },
    ...(await Promise.all(
      (['Driver', 'Moderator', 'Content Manager', 'Read-Only', 'Admin', 'Owner'] as const).map(
        async (role) => ({
          name: role,
          cookie: (await signedInWithRoles(t, [role])).cookie,
        }),
      ),
    )),
  ];
  const streams = await Promise.all(
    readers
      .filter((r) => r.cookie)
      .map(async (reader) => {
        const stream = sseReader(await t.call('GET', '/api/events', undefined, { Cookie: reader.cookie! }));
        await stream.next((m) => m.event === 'ready');
        return { reader, stream };
      }),
  );

  // The canary writes: an anonymous post with an anonymous comment, and an anonymous comment on a named post.
  const call = (method: string, path: string, body: unknown, cookie: string) =>
    t.call(method, path, body, { Cookie: cookie });
  const secret = (
    (await (
      await call('POST', '/api/feed/posts', { content: 'A secret thought', isAnonymous: true }, author.cookie)
    ).json()) as CreatePostResponse
  ).post;
  const open = (
    (await (
      await call('POST', '/api/feed/posts', { content: 'Open to all' }, poster.cookie)
    ).json()) as CreatePostResponse
  ).post;
  for (const postId of [secret.id, open.id]) {
    const response = await call(
      'POST',
      `/api/feed/posts/${postId}/comments`,
      { content: 'whispered comment', isAnonymous: true },
      author.cookie,
    );
    expect(((await response.json()) as CreateCommentResponse).comment.author).toBeNull();
  }
  await call('PUT', `/api/feed/posts/${open.id}/like`, undefined, author.cookie);
  await call('POST', `/api/feed/posts/${secret.id}/reports`, { reason: 'spam' }, poster.cookie);
  const comments = (await (
    await call('GET', `/api/feed/posts/${open.id}/comments`, undefined, poster.cookie)
  ).json()) as CommentsPage;
  await call(
    'POST',
    `/api/feed/comments/${comments.items[0]!.id}/reports`,
    { reason: 'harassment' },
    poster.cookie,
  );
  await call('POST', `/api/feed/posts/${secret.id}/comments`, { content: 'A named reply' }, poster.cookie);
  // Wait until every stream has heard the last write.
  for (const { stream } of streams) await stream.next((m) => m.data.includes('feed.comment'));

  const pathsFor = async (cookie: string | undefined) => {
    const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
    const page = (await (await t.call('GET', '/api/feed', undefined, headers)).json()) as Partial<FeedPage>;
    const authorIds = [...(page.items ?? []), ...(page.pinned ?? [])].flatMap((p) =>
      p.author ? [p.author.id] : [],
    );
    return [
      '/api/feed',
      `/api/feed?q=${marker}`,
      `/api/feed?q=${marker.slice(0, 8)}`,
      '/api/feed?q=secret',
      '/api/feed?q=whispered',
      `/api/feed/posts/${secret.id}`,
      `/api/feed/posts/${open.id}`,
      `/api/feed/posts/${secret.id}/comments`,
      `/api/feed/posts/${open.id}/comments`,
      '/api/notifications',
      '/api/moderation/content',
      '/api/profile',
      '/api/accounts/session',
      ...authorIds.map((id) => `/api/members/${id}`),
    ];
  };

  // A like is a named act: the liked post's author is told who liked it (issue 50; the Privacy page says so). That
  // one line, to that one reader, is the only place the canary's name may appear, and it says nothing of what the
  // canary wrote anonymously.
  const likeNotice = `${marker} liked your post.`;
  const leaks: string[] = [];
  for (const reader of readers) {
    for (const path of await pathsFor(reader.cookie)) {
      const response = await t.call('GET', path, undefined, reader.cookie ? { Cookie: reader.cookie } : {});
      let body = await response.text();
      if (reader.name === 'Member' && path === '/api/notifications') {
        expect(body).toContain(likeNotice);
        body = body.replaceAll(likeNotice, '');
      }
      if (body.includes(marker) || body.includes(author.user.id)) leaks.push(`${reader.name} GET ${path}`);
    }
  }
  for (const { reader, stream } of streams) {
    const received = JSON.stringify(stream.received());
    if (received.includes(marker) || received.includes(author.user.id)) leaks.push(`${reader.name} events`);
    await stream.close();
  }
  expect(leaks).toEqual([]);

  // The Audit Log after a Moderator's reveal: its list, filter choices and CSV name the author only to those who
  // may reveal authors. Read-Only reads that the reveal happened, without whom; the Owner reads whom, so a leak to
  // Read-Only would show here.
  const cookieOf = (name: string) => readers.find((reader) => reader.name === name)!.cookie!;
  const revealed = await call(
    'POST',
    `/api/moderation/posts/${secret.id}/reveal`,
    undefined,
    cookieOf('Moderator'),
  );
  expect(revealed.status).toBe(200);
  const auditPaths = [
    '/api/admin/audit-log',
    '/api/admin/audit-log?eventType=ANONYMOUS_AUTHOR_REVEALED',
    '/api/admin/audit-log/options',
    '/api/admin/audit-log/export?eventType=ANONYMOUS_AUTHOR_REVEALED',
  ];
  const auditBodies = async (name: string) =>
    Promise.all(
      auditPaths.map(async (path) =>
        (await t.call('GET', path, undefined, { Cookie: cookieOf(name) })).text(),
      ),
    );
  const readOnly = await auditBodies('Read-Only');
  expect(
    auditPaths.filter((_, i) => readOnly[i]!.includes(marker) || readOnly[i]!.includes(author.user.id)),
  ).toEqual([]);
  expect(readOnly[1]).toContain(
    `Revealed the author of the anonymous post #${secret.id.slice(-6).toUpperCase()}.`,
  );
  const owner = await auditBodies('Owner');
  expect(owner[1]).toContain(marker);
  expect(owner[3]).toContain(marker);

  // The author sees their own as theirs; and the search by their name never finds their anonymous writing.
  const own = await t.call('GET', `/api/feed/posts/${secret.id}`, undefined, { Cookie: author.cookie });
  expect(await own.json()).toMatchObject({ post: { isMine: true, author: null } });
  const byName = (await (
    await t.call('GET', `/api/feed?q=${marker}`, undefined, { Cookie: author.cookie })
  ).json()) as FeedPage;
  expect(byName.items).toEqual([]);
  const profile = await t.call('GET', '/api/profile', undefined, { Cookie: author.cookie });
  expect(await profile.text()).toContain(marker);
});
