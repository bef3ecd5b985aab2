import { MessageSquarePlus, Pin, RotateCw, Search, SearchX, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { useMinuteClock } from '~/client/lib/use-clock';
import { useSession } from '~/client/lib/session';
import {
  EMPTY_FEED,
  NO_SEARCH_RESULTS,
  SEARCH_MAX_LENGTH,
  SEARCH_PLACEHOLDER,
  type PostView,
} from '../feed.schema';
import { CreatePostDialog } from './create-post-dialog';
import { useFeed } from './feed.queries';
import { PostCard } from './post-card';
import { useDebouncedValue } from '~/client/lib/use-debounced-value';

/**
 * /feed: Community Feed. Pinned Posts, then the others newest first, loaded page by page as the member scrolls;
 * new posts, likes and comments from others arrive through the event stream.
 */
export function Component() {
  const user = useSession().data?.user;
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const q = useDebouncedValue(search.trim());
  // The signed-in layout renders pages only with a member.
  if (!user) return null;
  return (
    <main className="mx-auto flex w-full max-w-[720px] flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <title>Community Feed · The Vault</title>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Community Feed</h1>
      <SearchBox value={search} onChange={setSearch} />
      <FeedList q={q} onCreate={() => setCreating(true)} />
      <button
        type="button"
        onClick={() => setCreating(true)}
        className="fixed right-4 bottom-[calc(10.5rem+env(safe-area-inset-bottom))] z-30 inline-flex min-h-12 items-center gap-2 rounded-full border border-primary/60 bg-surface-raised px-5 text-base font-semibold text-text shadow-lg shadow-background transition-colors duration-150 hover:bg-surface md:right-6"
      >
        <MessageSquarePlus className="size-5 text-primary" aria-hidden />
        New Post
      </button>
      <CreatePostDialog open={creating} onOpenChange={setCreating} />
    </main>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Search posts or users
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-text-muted"
        aria-hidden
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_MAX_LENGTH}
        className="min-h-11 w-full rounded-xl border border-border bg-surface pr-3.5 pl-11 text-base text-text placeholder:text-text-muted/80 transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary"
      />
    </div>
  );
}

function FeedList({ q, onCreate }: { q: string; onCreate: () => void }) {
  const feed = useFeed(q);
  const now = Math.max(useMinuteClock(), feed.dataUpdatedAt);
  const announcement = useNewPostAnnouncement(feed.data?.pages[0]?.posts[0], q);

  if (feed.isPending) return <FeedSkeleton />;
  if (feed.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-card border border-danger/50 bg-surface px-6 py-10 text-center"
      >
        <p className="text-base">The feed could not be loaded.</p>
        <Button variant="secondary" disabled={feed.isFetching} onClick={() => void feed.refetch()}>
          {feed.isFetching ? <Spinner /> : <RotateCw className="size-5" aria-hidden />}
          Try Again
        </Button>
      </div>
    );
  }

  const pinned = feed.data.pages[0]?.pinned ?? [];
  const posts = feed.data.pages.flatMap((page) => page.posts);
  if (pinned.length === 0 && posts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
        {q ? (
          <SearchX className="size-8 text-text-muted" aria-hidden />
        ) : (
          <Sparkles className="size-8 text-primary" aria-hidden />
        )}
        <p className="text-base text-text-muted">{q ? NO_SEARCH_RESULTS : EMPTY_FEED}</p>
        {!q && <Button onClick={onCreate}>Create a post</Button>}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {pinned.length > 0 && (
        <PostSection title="Pinned Posts" icon={<Pin className="size-5 text-coin" aria-hidden />}>
          {pinned.map((post) => (
            <PostCard key={post.id} post={post} now={now} />
          ))}
        </PostSection>
      )}
      {posts.length > 0 && (
        <PostSection title={q ? 'Search Results' : pinned.length > 0 ? 'Recent Posts' : undefined}>
          {posts.map((post) => (
            <PostCard key={post.id} post={post} now={now} />
          ))}
        </PostSection>
      )}
      <NextPage
        hasMore={feed.hasNextPage}
        loading={feed.isFetchingNextPage}
        failed={feed.isFetchNextPageError}
        onLoad={() => void feed.fetchNextPage()}
      />
    </div>
  );
}

function PostSection({
  title,
  icon,
  children,
}: {
  title?: string | undefined;
  icon?: React.ReactNode;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : 'Posts'}
      className="flex flex-col gap-3"
    >
      {title && (
        <h2
          id={headingId}
          className="flex items-center gap-2 text-sm font-semibold tracking-wide text-text-muted uppercase"
        >
          {icon}
          {title}
        </h2>
      )}
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  );
}

/** Loads the next page when the member scrolls near the end; the button does the same by hand. */
function NextPage({
  hasMore,
  loading,
  failed,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoad: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, failed]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 pt-2">
      {failed && (
        <p role="alert" className="text-sm text-danger">
          More posts could not be loaded.
        </p>
      )}
      <Button type="button" variant="secondary" onClick={onLoad} disabled={loading}>
        {loading && <Spinner />}
        {failed ? 'Try Again' : loading ? 'Loading…' : 'Load more posts'}
      </Button>
    </div>
  );
}

/** Tells screen readers, politely, when a new post arrives at the top of the feed. */
function useNewPostAnnouncement(newest: PostView | undefined, q: string): string {
  const [seen, setSeen] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState('');
  // Adjusted while rendering (React's pattern for state that follows props), not in an effect.
  if (newest && newest.id !== seen) {
    if (seen && !newest.isMine && !q) setMessage(`New post from ${newest.author?.fullName ?? 'Anonymous'}.`);
    setSeen(newest.id);
  }
  return message;
}

function FeedSkeleton() {
  return (
    <div role="status" aria-label="Loading posts" className="flex flex-col gap-4">
      {[0, 1, 2].map((card) => (
        <div
          key={card}
          aria-hidden
          className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:p-5"
        >
          <div className="flex items-center gap-3">
            <div className="size-11 animate-pulse rounded-full bg-surface-raised" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-1/3 animate-pulse rounded bg-surface-raised" />
              <div className="h-3 w-1/5 animate-pulse rounded bg-surface-raised" />
            </div>
          </div>
          <div className="h-4 w-full animate-pulse rounded bg-surface-raised" />
          <div className="h-4 w-4/5 animate-pulse rounded bg-surface-raised" />
          <div className="h-8 w-1/4 animate-pulse rounded bg-surface-raised" />
        </div>
      ))}
    </div>
  );
}
