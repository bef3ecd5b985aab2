import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { LIST_CHANGED, type Page } from '~/shared/pagination';

/**
 * Keyset pagination, the one way every paged list pages: a page ends at its last row, and the next page starts
 * after that row's sort key (never an offset, so rows arriving meanwhile never shift a page). The cursor is the
 * key, opaque to the client: base64url JSON.
 */
export type CursorKey = readonly (string | number)[];

const listChanged = () => new AppError('BAD_REQUEST', LIST_CHANGED);

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key in `cursor`, as `schema` expects it. Anything else (a forged or stale cursor) is a 400, never a 500. */
export function decodeCursor<Key extends CursorKey>(cursor: string, schema: z.ZodType<Key>): Key {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw listChanged();
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw listChanged();
  return parsed.data;
}

/**
 * A page from `limit + 1` rows (ask the database for one more than the page holds): the first `limit` rows, and
 * the cursor after the last of them when there was one more.
 */
export function pageOf<Row>(rows: readonly Row[], limit: number, keyOf: (last: Row) => CursorKey): Page<Row> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}

/**
 * A timestamp column (or expression) as text to the microsecond, for a cursor key: a JavaScript Date keeps
 * milliseconds only, and rows written by SQL (now(), generate_series) have microseconds.
 */
export const exactTime = (time: SQLWrapper) =>
  sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A row id in a cursor: as long as ids get, and no control characters (PostgreSQL refuses a NUL in text). */
const cursorId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^\P{Cc}+$/u);

/** [exact time, id]: the key of a list sorted by a time, then by id for rows with the same time. */
const timeIdKey = z.tuple([z.iso.datetime().regex(/^[1-9]\d{3}-/), cursorId]);

/**
 * A list sorted by a timestamp (`time`, a column or an expression), then `id`, newest (`desc`) or oldest (`asc`)
 * first. Select `cursorAt` as a row's exact time, sort by `orderBy`, filter by `after(cursor)`, and make the
 * page with `pageOf(rows, limit, (last) => [last.cursorAt, last.id])`.
 */
export function timeKeyset(options: { time: SQLWrapper; id: SQLWrapper; direction: 'asc' | 'desc' }) {
  const { time, id, direction } = options;
  const by = direction === 'desc' ? desc : asc;
  return {
    cursorAt: exactTime(time),
    orderBy: [by(time), by(id)] as const,
    /** The rows after the cursor's row, in this order; undefined (every row) without a cursor. */
    after(cursor: string | undefined): SQL | undefined {
      if (cursor === undefined) return undefined;
      const [at, lastId] = decodeCursor(cursor, timeIdKey);
      return direction === 'desc'
        ? sql`(${time}, ${id}) < (${at}::timestamptz, ${lastId})`
        : sql`(${time}, ${id}) > (${at}::timestamptz, ${lastId})`;
    },
  };
}

/** `%text%` for LIKE and ILIKE: the text found anywhere, with `\`, `%` and `_` in it taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
