import { z } from 'zod';

/**
 * One page of a paged list. Pass `nextCursor` back as `cursor` for the next page; null on the last one. A list
 * may carry more beside them (the feed's pinned posts, the Content tab's reports), on its first page only.
 */
export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

/** What a cursor the server cannot read, or one from an older version of a list, answers. */
export const LIST_CHANGED = 'This list has changed. Reload it and try again.';

/** The `cursor` query parameter of every paged list: opaque, the previous page's `nextCursor`. */
export const cursorParamSchema = z.string().min(1, LIST_CHANGED).max(300, LIST_CHANGED).optional();

/** The query of a paged list; lists with more parameters extend it. */
export const pageQuerySchema = z.object({ cursor: cursorParamSchema });
