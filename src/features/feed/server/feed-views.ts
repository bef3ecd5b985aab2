import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '~/shared/app-error';
import { avatarUrlOf } from '~/server/session';
import { user } from '~/server/db/tables/auth.tables';
import type { FeedAuthor, MediaType, PostMedia } from '../feed.schema';

/**
 * Joins the author of a post or comment only when it is not anonymous: for an anonymous one the author's
 * columns come back null from the database, so no response can carry them by mistake.
 */
export function namedAuthorJoin(authorId: AnyPgColumn, isAnonymous: AnyPgColumn): SQL {
  return and(eq(user.id, authorId), eq(isAnonymous, false))!;
}

/** The author columns of a select that used namedAuthorJoin. */
export const authorColumns = {
  authorId: user.id,
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

/**
 * A row's created_at to the microsecond as text, for a keyset cursor: a JavaScript Date keeps milliseconds only,
 * and rows written by SQL (now(), generate_series) have microseconds.
 */
export const exactTime = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An opaque page cursor: the last row's exact time and id. */
export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || extra !== undefined || Number.isNaN(Date.parse(at)) || id.length > 64) {
    throw new AppError('BAD_REQUEST', 'This list has changed. Reload it and try again.');
  }
  return { at, id };
}

/** `%text%` for ILIKE, with the pattern characters in the member's text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
