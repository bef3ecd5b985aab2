import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, max } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { writeAudit } from '~/server/audit';
import type { Db, Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { feedComment, feedPost, feedReport } from '~/server/db/tables/feed.tables';
import { publish } from '~/server/events';
import { isDatabaseError } from '~/server/db/errors';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { ContentPage, ReportedItem, RevealResponse } from '../feed.schema';
import type { ReportReason } from '../feed.constants';
import { commentNotFound, selectComments, toCommentView, type CommentRef } from './comments.service';
import { authorColumns, authorOf } from './feed-views';
import {
  listFeed,
  postNotFound,
  publishPostChange,
  selectPosts,
  toPostView,
  type PostRef,
} from './posts.service';

/** How many reported items the Content tab lists at once (most reported first). */
export const REPORTED_ITEMS_SHOWN = 50;

/** The Content tab of everyone who moderates hears of a new or dismissed report. */
const publishReports = (tx: Executor, postId: string) =>
  publish(tx, 'feed.report', { postId }, [{ kind: 'capability', capability: 'moderate:posts' }]);

/** What a report, a dismissal or a reveal is about: a post, or one of its comments (the route's id). */
export type ContentTarget = PostRef | CommentRef;

/**
 * A member reports a post, or one of its comments: once per member per item (a unique index decides, so two
 * reports at once store one). Reporting your own writing is allowed; it is simply one more report.
 */
export async function report(
  { db, now }: ServiceContext,
  actor: Actor,
  input: ContentTarget & { reason: ReportReason; details: string },
): Promise<void> {
  const reporterId = actor.id;
  const target = input;
  try {
    await db.transaction(async (tx) => {
      let postId: string;
      let commentId: string | null = null;
      if ('commentId' in target) {
        const [comment] = await tx
          .select({ postId: feedComment.postId })
          .from(feedComment)
          .where(eq(feedComment.id, target.commentId));
        if (!comment) throw commentNotFound();
        postId = comment.postId;
        commentId = target.commentId;
      } else {
        const [post] = await tx
          .select({ id: feedPost.id })
          .from(feedPost)
          .where(eq(feedPost.id, target.postId));
        if (!post) throw postNotFound();
        postId = post.id;
      }
      await tx.insert(feedReport).values({
        id: randomUUID(),
        postId,
        commentId,
        reporterId,
        reason: input.reason,
        details: input.details,
        createdAt: now,
      });
      await publishReports(tx, postId);
    });
  } catch (error) {
    if (isDatabaseError(error, 'uniqueViolation')) {
      const what = 'commentId' in target ? 'comment' : 'post';
      throw new AppError(
        'ALREADY_REPORTED',
        `You have already reported this ${what}. A moderator will review it.`,
        {
          title: 'Already Reported',
        },
      );
    }
    throw error;
  }
}

/** The Content tab: open reports grouped by item (most reported first), then the feed's posts, newest first. */
export async function listContent(
  ctx: ServiceContext,
  actor: Actor,
  { cursor }: { cursor?: string | undefined },
): Promise<ContentPage> {
  const [reported, feed] = await Promise.all([
    cursor ? Promise.resolve([]) : reportedItems(ctx.db, actor.id),
    listFeed(ctx, actor, { cursor }),
  ]);
  return { reported, items: [...feed.pinned, ...feed.items], nextCursor: feed.nextCursor };
}

async function reportedItems(db: Db, viewerId: string): Promise<ReportedItem[]> {
  const open = isNull(feedReport.dismissedAt);
  const groups = await db
    .select({
      postId: feedReport.postId,
      commentId: feedReport.commentId,
      reportCount: count(),
      lastReportedAt: max(feedReport.createdAt),
    })
    .from(feedReport)
    .where(open)
    .groupBy(feedReport.postId, feedReport.commentId)
    .orderBy(desc(count()), desc(max(feedReport.createdAt)))
    .limit(REPORTED_ITEMS_SHOWN);
  if (groups.length === 0) return [];
  const postIds = [...new Set(groups.map((g) => g.postId))];
  const commentIds = groups.flatMap((g) => (g.commentId ? [g.commentId] : []));
  const [reports, posts, comments] = await Promise.all([
    db
      .select({
        postId: feedReport.postId,
        commentId: feedReport.commentId,
        reason: feedReport.reason,
        details: feedReport.details,
      })
      .from(feedReport)
      .where(and(open, inArray(feedReport.postId, postIds)))
      .orderBy(desc(feedReport.createdAt)),
    selectPosts(db, viewerId).where(inArray(feedPost.id, postIds)),
    commentIds.length
      ? selectComments(db, viewerId).where(inArray(feedComment.id, commentIds))
      : Promise.resolve([]),
  ]);
  const postById = new Map(posts.map((row) => [row.id, toPostView(row)]));
  const commentById = new Map(comments.map((row) => [row.id, toCommentView(row)]));
  return groups.flatMap((group) => {
    const post = postById.get(group.postId);
    if (!post) return [];
    const mine = reports.filter((r) => r.postId === group.postId && r.commentId === group.commentId);
    const reasons = new Map<ReportReason, number>();
    for (const r of mine)
      reasons.set(r.reason as ReportReason, (reasons.get(r.reason as ReportReason) ?? 0) + 1);
    return [
      {
        post,
        comment: group.commentId ? (commentById.get(group.commentId) ?? null) : null,
        reportCount: group.reportCount,
        reasons: [...reasons].map(([reason, n]) => ({ reason, count: n })).sort((a, b) => b.count - a.count),
        details: mine.flatMap((r) => (r.details ? [r.details] : [])).slice(0, 10),
        lastReportedAt: (group.lastReportedAt ?? new Date(0)).toISOString(),
      },
    ];
  });
}

/** Pins or unpins a post (Pinned Posts shows it first); audited once per change. */
export async function setPinned(
  { db, now }: ServiceContext,
  actor: Actor,
  { postId, pinned }: PostRef & { pinned: boolean },
): Promise<void> {
  const actorId = actor.id;
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(feedPost)
      .set({ pinned, pinnedAt: pinned ? now : null })
      .where(and(eq(feedPost.id, postId), eq(feedPost.pinned, !pinned)))
      .returning({ id: feedPost.id });
    if (!changed) {
      const [exists] = await tx.select({ id: feedPost.id }).from(feedPost).where(eq(feedPost.id, postId));
      if (!exists) throw postNotFound();
      return; // Already as asked: nothing to audit.
    }
    await writeAudit(tx, {
      eventType: pinned ? 'POST_PINNED' : 'POST_UNPINNED',
      actorId,
      meta: { postId },
      at: now,
    });
    await publishPostChange(tx, postId);
  });
}

/** Dismisses the open reports of a post (or of one of its comments), audited once. */
export async function dismissReports(
  { db, now }: ServiceContext,
  actor: Actor,
  target: ContentTarget,
): Promise<void> {
  const actorId = actor.id;
  await db.transaction(async (tx) => {
    const where =
      'commentId' in target
        ? eq(feedReport.commentId, target.commentId)
        : and(eq(feedReport.postId, target.postId), isNull(feedReport.commentId));
    const dismissed = await tx
      .update(feedReport)
      .set({ dismissedAt: now, dismissedBy: actorId })
      .where(and(where, isNull(feedReport.dismissedAt)))
      .returning({ postId: feedReport.postId });
    if (dismissed.length === 0) {
      throw new AppError('NOT_FOUND', 'There are no open reports about this.', {
        title: 'Nothing to Dismiss',
      });
    }
    await writeAudit(tx, {
      eventType: 'REPORTS_DISMISSED',
      actorId,
      meta: { ...target, reports: dismissed.length },
      at: now,
    });
    await publishReports(tx, dismissed[0]!.postId);
  });
}

/**
 * The real author of an anonymous post or comment, for staff who may see it. Every use writes an audit row: who
 * looked, at whom, and at which post.
 */
export async function revealAuthor(
  { db, now }: ServiceContext,
  actor: Actor,
  target: ContentTarget,
): Promise<RevealResponse> {
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    const isComment = 'commentId' in target;
    const [row] = isComment
      ? await tx
          .select({ postId: feedComment.postId, isAnonymous: feedComment.isAnonymous, ...authorColumns })
          .from(feedComment)
          .innerJoin(user, eq(user.id, feedComment.userId))
          .where(eq(feedComment.id, target.commentId))
      : await tx
          .select({ postId: feedPost.id, isAnonymous: feedPost.isAnonymous, ...authorColumns })
          .from(feedPost)
          .innerJoin(user, eq(user.id, feedPost.userId))
          .where(eq(feedPost.id, target.postId));
    if (!row) throw isComment ? commentNotFound() : postNotFound();
    if (!row.isAnonymous) {
      throw new AppError(
        'BAD_REQUEST',
        `This ${isComment ? 'comment' : 'post'} is not anonymous: its author is shown on it.`,
      );
    }
    await writeAudit(tx, {
      eventType: 'ANONYMOUS_AUTHOR_REVEALED',
      actorId,
      meta: {
        postId: row.postId,
        ...(isComment ? { commentId: target.commentId } : {}),
        authorId: row.authorId,
      },
      at: now,
    });
    return { author: authorOf(row)! };
  });
}
