import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '~/shared/time';
import { signedInMember } from '~/app/server/testing/members';
import type { NotificationsResponse } from '~/features/notifications/notifications.schema';
import { keyFromUploadUrl } from '~/server/uploads/upload-urls';
import { notification, pushMessage, pushSubscription } from '~/server/db/tables/notifications.tables';
import { user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { feedComment, feedLike, feedMediaUpload, feedPost } from '~/server/db/tables/feed.tables';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';
import { seedOnce } from '~/app/server/seed/seed';
import type {
  CommentsPage,
  CreateCommentResponse,
  CreatePostResponse,
  FeedPage,
  LikeResponse,
  MediaUploadResponse,
  PostView,
} from '../feed.schema';
import { insertPost } from './feed.seed';
import { processVideo } from './video-pipeline';

const FIXTURES = path.join(import.meta.dirname, 'test-fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: {
      RATE_LIMIT_UPLOADS_PER_USER: '1000/60',
    },
  });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof signedInMember>>;
const as = (member: Member) => ({ Cookie: member.cookie });
const json = async <T>(response: Response) => (await response.json()) as T;

const post = (member: Member, body: unknown) => t.call('POST', '/api/feed/posts', body, as(member));
const feed = async (member: Member, query = '') =>
  json<FeedPage>(await t.call('GET', `/api/feed${query}`, undefined, as(member)));
const postAs = async (member: Member, postId: string) =>
  (await json<{ post: PostView }>(await t.call('GET', `/api/feed/posts/${postId}`, undefined, as(member))))
    .post;
const comment = (member: Member, postId: string, body: unknown) =>
  t.call('POST', `/api/feed/posts/${postId}/comments`, body, as(member));

async function upload(member: Member, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return t.app.request('/api/feed/media', {
    method: 'POST',
    headers: { Origin: TEST_ORIGIN, Cookie: member.cookie },
    body: form,
  });
}

const storedFile = (url: string) => {
  const key = keyFromUploadUrl(url)!;
  return fs.readFileSync(path.join(t.config.uploadsDir, key.slice(0, 2), key));
};
const storedExists = (url: string) => {
  const key = keyFromUploadUrl(url)!;
  return fs.existsSync(path.join(t.config.uploadsDir, key.slice(0, 2), key));
};

describe('posting', () => {
  it('puts a text post on the feed with its author, and awards +15 coins and XP once a day', async () => {
    const author = await signedInMember(t);
    const reader = await signedInMember(t);
    const first = await post(author, { content: 'Hello, Vault!' });
    expect(first.status).toBe(201);
    const created = await json<CreatePostResponse>(first);
    expect(created.award).toEqual({ coins: 15, xp: 15 });
    expect(created.post).toMatchObject({
      content: 'Hello, Vault!',
      isAnonymous: false,
      isMine: true,
      author: { id: author.user.id, fullName: author.user.fullName },
      likeCount: 0,
      commentCount: 0,
      media: null,
    });

    const seen = (await feed(reader)).items.find((p) => p.id === created.post.id)!;
    expect(seen).toMatchObject({ isMine: false, author: { fullName: author.user.fullName } });

    // Posting is never blocked, only the award.
    t.clock.advance(HOUR_MS);
    const second = await json<CreatePostResponse>(await post(author, { content: 'Again' }));
    expect(second.award).toBeNull();
    t.clock.advance(23 * HOUR_MS);
    const third = await json<CreatePostResponse>(await post(author, { content: 'A day later' }));
    expect(third.award).toEqual({ coins: 15, xp: 15 });

    const [balance] = await t.database.db
      .select({ xp: user.xp, coins: user.exoticCoins })
      .from(user)
      .where(eq(user.id, author.user.id));
    expect(balance).toEqual({ xp: 30, coins: 30 });
    const awards = await t.database.db
      .select()
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.userId, author.user.id), eq(ledgerEntry.reason, 'post')));
    expect(awards).toHaveLength(2);
  });

  it('refuses a post without text or media, one too long, and fields it does not take', async () => {
    const author = await signedInMember(t);
    for (const body of [{}, { content: '   ' }]) {
      const response = await post(author, body);
      expect(response.status).toBe(400);
      expect((await json<{ error: { message: string } }>(response)).error.message).toBe(
        'Write something or add a photo or video.',
      );
    }
    const long = await post(author, { content: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect((await json<{ error: { message: string } }>(long)).error.message).toBe(
      'Keep your post under 2,000 characters.',
    );
    expect((await post(author, { content: 'x'.repeat(2000) })).status).toBe(201);
    const foreignMedia = await post(author, { content: 'hi', mediaUrl: 'https://evil.example/x.png' });
    expect(foreignMedia.status).toBe(400);
    expect((await post(author, { content: 'hi', mediaId: 'not-mine' })).status).toBe(400);
  });

  it('keeps text as it was written, markup and all', async () => {
    const author = await signedInMember(t);
    const payload = '<img src=x onerror=alert(1)> <script>alert(2)</script> https://example.com/?a=<b>';
    const created = await json<CreatePostResponse>(await post(author, { content: payload }));
    expect(created.post.content).toBe(payload);
  });
});

describe('the feed page', () => {
  it('shows Pinned Posts first, then the others newest first, and stays stable while posts arrive', async () => {
    const reader = await signedInMember(t);
    const author = await signedInMember(t);
    const base = t.clock.now().getTime() + 10 * HOUR_MS;
    const ids: string[] = [];
    for (let i = 0; i < 45; i += 1) {
      ids.push(
        await insertPost(t.database.db, {
          userId: author.user.id,
          content: `page post ${i}`,
          createdAt: new Date(base + i * MINUTE_MS),
        }),
      );
    }
    const pinnedId = await insertPost(t.database.db, {
      userId: author.user.id,
      content: 'pinned announcement',
      pinned: true,
      createdAt: new Date(base - HOUR_MS),
    });

    const first = await feed(reader);
    expect(first.pinned.map((p) => p.id)).toContain(pinnedId);
    expect(first.items.some((p) => p.id === pinnedId)).toBe(false);
    expect(first.items.slice(0, 20).map((p) => p.id)).toEqual(ids.slice(-20).reverse());
    expect(first.nextCursor).toBeTruthy();

    // New posts arrive between pages: the next page continues exactly where the first ended.
    for (let i = 0; i < 3; i += 1) {
      await insertPost(t.database.db, {
        userId: author.user.id,
        content: `late post ${i}`,
        createdAt: new Date(base + (100 + i) * MINUTE_MS),
      });
    }
    const second = await feed(reader, `?cursor=${first.nextCursor}`);
    expect(second.pinned).toEqual([]);
    expect(second.items.map((p) => p.id)).toEqual(ids.slice(5, 25).reverse());
    const third = await feed(reader, `?cursor=${second.nextCursor}`);
    expect(third.items.slice(0, 5).map((p) => p.id)).toEqual(ids.slice(0, 5).reverse());
    expect(new Set([...first.items, ...second.items, ...third.items].map((p) => p.id)).size).toBe(
      first.items.length + second.items.length + third.items.length,
    );
    expect((await t.call('GET', '/api/feed?cursor=garbage', undefined, as(reader))).status).toBe(400);
  });

  it('searches post text and author names, never the author of an anonymous post', async () => {
    const reader = await signedInMember(t);
    const named = await signedInMember(t, { fullName: 'Quintessa Marlowe' });
    await post(named, { content: 'Sunset over the harbour' });
    await post(named, { content: 'A secret confession', isAnonymous: true });
    await post(reader, { content: 'Tell Quintessa hello 100%_sure' });

    const byName = await feed(reader, '?q=quintessa');
    expect(byName.items.map((p) => p.content).sort()).toEqual([
      'Sunset over the harbour',
      'Tell Quintessa hello 100%_sure',
    ]);
    const byText = await feed(reader, '?q=HARBOUR');
    expect(byText.items.map((p) => p.content)).toEqual(['Sunset over the harbour']);
    const anonymous = await feed(reader, '?q=confession');
    expect(anonymous.items).toHaveLength(1);
    expect(anonymous.items[0]!.author).toBeNull();
    // Pattern characters are taken literally.
    expect((await feed(reader, '?q=0%25_s')).items.map((p) => p.content)).toEqual([
      'Tell Quintessa hello 100%_sure',
    ]);
    expect((await feed(reader, '?q=%25')).items.every((p) => p.content.includes('%'))).toBe(true);
    expect((await t.call('GET', `/api/feed?q=${'x'.repeat(101)}`, undefined, as(reader))).status).toBe(400);
  });

  it('is for signed-in members only', async () => {
    expect((await t.call('GET', '/api/feed')).status).toBe(401);
  });
});

describe('likes', () => {
  it('one like per member: like, like again, unlike, with the count and the member’s own state', async () => {
    const author = await signedInMember(t);
    const fan = await signedInMember(t);
    const { post: created } = await json<CreatePostResponse>(await post(author, { content: 'Like me' }));
    const like = () => t.call('PUT', `/api/feed/posts/${created.id}/like`, undefined, as(fan));
    expect(await json<LikeResponse>(await like())).toEqual({ liked: true, likeCount: 1 });
    expect(await json<LikeResponse>(await like())).toEqual({ liked: true, likeCount: 1 });
    const seen = await postAs(fan, created.id);
    expect(seen).toMatchObject({ likeCount: 1, likedByMe: true });
    expect((await postAs(author, created.id)).likedByMe).toBe(false);
    const unlike = await t.call('DELETE', `/api/feed/posts/${created.id}/like`, undefined, as(fan));
    expect(await json<LikeResponse>(unlike)).toEqual({ liked: false, likeCount: 0 });
    expect(await t.database.db.$count(feedLike, eq(feedLike.postId, created.id))).toBe(0);
  });

  it('tells a visitor to log in, and answers 404 for a post that is gone', async () => {
    const visitor = await t.call('PUT', '/api/feed/posts/anything/like');
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({
      error: { title: 'Login Required', message: 'Please log in to like posts.' },
    });
    const fan = await signedInMember(t);
    expect((await t.call('PUT', '/api/feed/posts/no-such-post/like', undefined, as(fan))).status).toBe(404);
  });

  it('tells the author who liked their post: one line per post per hour, reworded, pushed once', async () => {
    const author = await signedInMember(t);
    await t.database.db.insert(pushSubscription).values({
      id: `device-${author.user.id}`,
      userId: author.user.id,
      endpoint: `https://push.example/${author.user.id}`,
      p256dh: 'p256dh',
      auth: 'auth',
    });
    const { post: created } = await json<CreatePostResponse>(
      await post(author, { content: 'Anonymous, and liked', isAnonymous: true }),
    );
    const likeAs = (member: Member) =>
      t.call('PUT', `/api/feed/posts/${created.id}/like`, undefined, as(member));
    const notes = async () =>
      (await t.database.db.select().from(notification).where(eq(notification.userId, author.user.id))).filter(
        (note) => note.link === `/feed?post=${encodeURIComponent(created.id)}`,
      );
    const pushes = () => t.database.db.$count(pushMessage, eq(pushMessage.userId, author.user.id));

    // Their own like tells nobody.
    await likeAs(author);
    expect(await notes()).toEqual([]);

    const [ana, bo, cy] = [
      await signedInMember(t, { fullName: 'Ana Liker' }),
      await signedInMember(t, { fullName: 'Bo Liker' }),
      await signedInMember(t, { fullName: 'Cy Liker' }),
    ];
    await likeAs(ana);
    expect(await notes()).toMatchObject([
      { message: 'Ana Liker liked your post.', read: false, fromStaff: false },
    ]);
    await likeAs(bo);
    await likeAs(cy);
    // Ana takes hers back: she is no longer counted when the line is next reworded.
    await t.call('DELETE', `/api/feed/posts/${created.id}/like`, undefined, as(ana));
    await likeAs(ana);
    expect((await notes()).map((note) => note.message)).toEqual(['Ana Liker and 2 others liked your post.']);
    expect(await pushes()).toBe(1);
    // Nobody else learns who liked it: the likers are not in the post's answer.
    expect(JSON.stringify(await postAs(bo, created.id))).not.toContain('Cy Liker');

    // An hour later, a new line (and a push).
    t.clock.advance(HOUR_MS + MINUTE_MS);
    const dee = await signedInMember(t, { fullName: 'Dee Liker' });
    await likeAs(dee);
    expect((await notes()).map((note) => note.message).sort()).toEqual([
      'Ana Liker and 2 others liked your post.',
      'Dee Liker liked your post.',
    ]);
    expect(await pushes()).toBe(2);
  });
});

describe('comments', () => {
  it('adds comments oldest first, counts them, rewards once an hour and tells the post’s author', async () => {
    const author = await signedInMember(t);
    const talker = await signedInMember(t);
    const { post: created } = await json<CreatePostResponse>(await post(author, { content: 'Discuss' }));

    const first = await comment(talker, created.id, { content: 'First!' });
    expect(first.status).toBe(201);
    const firstBody = await json<CreateCommentResponse>(first);
    expect(firstBody).toMatchObject({ commentCount: 1, award: { coins: 15, xp: 15 } });
    t.clock.advance(MINUTE_MS);
    const second = await json<CreateCommentResponse>(
      await comment(talker, created.id, { content: 'Whispered', isAnonymous: true }),
    );
    expect(second).toMatchObject({ commentCount: 2, award: null });
    expect(second.comment).toMatchObject({ author: null, isAnonymous: true, isMine: true });
    t.clock.advance(HOUR_MS);
    expect(
      (await json<CreateCommentResponse>(await comment(talker, created.id, { content: 'Later' }))).award,
    ).toEqual({
      coins: 15,
      xp: 15,
    });

    const page = await json<CommentsPage>(
      await t.call('GET', `/api/feed/posts/${created.id}/comments`, undefined, as(author)),
    );
    expect(page.items.map((c) => c.content)).toEqual(['First!', 'Whispered', 'Later']);
    expect(page.items[0]!.author?.fullName).toBe(talker.user.fullName);
    expect(page.items[1]).toMatchObject({ author: null, isMine: false });
    expect((await postAs(author, created.id)).commentCount).toBe(3);

    const notes = await json<NotificationsResponse>(
      await t.call('GET', '/api/notifications', undefined, as(author)),
    );
    expect(notes.items.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        `${talker.user.fullName} commented on your post.`,
        'Someone commented on your post.',
      ]),
    );
  });

  it('needs text and a session: the spec’s Login Required message', async () => {
    const author = await signedInMember(t);
    const { post: created } = await json<CreatePostResponse>(await post(author, { content: 'Quiet' }));
    for (const body of [{ content: '' }, { content: '   ' }, {}]) {
      const response = await comment(author, created.id, body);
      expect(response.status).toBe(400);
      expect((await json<{ error: { message: string } }>(response)).error.message).toBe(
        'Please log in and type a comment to post.',
      );
    }
    const visitor = await t.call('POST', `/api/feed/posts/${created.id}/comments`, { content: 'hi' });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({
      error: { title: 'Login Required', message: 'Please log in and type a comment to post.' },
    });
    expect((await comment(author, created.id, { content: 'y'.repeat(501) })).status).toBe(400);
    expect((await comment(author, 'no-such-post', { content: 'hi' })).status).toBe(404);
  });
});

describe('deleting', () => {
  it('lets authors delete their own posts and comments only; media, likes and comments go with the post', async () => {
    const author = await signedInMember(t);
    const other = await signedInMember(t);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884488' } })
      .png()
      .toBuffer();
    const { media } = await json<MediaUploadResponse>(await upload(author, png, 'a.png'));
    const { post: created } = await json<CreatePostResponse>(
      await post(author, { content: '', mediaId: media.id }),
    );
    expect(created.media).toMatchObject({ type: 'image', url: media.url });
    await t.call('PUT', `/api/feed/posts/${created.id}/like`, undefined, as(other));
    const { comment: theirs } = await json<CreateCommentResponse>(
      await comment(other, created.id, { content: 'Nice' }),
    );
    const { comment: mine } = await json<CreateCommentResponse>(
      await comment(author, created.id, { content: 'Thanks' }),
    );

    expect((await t.call('DELETE', `/api/feed/comments/${theirs.id}`, undefined, as(author))).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/feed/comments/${mine.id}`, undefined, as(author))).status).toBe(200);
    expect((await postAs(other, created.id)).commentCount).toBe(1);

    expect((await t.call('DELETE', `/api/feed/posts/${created.id}`, undefined, as(other))).status).toBe(404);
    expect(storedExists(media.url)).toBe(true);
    expect((await t.call('DELETE', `/api/feed/posts/${created.id}`, undefined, as(author))).status).toBe(200);
    expect(storedExists(media.url)).toBe(false);
    expect(await t.database.db.$count(feedPost, eq(feedPost.id, created.id))).toBe(0);
    expect(await t.database.db.$count(feedComment, eq(feedComment.postId, created.id))).toBe(0);
    expect(await t.database.db.$count(feedLike, eq(feedLike.postId, created.id))).toBe(0);
  });
});

describe('media', () => {
  it('re-encodes photos and attaches an upload to one post only, of its own uploader', async () => {
    const author = await signedInMember(t);
    const other = await signedInMember(t);
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'EXIF-MARKER' } })
      .toBuffer();
    expect(jpeg.includes('EXIF-MARKER')).toBe(true);
    const response = await upload(author, jpeg, 'photo.jpg');
    expect(response.status).toBe(201);
    const { media } = await json<MediaUploadResponse>(response);
    expect(media).toMatchObject({ type: 'image', width: 40, height: 20 });
    expect(media.url).toMatch(/^\/api\/uploads\/[a-f0-9]{32}\.jpg$/);
    expect(storedFile(media.url).includes('EXIF-MARKER')).toBe(false);

    expect((await post(other, { content: 'stolen', mediaId: media.id })).status).toBe(400);
    expect((await post(author, { content: 'mine', mediaId: media.id })).status).toBe(201);
    expect((await post(author, { content: 'again', mediaId: media.id })).status).toBe(400);
  });

  it.each([
    ['phone.mov', 'mp4'],
    ['phone.mp4', 'mp4'],
    ['clip.webm', 'webm'],
  ])('stores %s without its metadata (GPS, title), still playable as %s', async (name, extension) => {
    const author = await signedInMember(t);
    const original = fixture(name);
    expect(original.includes('48.8584')).toBe(true);
    expect(original.includes('GPS-MARKER')).toBe(true);

    const response = await upload(author, original, name);
    expect(response.status, await response.clone().text()).toBe(201);
    const { media } = await json<MediaUploadResponse>(response);
    expect(media).toMatchObject({ type: 'video', width: 64, height: 48 });
    expect(media.url.endsWith(`.${extension}`)).toBe(true);

    const stored = storedFile(media.url);
    expect(stored.includes('48.8584')).toBe(false);
    expect(stored.includes('+002.2945')).toBe(false);
    expect(stored.includes('GPS-MARKER')).toBe(false);
    expect(stored.includes('ISO6709')).toBe(false);
    const input = new Input({ source: new BufferSource(stored), formats: ALL_FORMATS });
    expect(await input.getPrimaryVideoTrack()).not.toBeNull();
    expect(await input.getPrimaryAudioTrack()).not.toBeNull();
    expect(await input.computeDuration()).toBeGreaterThan(0.9);
    expect(Object.keys(await input.getMetadataTags()).filter((k) => k !== 'raw')).toEqual([]);

    const served = await t.call('GET', media.url, undefined, as(author));
    expect(served.headers.get('Content-Type')).toBe(`video/${extension}`);
    expect((await t.call('GET', media.url)).status).toBe(401);
  });

  it('refuses what is not a photo or video, whatever its name says, and too-large videos', async () => {
    const author = await signedInMember(t);
    const html = await upload(author, Buffer.from('<html><script>alert(1)</script></html>'), 'clip.mp4');
    expect(html.status).toBe(400);
    expect((await json<{ error: { message: string } }>(html)).error.message).toBe(
      'Only photos (PNG, JPEG, GIF, WebP) and videos (MP4, MOV, WebM) can be posted.',
    );
    const truncated = await upload(author, fixture('phone.mp4').subarray(0, 200), 'cut.mp4');
    expect(truncated.status).toBe(400);
    await expect(processVideo(fixture('phone.mp4'), 'video/mp4', { maxBytes: 4096 })).rejects.toThrow(
      'The video is too large. Videos can be up to 4 KB.',
    );
    expect(await t.database.db.$count(feedMediaUpload, eq(feedMediaUpload.userId, author.user.id))).toBe(0);
  });
});

describe('live updates', () => {
  it('announces new posts, likes and comments by post id only', async () => {
    const author = await signedInMember(t);
    const watcher = await signedInMember(t);
    const response = await t.call('GET', '/api/events', undefined, as(watcher));
    const stream = sseReader(response);
    await stream.next((m) => m.event === 'ready');
    const { post: created } = await json<CreatePostResponse>(
      await post(author, { content: 'Live!', isAnonymous: true }),
    );
    const event = await stream.next((m) => m.event === 'change' && m.data.includes('feed.post'));
    expect(JSON.parse(event.data)).toEqual({ topic: 'feed.post', ids: { postId: created.id } });
    await comment(author, created.id, { content: 'live comment' });
    const commented = await stream.next((m) => m.event === 'change' && m.data.includes('feed.comment'));
    expect(JSON.parse(commented.data).ids).toEqual({ postId: created.id, commentId: expect.any(String) });
    expect(stream.received().some((m) => m.data.includes(author.user.id))).toBe(false);
    await stream.close();
  });
});

describe('the first-run seed', () => {
  it('writes three posts: one pinned, one anonymous, one with bundled artwork', async () => {
    await seedOnce(t.database.db, { demoPassword: 'demo-password-1' });
    const reader = await signedInMember(t);
    const page = await feed(reader);
    const seeded = [...page.pinned, ...page.items].filter((p) =>
      ['Welcome to The Vault!', 'Does anyone else', 'Made some artwork'].some((start) =>
        p.content.startsWith(start),
      ),
    );
    expect(seeded).toHaveLength(3);
    expect(page.pinned.map((p) => p.author?.fullName)).toContain('Marcus Vale');
    expect(seeded.find((p) => p.isAnonymous)).toMatchObject({ author: null, commentCount: 1 });
    const art = seeded.find((p) => p.media)!;
    expect(art.media).toEqual({ type: 'image', url: '/artwork/vault-nights.svg', width: 1200, height: 800 });
    expect(
      fs.existsSync(path.join(import.meta.dirname, '../../../client/public/artwork/vault-nights.svg')),
    ).toBe(true);
  });
});
