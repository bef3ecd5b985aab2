import { PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { LIST_CHANGED, pageQuerySchema } from '~/shared/pagination';
import { decodeCursor, encodeCursor, likePattern, pageOf, timeKeyset } from './pagination';

const key = z.tuple([z.string(), z.number()]);
const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** The error a call throws (or undefined). */
function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the cursor codec', () => {
  it('gives back the key it encoded, in a URL-safe opaque string', () => {
    const cursor = encodeCursor(['2026-06-01T12:00:00.123456Z', 42]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('2026');
    expect(decodeCursor(cursor, key)).toEqual(['2026-06-01T12:00:00.123456Z', 42]);
    expect(decodeCursor(encodeCursor(['a|b %_\\ é', 0]), key)).toEqual(['a|b %_\\ é', 0]);
  });

  it.each([
    ['not base64 at all', '!!!'],
    ['base64 of text that is not JSON', b64('2026-06-01|abc')],
    ['JSON of another shape', b64('{"at":"x","id":1}')],
    ['too few values', b64('["x"]')],
    ['too many values', b64('["x",1,2]')],
    ['a value of the wrong type', b64('["x","1"]')],
    ['empty', ''],
  ])('refuses %s with a 400 that says the list changed', (_, cursor) => {
    const error = errorOf(() => decodeCursor(cursor, key));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: LIST_CHANGED });
  });

  it('limits the cursor a request may carry', () => {
    expect(pageQuerySchema.safeParse({}).success).toBe(true);
    expect(
      pageQuerySchema.safeParse({ cursor: encodeCursor(['2026-06-01T12:00:00Z', 'x'.repeat(64)]) }).success,
    ).toBe(true);
    expect(pageQuerySchema.safeParse({ cursor: '' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ cursor: 'x'.repeat(301) }).success).toBe(false);
  });
});

describe('a page', () => {
  const rows = [1, 2, 3, 4].map((n) => ({ id: `row-${n}`, at: `2026-06-0${n}T00:00:00Z` }));
  const keyOf = (last: (typeof rows)[number]) => [last.at, last.id];

  it('holds `limit` rows and the cursor after the last of them when the database had one more', () => {
    const page = pageOf(rows, 3, keyOf);
    expect(page.items.map((row) => row.id)).toEqual(['row-1', 'row-2', 'row-3']);
    expect(decodeCursor(page.nextCursor!, z.tuple([z.string(), z.string()]))).toEqual([
      '2026-06-03T00:00:00Z',
      'row-3',
    ]);
  });

  it('is the last one when the database had no more, or nothing', () => {
    expect(pageOf(rows, 4, keyOf)).toEqual({ items: rows, nextCursor: null });
    expect(pageOf(rows, 10, keyOf).nextCursor).toBeNull();
    expect(pageOf([], 3, keyOf)).toEqual({ items: [], nextCursor: null });
  });
});

describe('a keyset by time and id', () => {
  const table = pgTable('thing', { id: text('id').primaryKey(), createdAt: timestamp('created_at') });
  const dialect = new PgDialect();
  const newestFirst = timeKeyset({ time: table.createdAt, id: table.id, direction: 'desc' });
  const oldestFirst = timeKeyset({ time: table.createdAt, id: table.id, direction: 'asc' });
  const cursor = encodeCursor(['2026-06-01T12:00:00.123456Z', 'thing-1']);

  it('continues after the cursor’s row, to the microsecond, in either direction', () => {
    expect(newestFirst.after(undefined)).toBeUndefined();
    const older = dialect.sqlToQuery(newestFirst.after(cursor)!);
    expect(older.sql).toBe('("thing"."created_at", "thing"."id") < ($1::timestamptz, $2)');
    expect(older.params).toEqual(['2026-06-01T12:00:00.123456Z', 'thing-1']);
    expect(dialect.sqlToQuery(oldestFirst.after(cursor)!).sql).toContain(') > (');
  });

  it.each([
    ['a time that is no date', ['yesterday', 'thing-1']],
    ['a day the month does not have', ['2026-02-30T00:00:00Z', 'thing-1']],
    ['the year 0, which PostgreSQL has not', ['0000-01-01T00:00:00Z', 'thing-1']],
    ['a time with an offset', ['2026-06-01T12:00:00+02:00', 'thing-1']],
    ['an empty id', ['2026-06-01T12:00:00Z', '']],
    ['an id PostgreSQL would refuse', ['2026-06-01T12:00:00Z', 'a\u0000b']],
    ['an id longer than any', ['2026-06-01T12:00:00Z', 'x'.repeat(65)]],
    ['a number for the id', ['2026-06-01T12:00:00Z', 7]],
  ])('refuses a cursor with %s with a 400, before any query', (_, forged) => {
    const error = errorOf(() => newestFirst.after(encodeCursor(forged as (string | number)[])));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: LIST_CHANGED });
  });
});

describe('likePattern', () => {
  it('finds the text anywhere, with backslash, percent and underscore taken literally', () => {
    expect(likePattern('sun')).toBe('%sun%');
    expect(likePattern('100%')).toBe('%100\\%%');
    expect(likePattern('a_b')).toBe('%a\\_b%');
    expect(likePattern('c:\\dir')).toBe('%c:\\\\dir%');
    expect(likePattern('\\%_')).toBe('%\\\\\\%\\_%');
    expect(likePattern('')).toBe('%%');
  });
});
