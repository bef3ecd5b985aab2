import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInMember } from '~/app/server/testing/members';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { feedComment, feedLike, feedPost } from '~/server/db/tables/feed.tables';
import { RACE_LIMITS, race } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { CreateCommentResponse, CreatePostResponse } from '../feed.schema';
import { insertPost } from './feed.seed';

// Races that only a real PostgreSQL exposes (PGlite runs one query at a time).
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: RACE_LIMITS,
  });
});
afterAll(() => t.close());

const awardsOf = (userId: string, reason: string) =>
  t.database.db.$count(ledgerEntry, and(eq(ledgerEntry.userId, userId), eq(ledgerEntry.reason, reason)));

/** A like that must succeed. */
async function likeAs(member: { cookie: string }, postId: string): Promise<void> {
  const response = await t.call('PUT', `/api/feed/posts/${postId}/like`, undefined, {
    Cookie: member.cookie,
  });
  if (response.status !== 200) throw new Error(await response.text());
}

/** A POST the member makes that must create something (a failed attempt fails the race loudly). */
async function postAs<T>(member: { cookie: string }, url: string, body: unknown): Promise<T> {
  const response = await t.call('POST', url, body, { Cookie: member.cookie });
  if (response.status !== 201) throw new Error(await response.text());
  return (await response.json()) as T;
}

it('20 comments at once by one member (on 20 posts) are all posted, and rewarded once', async () => {
  const members: string[] = [];
  const winners = await race({
    contenders: 20,
    setup: async () => {
      const member = await signedInMember(t);
      members.push(member.user.id);
      // Different posts, so the comments do not queue behind one post's row lock: only the cooldown decides.
      const postIds: string[] = [];
      for (let n = 0; n < 20; n += 1) {
        postIds.push(
          await insertPost(t.database.db, {
            userId: member.user.id,
            content: `Race me ${n}`,
            createdAt: t.clock.now(),
          }),
        );
      }
      return { member, postIds };
    },
    attempt: async ({ member, postIds }, n) => {
      const body = { content: `comment ${n}`, isAnonymous: n % 2 === 0 };
      const created = await postAs<CreateCommentResponse>(
        member,
        `/api/feed/posts/${postIds[n]}/comments`,
        body,
      );
      return created.award !== null;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  for (const userId of members) {
    expect(await awardsOf(userId, 'comment')).toBe(1);
    expect(await t.database.db.$count(feedComment, eq(feedComment.userId, userId))).toBe(20);
    const posts = await t.database.db
      .select({ commentCount: feedPost.commentCount })
      .from(feedPost)
      .where(eq(feedPost.userId, userId));
    expect(posts.map((p) => p.commentCount)).toEqual(Array(20).fill(1));
  }
});

it('20 posts at once by one member all go up, and one is rewarded', async () => {
  const members: string[] = [];
  const winners = await race({
    contenders: 20,
    setup: async () => {
      const member = await signedInMember(t);
      members.push(member.user.id);
      return member;
    },
    attempt: async (member, n) => {
      const created = await postAs<CreatePostResponse>(member, '/api/feed/posts', { content: `post ${n}` });
      return created.award !== null;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  for (const userId of members) {
    expect(await awardsOf(userId, 'post')).toBe(1);
    expect(await t.database.db.$count(feedPost, eq(feedPost.userId, userId))).toBe(20);
  }
});

it('one member liking 10 times at once holds one like; 20 members at once count 20', async () => {
  const author = await signedInMember(t);
  const fans = await Promise.all(Array.from({ length: 20 }, () => signedInMember(t)));
  const rounds = await race({
    contenders: 10,
    setup: async () => {
      const postId = await insertPost(t.database.db, {
        userId: author.user.id,
        content: 'Like race',
        createdAt: t.clock.now(),
      });
      return postId;
    },
    attempt: async (postId) => {
      await likeAs(fans[0]!, postId);
      return true;
    },
  });
  expect(rounds.every((count) => count === 10)).toBe(true);
  const posts = await t.database.db
    .select({ id: feedPost.id, likeCount: feedPost.likeCount })
    .from(feedPost)
    .where(eq(feedPost.userId, author.user.id));
  for (const post of posts) {
    expect(post.likeCount).toBe(1);
    expect(await t.database.db.$count(feedLike, eq(feedLike.postId, post.id))).toBe(1);
  }

  const crowded = await race({
    contenders: 20,
    setup: () =>
      insertPost(t.database.db, { userId: author.user.id, content: 'Crowd', createdAt: t.clock.now() }),
    attempt: async (postId, n) => {
      await likeAs(fans[n]!, postId);
      return true;
    },
  });
  expect(crowded.every((count) => count === 20)).toBe(true);
  const crowdPosts = await t.database.db
    .select({ id: feedPost.id, likeCount: feedPost.likeCount })
    .from(feedPost)
    .where(and(eq(feedPost.userId, author.user.id), eq(feedPost.content, 'Crowd')));
  for (const post of crowdPosts) {
    expect(post.likeCount).toBe(20);
    expect(await t.database.db.$count(feedLike, eq(feedLike.postId, post.id))).toBe(20);
  }
});
