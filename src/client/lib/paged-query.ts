import {
  infiniteQueryOptions,
  keepPreviousData,
  type DefaultError,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import type { Page } from '~/shared/pagination';

/** A paged list as a screen reads it: the pages as fetched, and every loaded item in one list (`items`). */
export type PagedData<TPage extends Page<unknown>> = InfiniteData<TPage, string | null> & {
  items: TPage['items'];
};

function withItems<TPage extends Page<unknown>>(data: InfiniteData<TPage, string | null>): PagedData<TPage> {
  return { ...data, items: data.pages.flatMap((page) => page.items) };
}

/**
 * The options of every paged list's infinite query: the first page without a cursor, each next one from the
 * page before's `nextCursor` (none after a null one), and the loaded pages' items flattened into `data.items`
 * (the pages stay in `data.pages`, for what only the first page carries). Pair it with LoadMore.
 */
export function pagedQueryOptions<TPage extends Page<unknown>, const TKey extends QueryKey>(options: {
  queryKey: TKey;
  /**
   * One page: `cursor` goes in the query string (undefined for the first page, else the page after it), `init`
   * to the typed client (it carries the query's abort signal).
   */
  queryFn: (page: { cursor: string | undefined; init: { signal: AbortSignal } }) => Promise<TPage>;
  /**
   * A list whose search changes its key: while a new search runs, the last results stay on screen rather than
   * flashing to a skeleton.
   */
  searched?: boolean;
}) {
  return infiniteQueryOptions<TPage, DefaultError, PagedData<TPage>, TKey, string | null>({
    queryKey: options.queryKey,
    queryFn: ({ pageParam, signal }) => options.queryFn({ cursor: pageParam ?? undefined, init: { signal } }),
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor,
    select: withItems,
    placeholderData: options.searched ? keepPreviousData : undefined,
  });
}
