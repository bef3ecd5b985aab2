import { useEffect, useRef } from 'react';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/** What LoadMore reads of an infinite query (TanStack's useInfiniteQuery result). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The one "more" control of every paged list: shown while there is more, with a spinner while a page loads; a
 * failed page says so and offers Try Again. `autoLoad` also loads the next page as the member scrolls near it.
 */
export function LoadMore({
  query,
  failedMessage,
  label = 'Load more',
  autoLoad = false,
}: {
  query: PagedQuery;
  /** Said above the button when the last page failed: 'More orders could not be loaded.' */
  failedMessage: string;
  label?: string;
  autoLoad?: boolean;
}) {
  const { hasNextPage, isFetchingNextPage: loading, isFetchNextPageError: failed } = query;
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(query.fetchNextPage);
  useEffect(() => {
    load.current = query.fetchNextPage;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!autoLoad || !element || !hasNextPage || loading || failed) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void load.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoLoad, hasNextPage, loading, failed]);
  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 pt-2">
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {failedMessage}
        </p>
      )}
      <Button type="button" variant="secondary" onClick={() => void query.fetchNextPage()} disabled={loading}>
        {loading && <Spinner />}
        {failed ? 'Try Again' : label}
      </Button>
    </div>
  );
}
