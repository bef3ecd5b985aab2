import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { readEconomySettings } from '~/features/economy/server/economy-settings.service';
import { awardOnce } from '~/features/economy/server/awards.service';
import { notify } from '~/features/notifications/server/notifications.service';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { feedComment, feedPost } from '~/server/db/tables/feed.tables';
import { writeAudit } from '~/server/audit';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import { pageOf, timeKeyset } from '~/server/pagination';
import type { CommentView, CommentsPage, CreateCommentResponse } from '../feed.schema';
import { COMMENTS_PAGE_SIZE } from '../feed.constants';
import { authorColumns, authorOf, namedAuthorJoin } from './feed-views';
import { postNotFound, type PostRef } from './posts.service';

/** The comment a request is about: the route's `:commentId`. */
export interface CommentRef {
  commentId: string;
}

const commentNotFound = () =>
  new AppError('NOT_FOUND', 'This comment does not exist or has been removed.', {
    title: 'Comment Not Found',
  });

/** A post's comments, oldest first. */
const oldestFirst = timeKeyset({ time: feedComment.createdAt, id: feedComment.id, direction: 'asc' });

export function selectComments(db: Executor, viewerId: string) {
  return db
    .select({
      id: feedComment.id,
      postId: feedComment.postId,
      content: feedComment.content,
      isAnonymous: feedComment.isAnonymous,
      createdAt: feedComment.createdAt,
      cursorAt: oldestFirst.cursorAt,
      isMine: sql<boolean>`(${feedComment.userId} = ${viewerId})`,
      ...authorColumns,
    })
    .from(feedComment)
    .leftJoin(user, namedAuthorJoin(feedComment.userId, feedComment.isAnonymous));
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

export function toCommentView(row: CommentRow): CommentView {
  return {
    id: row.id,
    postId: row.postId,
    author: authorOf(row),
    isAnonymous: row.isAnonymous,
    isMine: row.isMine,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A post's comments, oldest first, a page at a time. */
export async function listComments(
  { db }: ServiceContext,
  actor: Actor,
  { postId, cursor }: PostRef & { cursor?: string | undefined },
): Promise<CommentsPage> {
  const viewerId = actor.id;
  const [[post], rows] = await Promise.all([
    db.select({ id: feedPost.id }).from(feedPost).where(eq(feedPost.id, postId)),
    selectComments(db, viewerId)
      .where(and(eq(feedComment.postId, postId), oldestFirst.after(cursor)))
      .orderBy(...oldestFirst.orderBy)
      .limit(COMMENTS_PAGE_SIZE + 1),
  ]);
  if (!post) throw postNotFound();
  const page = pageOf(rows, COMMENTS_PAGE_SIZE, (last) => [last.cursorAt, last.id]);
  return { ...page, items: page.items.map(toCommentView) };
}

/**
 * Adds a comment, counts it on the post, rewards it once per cooldown, and tells the post's author (as
 * 'Someone' when the comment is anonymous). The event names the post and comment only.
 */
export async function createComment(
  { db, now }: ServiceContext,
  actor: Actor,
  { postId, ...input }: PostRef & { content: string; isAnonymous: boolean },
): Promise<CreateCommentResponse> {
  const commenter = actor;
  return db.transaction(async (tx) => {
    const [post] = await tx
      .update(feedPost)
      .set({ commentCount: sql`${feedPost.commentCount} + 1` })
      .where(eq(feedPost.id, postId))
      .returning({ authorId: feedPost.userId, commentCount: feedPost.commentCount });
    if (!post) throw postNotFound();
    const id = randomUUID();
    await tx.insert(feedComment).values({
      id,
      postId,
      userId: commenter.id,
      content: input.content,
      isAnonymous: input.isAnonymous,
      createdAt: now,
    });
    const settings = await readEconomySettings(tx);
    const award = await awardOnce(tx, {
      userId: commenter.id,
      action: 'comment-award',
      coins: settings.commentCoins,
      xp: settings.commentXp,
      cooldownHours: settings.commentCooldownHours,
      reason: 'comment',
      reference: input.isAnonymous ? null : id,
      at: now,
    });
    if (post.authorId !== commenter.id) {
      await notify(tx, {
        userId: post.authorId,
        message: `${input.isAnonymous ? 'Someone' : commenter.name} commented on your post.`,
        link: '/feed',
        from: 'member',
        at: now,
      });
    }
    await publishComment(tx, postId, id);
    const [row] = await selectComments(tx, commenter.id).where(eq(feedComment.id, id));
    return { comment: toCommentView(row!), commentCount: post.commentCount, award };
  });
}

/** Deletes a comment: a member their own, staff (`asStaff`, the route checked moderate:posts) any, audited. */
export async function deleteComment(
  { db, now }: ServiceContext,
  actor: Actor,
  { commentId, asStaff }: CommentRef & { asStaff: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(feedComment)
      .where(and(eq(feedComment.id, commentId), asStaff ? undefined : eq(feedComment.userId, actor.id)))
      .returning({ postId: feedComment.postId, isAnonymous: feedComment.isAnonymous });
    if (!deleted) throw commentNotFound();
    if (asStaff) {
      await writeAudit(tx, {
        eventType: 'COMMENT_DELETED',
        actorId: actor.id,
        meta: { postId: deleted.postId, commentId, anonymous: deleted.isAnonymous },
        at: now,
      });
    }
    // Its 'feed.comment' event refetches the Content tab too.
    await uncountComment(tx, deleted.postId, commentId);
  });
}

/** After a comment is deleted: the post's count, and the event. */
export async function uncountComment(tx: Executor, postId: string, commentId: string): Promise<void> {
  await tx
    .update(feedPost)
    .set({ commentCount: sql`greatest(${feedPost.commentCount} - 1, 0)` })
    .where(eq(feedPost.id, postId));
  await publishComment(tx, postId, commentId);
}

async function publishComment(tx: Executor, postId: string, commentId: string): Promise<void> {
  // One event: it refetches the thread and the post's comment count.
  await publish(tx, 'feed.comment', { postId, commentId }, [{ kind: 'everyone' }]);
}

export { commentNotFound };
