import { randomUUID } from 'node:crypto';
import { and, eq, gte, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { AppError } from '~/shared/app-error';
import { awardOnce } from '~/features/economy/server/awards.service';
import { readEconomySettings } from '~/features/economy/server/economy-settings.service';
import type { Executor } from '~/server/db/client';
import { prepared, type Param } from '~/server/db/prepared';
import { user } from '~/server/db/tables/auth.tables';
import { feedLike, feedPost } from '~/server/db/tables/feed.tables';
import { isDatabaseError } from '~/server/db/errors';
import { writeAudit } from '~/server/audit';
import { publish } from '~/server/events';
import { deleteUploadedFile } from '~/server/uploads/stored-files';
import { likePattern, pageOf, timeKeyset } from '~/server/pagination';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { CreatePostValues, CreatePostResponse, FeedPage, LikeResponse, PostView } from '../feed.schema';
import { FEED_PAGE_SIZE, likedYourPost, PINNED_MAX, postLink } from '../feed.constants';
import { HOUR_MS } from '~/shared/time';
import { notifyGrouped } from '~/features/notifications/server/notifications.service';
import { claimUpload } from './feed-media.service';
import { authorColumns, authorOf, mediaOf, namedAuthorJoin } from './feed-views';

/** Everyone signed in hears of a change to a post; the event names the post only, never who wrote it. */
export const publishPostChange = (tx: Executor, postId: string) =>
  publish(tx, 'feed.post', { postId }, [{ kind: 'everyone' }]);

/** The post a request is about: the route's `:postId`. */
export interface PostRef {
  postId: string;
}

export const postNotFound = () =>
  new AppError('NOT_FOUND', 'This post does not exist or has been removed.', { title: 'Post Not Found' });

/** The feed's posts, newest first. */
const newestFirst = timeKeyset({ time: feedPost.createdAt, id: feedPost.id, direction: 'desc' });

/** The columns of a post as a viewer sees it: never the author of an anonymous one (see namedAuthorJoin). */
function postColumns(viewerId: Param<string>) {
  return {
    id: feedPost.id,
    content: feedPost.content,
    isAnonymous: feedPost.isAnonymous,
    mediaUrl: feedPost.mediaUrl,
    mediaType: feedPost.mediaType,
    mediaWidth: feedPost.mediaWidth,
    mediaHeight: feedPost.mediaHeight,
    pinned: feedPost.pinned,
    likeCount: feedPost.likeCount,
    commentCount: feedPost.commentCount,
    createdAt: feedPost.createdAt,
    cursorAt: newestFirst.cursorAt,
    isMine: sql<boolean>`(${feedPost.userId} = ${viewerId})`,
    likedByMe: sql<boolean>`(${feedLike.userId} is not null)`,
    ...authorColumns,
  };
}

export function selectPosts(db: Executor, viewerId: Param<string>) {
  return db
    .select(postColumns(viewerId))
    .from(feedPost)
    .leftJoin(user, namedAuthorJoin(feedPost.userId, feedPost.isAnonymous))
    .leftJoin(feedLike, and(eq(feedLike.postId, feedPost.id), eq(feedLike.userId, viewerId)));
}

type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

export function toPostView(row: PostRow): PostView {
  return {
    id: row.id,
    author: authorOf(row),
    isAnonymous: row.isAnonymous,
    isMine: row.isMine,
    content: row.content,
    media: mediaOf(row),
    likeCount: row.likeCount,
    likedByMe: row.likedByMe,
    commentCount: row.commentCount,
    pinned: row.pinned,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How many members a name search looks for at most (a name matching more is not much of a search). */
const NAME_MATCHES_MAX = 1000;

/**
 * Posts whose text, or whose named author, matches: a name never matches an anonymous post. The matching
 * members are looked up first (trigram index on user.name), so the planner can either walk the page index and
 * filter (a common word) or combine the trigram index on content with the author index (a rare one).
 */
async function matching(db: Executor, q: string): Promise<SQL> {
  const pattern = likePattern(q);
  const authors = await db
    .select({ id: user.id })
    .from(user)
    .where(ilike(user.name, pattern))
    .limit(NAME_MATCHES_MAX);
  const authorIds = sql.join(
    authors.map((a) => sql`${a.id}`),
    sql`, `,
  );
  return sql`(${feedPost.content} ilike ${pattern} or (${feedPost.isAnonymous} = false and ${feedPost.userId} = any(array[${authorIds}]::text[])))`;
}

/** The Pinned Posts (shown above the first page), newest first. */
const pinnedPosts = (db: Executor, viewerId: Param<string>, search?: SQL) =>
  selectPosts(db, viewerId)
    .where(and(eq(feedPost.pinned, true), search))
    .orderBy(...newestFirst.orderBy)
    .limit(PINNED_MAX);

/** A page of the other posts, newest first, one more than a page (pageOf). */
const pagePosts = (db: Executor, viewerId: Param<string>, search?: SQL, after?: SQL) =>
  selectPosts(db, viewerId)
    .where(and(eq(feedPost.pinned, false), search, after))
    .orderBy(...newestFirst.orderBy)
    .limit(FEED_PAGE_SIZE + 1);

/**
 * The feed as it opens (no search, first page), the read every member makes most: the pinned posts and the first
 * page of the others in one prepared statement, each part with its own order and limit, then in feed order.
 */
const viewer = sql.placeholder('viewerId');
const openingFeed = prepared('vault_feed_opening', (db) =>
  // The union's own columns, by their names in the database (the author's id is "author_id", feed-views.ts).
  unionAll(pinnedPosts(db, viewer), pagePosts(db, viewer)).orderBy(
    sql`pinned desc, created_at desc, id desc`,
  ),
);

const splitPinned = (rows: PostRow[]) =>
  [rows.filter((row) => row.pinned), rows.filter((row) => !row.pinned)] as const;

/**
 * One page of the feed: Pinned Posts (first page only), then the others newest first, keyset-paginated by
 * (created_at, id) so posts arriving meanwhile never shift a page.
 */
export async function listFeed(
  { db }: ServiceContext,
  actor: Actor,
  query: { q?: string | undefined; cursor?: string | undefined },
): Promise<FeedPage> {
  const viewerId = actor.id;
  const search = query.q ? await matching(db, query.q) : undefined;
  const after = newestFirst.after(query.cursor);
  const [pinned, rows] =
    search || after
      ? await Promise.all([
          after ? [] : pinnedPosts(db, viewerId, search),
          pagePosts(db, viewerId, search, after),
        ])
      : splitPinned(await openingFeed(db).execute({ viewerId }));
  const page = pageOf(rows, FEED_PAGE_SIZE, (last) => [last.cursorAt, last.id]);
  return { pinned: pinned.map(toPostView), ...page, items: page.items.map(toPostView) };
}

export async function getPost({ db }: ServiceContext, actor: Actor, { postId }: PostRef): Promise<PostView> {
  return postViewOf(db, actor.id, postId);
}

async function postViewOf(db: Executor, viewerId: string, postId: string): Promise<PostView> {
  const [row] = await selectPosts(db, viewerId).where(eq(feedPost.id, postId));
  if (!row) throw postNotFound();
  return toPostView(row);
}

export async function createPost(
  { db, now }: ServiceContext,
  actor: Actor,
  input: CreatePostValues,
): Promise<CreatePostResponse> {
  const authorId = actor.id;
  return db.transaction(async (tx) => {
    const media = input.mediaId ? await claimUpload(tx, authorId, input.mediaId) : undefined;
    const id = randomUUID();
    await tx.insert(feedPost).values({
      id,
      userId: authorId,
      content: input.content,
      isAnonymous: input.isAnonymous,
      ...media,
      createdAt: now,
    });
    const settings = await readEconomySettings(tx);
    const award = await awardOnce(tx, {
      userId: authorId,
      action: 'post-award',
      coins: settings.postCoins,
      xp: settings.postXp,
      cooldownHours: settings.postCooldownHours,
      reason: 'post',
      reference: input.isAnonymous ? null : id,
      at: now,
    });
    await publishPostChange(tx, id);
    return { post: await postViewOf(tx, authorId, id), award };
  });
}

/**
 * Deletes a post for good: its comments, likes and reports go with it, then its file. A member deletes their own
 * (someone else's is "not found" too: nothing tells whose it is); staff (`asStaff`, the route checked
 * moderate:posts) delete any, audited without the author, whom only a reveal names.
 */
export async function deletePost(
  { db, storage, now }: ServiceContext,
  actor: Actor,
  { postId, asStaff }: PostRef & { asStaff: boolean },
): Promise<void> {
  const mediaUrl = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(feedPost)
      .where(and(eq(feedPost.id, postId), asStaff ? undefined : eq(feedPost.userId, actor.id)))
      .returning({
        mediaUrl: feedPost.mediaUrl,
        isAnonymous: feedPost.isAnonymous,
        commentCount: feedPost.commentCount,
      });
    if (!deleted) throw postNotFound();
    if (asStaff) {
      await writeAudit(tx, {
        eventType: 'POST_DELETED',
        actorId: actor.id,
        meta: {
          postId,
          anonymous: deleted.isAnonymous,
          comments: deleted.commentCount,
          media: deleted.mediaUrl !== null,
        },
        at: now,
      });
    }
    // Its 'feed.post' event refetches the Content tab too.
    await publishPostChange(tx, postId);
    return deleted.mediaUrl;
  });
  await deleteUploadedFile(storage, mediaUrl);
}

/** An hour of likes on one post is one line in its author's bell (and at most one push). */
const LIKES_GROUP_MS = HOUR_MS;

/**
 * The author hears who liked their post: "Alex and 3 others liked your post." One unread line per post per hour,
 * reworded as likes arrive (notifyGrouped), naming the newest liker; anonymous or not, the post's author is told
 * (the Privacy page says so). Likes taken back meanwhile are not counted.
 */
async function noticeLike(
  tx: Executor,
  { postId, authorId, liker, at }: { postId: string; authorId: string; liker: Actor; at: Date },
) {
  // The others who liked it since the line was first written, and still do.
  const since = async (from: Date) => {
    const others = await tx.$count(
      feedLike,
      and(
        eq(feedLike.postId, postId),
        gte(feedLike.createdAt, from),
        ne(feedLike.userId, authorId),
        ne(feedLike.userId, liker.id),
      ),
    );
    return likedYourPost(liker.name, others);
  };
  await notifyGrouped(
    tx,
    [{ userId: authorId, message: await since(at), link: postLink(postId), from: 'member', at, push: true }],
    { windowMs: LIKES_GROUP_MS, regroup: since },
  );
}

/**
 * Likes or unlikes a post: idempotent, and the primary key (post, member) keeps one like per member however
 * many requests arrive at once. The count moves only when a row was really added or removed.
 */
export async function setLike(
  { db, now }: ServiceContext,
  actor: Actor,
  { postId, liked }: PostRef & { liked: boolean },
): Promise<LikeResponse> {
  const userId = actor.id;
  try {
    return await db.transaction(async (tx) => {
      const [post] = await tx
        .select({ id: feedPost.id, authorId: feedPost.userId })
        .from(feedPost)
        .where(eq(feedPost.id, postId));
      if (!post) throw postNotFound();
      const changed = liked
        ? await tx
            .insert(feedLike)
            .values({ postId, userId, createdAt: now })
            .onConflictDoNothing()
            .returning({ postId: feedLike.postId })
        : await tx
            .delete(feedLike)
            .where(and(eq(feedLike.postId, postId), eq(feedLike.userId, userId)))
            .returning({ postId: feedLike.postId });
      if (changed.length === 0) {
        const [current] = await tx
          .select({ likeCount: feedPost.likeCount })
          .from(feedPost)
          .where(eq(feedPost.id, postId));
        return { liked, likeCount: current?.likeCount ?? 0 };
      }
      const [updated] = await tx
        .update(feedPost)
        .set({ likeCount: sql`${feedPost.likeCount} + ${liked ? 1 : -1}` })
        .where(eq(feedPost.id, postId))
        .returning({ likeCount: feedPost.likeCount });
      if (!updated) throw postNotFound();
      if (liked && post.authorId !== userId) {
        await noticeLike(tx, { postId, authorId: post.authorId, liker: actor, at: now });
      }
      await publishPostChange(tx, postId);
      return { liked, likeCount: updated.likeCount };
    });
  } catch (error) {
    // The post was deleted between the check and the like.
    if (isDatabaseError(error, 'foreignKeyViolation')) throw postNotFound();
    throw error;
  }
}
