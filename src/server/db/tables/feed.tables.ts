import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

/**
 * A post on the community feed. `userId` is the real author even when the post is anonymous: the API removes it
 * from every response (docs/decisions: anonymity on the server). Likes and comments are counted on the row, in
 * the transaction that adds or removes one, so a page of the feed reads one row per post.
 */
export const feedPost = pgTable(
  'feed_post',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text().notNull().default(''),
    isAnonymous: boolean().notNull().default(false),
    /**
     * Written only by the server: an upload's URL (/api/uploads/<key>, members only) or bundled seed artwork.
     * Never a URL a browser sent.
     */
    mediaUrl: text(),
    /** image or video. */
    mediaType: text(),
    mediaWidth: integer(),
    mediaHeight: integer(),
    pinned: boolean().notNull().default(false),
    pinnedAt: timestamp({ withTimezone: true }),
    likeCount: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The feed's pages: pinned first, then newest first, keyset-paginated by (created_at, id). Scanned
    // backwards for ORDER BY created_at DESC, id DESC (a DESC index would be NULLS LAST and not match it).
    index('feed_post_page_idx').on(t.pinned, t.createdAt, t.id),
    index('feed_post_user_idx').on(t.userId, t.createdAt),
    // Search: ILIKE '%text%' on both backends (pg_trgm).
    index('feed_post_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
    check('feed_post_content_length', sql`char_length(${t.content}) <= 2000`),
    check('feed_post_has_content', sql`char_length(${t.content}) > 0 or ${t.mediaUrl} is not null`),
    check('feed_post_media_type', sql`${t.mediaType} is null or ${t.mediaType} in ('image', 'video')`),
    check('feed_post_counts_non_negative', sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0`),
  ],
);

/** One like per member per post: the primary key is the rule. */
export const feedLike = pgTable(
  'feed_like',
  {
    postId: text()
      .notNull()
      .references(() => feedPost.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('feed_like_user_idx').on(t.userId)],
);

/** A comment on a post; anonymous like posts are. */
export const feedComment = pgTable(
  'feed_comment',
  {
    id: text().primaryKey(),
    postId: text()
      .notNull()
      .references(() => feedPost.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    isAnonymous: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feed_comment_post_idx').on(t.postId, t.createdAt, t.id),
    index('feed_comment_user_idx').on(t.userId),
    check('feed_comment_content_length', sql`char_length(${t.content}) between 1 and 500`),
  ],
);

/**
 * A photo or video uploaded for a post that is not written yet. Creating the post claims it (one DELETE ...
 * RETURNING, so one upload goes to one post); unclaimed uploads are swept with their files after a day.
 */
export const feedMediaUpload = pgTable(
  'feed_media_upload',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    storageKey: text().notNull().unique(),
    mediaType: text().notNull(),
    width: integer(),
    height: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feed_media_upload_created_idx').on(t.createdAt),
    check('feed_media_upload_type', sql`${t.mediaType} in ('image', 'video')`),
  ],
);

/**
 * A member's report of a post, or of one of its comments (commentId set). One report per member per item;
 * dismissing keeps the row (and so still refuses a second report of the same item by the same member).
 */
export const feedReport = pgTable(
  'feed_report',
  {
    id: text().primaryKey(),
    postId: text()
      .notNull()
      .references(() => feedPost.id, { onDelete: 'cascade' }),
    commentId: text().references(() => feedComment.id, { onDelete: 'cascade' }),
    reporterId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** spam, harassment, illegal or other. */
    reason: text().notNull(),
    details: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp({ withTimezone: true }),
    dismissedBy: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('feed_report_post_once_idx')
      .on(t.reporterId, t.postId)
      .where(sql`${t.commentId} is null`),
    uniqueIndex('feed_report_comment_once_idx')
      .on(t.reporterId, t.commentId)
      .where(sql`${t.commentId} is not null`),
    index('feed_report_open_idx').on(t.dismissedAt, t.createdAt),
    index('feed_report_post_idx').on(t.postId),
    check('feed_report_reason', sql`${t.reason} in ('spam', 'harassment', 'illegal', 'other')`),
    check('feed_report_details_length', sql`char_length(${t.details}) <= 500`),
  ],
);
