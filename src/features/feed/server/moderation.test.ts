import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Capability, type Role } from '~/shared/permissions';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { keyFromUploadUrl } from '~/server/uploads/upload-urls';
import { auditLog } from '~/server/db/tables/audit.tables';
import { feedComment, feedLike, feedPost, feedReport } from '~/server/db/tables/feed.tables';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';
import type {
  ContentPage,
  CreateCommentResponse,
  CreatePostResponse,
  FeedPage,
  MediaUploadResponse,
} from '../feed.schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Cookie = { cookie: string };
const as = (who: Cookie) => ({ Cookie: who.cookie });
const json = async <T>(response: Response) => (await response.json()) as T;

async function writePost(author: Cookie, body: Record<string, unknown>) {
  return (await json<CreatePostResponse>(await t.call('POST', '/api/feed/posts', body, as(author)))).post;
}
async function writeComment(author: Cookie, postId: string, body: Record<string, unknown>) {
  const response = await t.call('POST', `/api/feed/posts/${postId}/comments`, body, as(author));
  return (await json<CreateCommentResponse>(response)).comment;
}
const audits = (eventType: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.eventType, eventType));

const ROLES: Role[] = ['Member', 'Driver', 'Moderator', 'Content Manager', 'Admin', 'Owner'];

describe('who may moderate', () => {
  it('allows each action exactly to the roles that hold its capability, and audits each once', async () => {
    const author = await signedInMember(t);
    for (const role of ROLES) {
      const actor = role === 'Member' ? await signedInMember(t) : await signedInWithRoles(t, [role]);
      const actorId = 'user' in actor ? actor.user.id : actor.id;
      const post = await writePost(author, { content: `${role} target`, isAnonymous: true });
      const comment = await writeComment(author, post.id, { content: 'a comment', isAnonymous: true });
      await t.call('POST', `/api/feed/posts/${post.id}/reports`, { reason: 'spam' }, as(author));
      const actions: [string, string, string, Capability, string | null][] = [
        ['PUT', `/api/moderation/posts/${post.id}/pin`, 'pin', 'moderate:posts', 'POST_PINNED'],
        ['DELETE', `/api/moderation/posts/${post.id}/pin`, 'unpin', 'moderate:posts', 'POST_UNPINNED'],
        [
          'POST',
          `/api/moderation/posts/${post.id}/reveal`,
          'reveal post',
          'reveal:anonymous-authors',
          'ANONYMOUS_AUTHOR_REVEALED',
        ],
        [
          'POST',
          `/api/moderation/comments/${comment.id}/reveal`,
          'reveal comment',
          'reveal:anonymous-authors',
          'ANONYMOUS_AUTHOR_REVEALED',
        ],
        ['GET', '/api/moderation/content', 'content tab', 'moderate:posts', null],
        [
          'POST',
          `/api/moderation/posts/${post.id}/dismiss-reports`,
          'dismiss',
          'moderate:posts',
          'REPORTS_DISMISSED',
        ],
        [
          'DELETE',
          `/api/moderation/comments/${comment.id}`,
          'delete comment',
          'moderate:posts',
          'COMMENT_DELETED',
        ],
        ['DELETE', `/api/moderation/posts/${post.id}`, 'delete post', 'moderate:posts', 'POST_DELETED'],
      ];
      for (const [method, url, label, capability, eventType] of actions) {
        const allowed = can({ roles: [role] }, capability);
        const response = await t.call(method, url, undefined, as(actor));
        expect(response.status, `${role} ${label}`).toBe(allowed ? 200 : 403);
        if (eventType) {
          const rows = (await audits(eventType)).filter(
            (row) => row.actorId === actorId && (row.meta as { postId?: string }).postId === post.id,
          );
          const expected = !allowed
            ? 0
            : eventType === 'ANONYMOUS_AUTHOR_REVEALED'
              ? label === 'reveal post'
                ? 1
                : 2
              : 1;
          expect(rows, `${role} ${label} audit`).toHaveLength(expected);
        }
      }
      const postGone = (await t.database.db.$count(feedPost, eq(feedPost.id, post.id))) === 0;
      expect(postGone, role).toBe(can({ roles: [role] }, 'moderate:posts'));
    }
  });

  it('audits every reveal, with who looked at whom and which post', async () => {
    const author = await signedInMember(t, { fullName: 'Secret Author' });
    const moderator = await signedInWithRoles(t, ['Moderator']);
    const post = await writePost(author, { content: 'Who wrote me?', isAnonymous: true });
    for (let i = 0; i < 3; i += 1) {
      const response = await t.call(
        'POST',
        `/api/moderation/posts/${post.id}/reveal`,
        undefined,
        as(moderator),
      );
      expect(await response.json()).toEqual({
        author: { id: author.user.id, fullName: 'Secret Author', avatarUrl: expect.any(String) },
      });
    }
    const rows = (await audits('ANONYMOUS_AUTHOR_REVEALED')).filter((row) => row.actorId === moderator.id);
    expect(rows.map((row) => row.meta)).toEqual(Array(3).fill({ postId: post.id, authorId: author.user.id }));
    // The feed still shows the moderator "Anonymous".
    const feed = await json<FeedPage>(await t.call('GET', '/api/feed', undefined, as(moderator)));
    expect(feed.items.find((p) => p.id === post.id)!.author).toBeNull();
    // A post with its author shown needs no reveal.
    const named = await writePost(author, { content: 'Signed' });
    expect(
      (await t.call('POST', `/api/moderation/posts/${named.id}/reveal`, undefined, as(moderator))).status,
    ).toBe(400);
  });

  it('does not let a Member pin, reveal, or delete what others wrote', async () => {
    const author = await signedInMember(t);
    const member = await signedInMember(t);
    const post = await writePost(author, { content: 'Not yours', isAnonymous: true });
    const comment = await writeComment(author, post.id, { content: 'Mine' });
    expect((await t.call('PUT', `/api/moderation/posts/${post.id}/pin`, undefined, as(member))).status).toBe(
      403,
    );
    expect(
      (await t.call('POST', `/api/moderation/posts/${post.id}/reveal`, undefined, as(member))).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/moderation/posts/${post.id}`, undefined, as(member))).status).toBe(
      403,
    );
    expect((await t.call('DELETE', `/api/feed/posts/${post.id}`, undefined, as(member))).status).toBe(404);
    expect((await t.call('DELETE', `/api/feed/comments/${comment.id}`, undefined, as(member))).status).toBe(
      404,
    );
    expect(await t.database.db.$count(feedPost, eq(feedPost.id, post.id))).toBe(1);
    expect(await t.database.db.$count(feedComment, eq(feedComment.id, comment.id))).toBe(1);
  });
});

describe('pinning and deleting', () => {
  it('shows a pinned post in Pinned Posts first, and unpinning puts it back in its place', async () => {
    const author = await signedInMember(t);
    const admin = await signedInWithRoles(t, ['Admin']);
    const post = await writePost(author, { content: 'Pin me' });
    await t.call('PUT', `/api/moderation/posts/${post.id}/pin`, undefined, as(admin));
    let feed = await json<FeedPage>(await t.call('GET', '/api/feed', undefined, as(author)));
    expect(feed.pinned.map((p) => p.id)).toContain(post.id);
    expect(feed.items.map((p) => p.id)).not.toContain(post.id);
    // Pinning twice changes and audits nothing more.
    await t.call('PUT', `/api/moderation/posts/${post.id}/pin`, undefined, as(admin));
    expect(
      (await audits('POST_PINNED')).filter((r) => (r.meta as { postId: string }).postId === post.id),
    ).toHaveLength(1);
    await t.call('DELETE', `/api/moderation/posts/${post.id}/pin`, undefined, as(admin));
    feed = await json<FeedPage>(await t.call('GET', '/api/feed', undefined, as(author)));
    expect(feed.pinned.map((p) => p.id)).not.toContain(post.id);
    expect(feed.items.map((p) => p.id)).toContain(post.id);
  });

  it('deletes a post for good with its comments, likes, reports and stored media', async () => {
    const author = await signedInMember(t);
    const other = await signedInMember(t);
    const manager = await signedInWithRoles(t, ['Content Manager']);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'p.png');
    const uploaded = await t.app.request('/api/feed/media', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, Cookie: author.cookie },
      body: form,
    });
    const { media } = await json<MediaUploadResponse>(uploaded);
    const post = await writePost(author, { content: 'Going', mediaId: media.id });
    await writeComment(other, post.id, { content: 'bye' });
    await t.call('PUT', `/api/feed/posts/${post.id}/like`, undefined, as(other));
    await t.call('POST', `/api/feed/posts/${post.id}/reports`, { reason: 'harassment' }, as(other));
    const key = keyFromUploadUrl(media.url)!;
    const file = path.join(t.config.uploadsDir, key.slice(0, 2), key);
    expect(fs.existsSync(file)).toBe(true);

    expect((await t.call('DELETE', `/api/moderation/posts/${post.id}`, undefined, as(manager))).status).toBe(
      200,
    );
    expect(fs.existsSync(file)).toBe(false);
    for (const [table, column] of [
      [feedComment, feedComment.postId],
      [feedLike, feedLike.postId],
      [feedReport, feedReport.postId],
    ] as const) {
      expect(await t.database.db.$count(table, eq(column, post.id))).toBe(0);
    }
    expect((await t.call('DELETE', `/api/moderation/posts/${post.id}`, undefined, as(manager))).status).toBe(
      404,
    );
  });

  it('lets staff delete a single comment', async () => {
    const author = await signedInMember(t);
    const admin = await signedInWithRoles(t, ['Admin']);
    const post = await writePost(author, { content: 'Keep the post' });
    const comment = await writeComment(author, post.id, { content: 'Remove me' });
    expect(
      (await t.call('DELETE', `/api/moderation/comments/${comment.id}`, undefined, as(admin))).status,
    ).toBe(200);
    const [row] = await t.database.db.select().from(feedPost).where(eq(feedPost.id, post.id));
    expect(row!.commentCount).toBe(0);
  });
});

describe('reports', () => {
  it('takes one report per member per item, lists reported items first with reasons and counts, and dismisses', async () => {
    const author = await signedInMember(t);
    const reporters = await Promise.all([signedInMember(t), signedInMember(t), signedInMember(t)]);
    const admin = await signedInWithRoles(t, ['Admin']);
    const post = await writePost(author, { content: 'Reported post', isAnonymous: true });
    const comment = await writeComment(author, post.id, { content: 'Reported comment' });

    const reportPost = (who: Cookie, body: unknown) =>
      t.call('POST', `/api/feed/posts/${post.id}/reports`, body, as(who));
    expect((await reportPost(reporters[0]!, { reason: 'spam' })).status).toBe(201);
    const again = await reportPost(reporters[0]!, { reason: 'illegal' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: {
        code: 'ALREADY_REPORTED',
        title: 'Already Reported',
        message: 'You have already reported this post. A moderator will review it.',
      },
    });
    expect((await reportPost(reporters[1]!, { reason: 'spam' })).status).toBe(201);
    const needsWords = await reportPost(reporters[2]!, { reason: 'other' });
    expect(needsWords.status).toBe(400);
    expect((await reportPost(reporters[2]!, { reason: 'other', details: 'Looks like a scam' })).status).toBe(
      201,
    );
    expect((await reportPost(reporters[2]!, { reason: 'nonsense' })).status).toBe(400);
    const commentReport = await t.call(
      'POST',
      `/api/feed/comments/${comment.id}/reports`,
      { reason: 'harassment' },
      as(reporters[0]!),
    );
    expect(commentReport.status).toBe(201);

    const content = await json<ContentPage>(
      await t.call('GET', '/api/moderation/content', undefined, as(admin)),
    );
    const [first, second] = content.reported.filter((item) => item.post.id === post.id);
    expect(first).toMatchObject({
      comment: null,
      reportCount: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'other', count: 1 },
      ],
      details: ['Looks like a scam'],
    });
    // The Content tab shows "Anonymous" too: only the reveal names the author.
    expect(first!.post.author).toBeNull();
    expect(second).toMatchObject({ comment: { id: comment.id }, reportCount: 1 });
    expect(content.items.map((p) => p.id)).toContain(post.id);

    const dismiss = await t.call(
      'POST',
      `/api/moderation/posts/${post.id}/dismiss-reports`,
      undefined,
      as(admin),
    );
    expect(dismiss.status).toBe(200);
    const after = await json<ContentPage>(
      await t.call('GET', '/api/moderation/content', undefined, as(admin)),
    );
    expect(after.reported.filter((item) => item.post.id === post.id).map((item) => item.comment?.id)).toEqual(
      [comment.id],
    );
    expect(
      (await audits('REPORTS_DISMISSED')).filter((r) => (r.meta as { postId?: string }).postId === post.id),
    ).toHaveLength(1);
    // Dismissed reports still count as made: the same member cannot report the post again.
    expect((await reportPost(reporters[1]!, { reason: 'spam' })).status).toBe(409);
    expect(
      await t.database.db.$count(
        feedReport,
        and(eq(feedReport.postId, post.id), eq(feedReport.reason, 'spam')),
      ),
    ).toBe(2);
  });
});
