import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { avatarUrlOf } from '~/server/session';
import { user } from '~/server/db/tables/auth.tables';
import type { FeedAuthor, PostMedia } from '../feed.schema';
import type { MediaType } from '../feed.constants';

/**
 * Joins the author of a post or comment only when it is not anonymous: for an anonymous one the author's
 * columns come back null from the database, so no response can carry them by mistake.
 */
export function namedAuthorJoin(authorId: AnyPgColumn, isAnonymous: AnyPgColumn): SQL {
  return and(eq(user.id, authorId), eq(isAnonymous, false))!;
}

/** The author columns of a select that used namedAuthorJoin. */
export const authorColumns = {
  // Named apart from the post's or comment's own "id", so a union of posts can be ordered by it (listFeed).
  authorId: sql<string | null>`${user.id}`.as('author_id'),
  authorName: user.name,
  authorImage: user.image,
  authorRoles: user.roles,
  authorRole: user.role,
};

export interface AuthorRow {
  authorId: string | null;
  authorName: string | null;
  authorImage: string | null;
  authorRoles: string[] | null;
  authorRole: string | null;
}

export function authorOf(row: AuthorRow): FeedAuthor | null {
  if (!row.authorId || row.authorName === null) return null;
  return {
    id: row.authorId,
    fullName: row.authorName,
    avatarUrl: avatarUrlOf({
      id: row.authorId,
      image: row.authorImage,
      roles: row.authorRoles ?? [],
      role: row.authorRole ?? 'Member',
    }),
  };
}

export function mediaOf(row: {
  mediaUrl: string | null;
  mediaType: string | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
}): PostMedia | null {
  if (!row.mediaUrl || !row.mediaType) return null;
  return {
    type: row.mediaType as MediaType,
    url: row.mediaUrl,
    width: row.mediaWidth,
    height: row.mediaHeight,
  };
}
