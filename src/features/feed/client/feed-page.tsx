import { MessageSquarePlus, Pin, SearchX, Sparkles } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import {
  EmptyState,
  ListSkeleton,
  ListStates,
  SkeletonCard,
  SkeletonRow,
} from '~/client/components/ui/list-states';
import { SearchField } from '~/client/components/ui/search-field';
import { MountWhenOpened, onDemand } from '~/client/lib/on-demand';
import { useDebouncedValue } from '~/client/lib/use-debounced-value';
import { useKeepInPlace } from '~/client/lib/use-keep-in-place';
import { useMinuteClock } from '~/client/lib/use-clock';
import { useSession } from '~/client/lib/session';
import type { PostView } from '../feed.schema';
import { EMPTY_FEED, NO_SEARCH_RESULTS, SEARCH_MAX_LENGTH, SEARCH_PLACEHOLDER } from '../feed.constants';
import { useFeed } from './feed.queries';
import { PostCard } from './post-card';
import { Page, PageHeading } from '~/client/components/ui/page';

/** The composer and its form (react-hook-form, zod, the upload) load when it first opens. */
const CreatePostDialog = onDemand(() => import('./create-post-dialog').then((m) => m.CreatePostDialog));

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
    <Page title="Community Feed" className="max-w-[720px] gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>Community Feed</PageHeading>
        {/* In the heading's row; on wide screens (xl) it floats in the free margin right of the column. */}
        <button
          type="button"
          onClick={() => setCreating(true)}
          onPointerEnter={CreatePostDialog.preload}
          onFocus={CreatePostDialog.preload}
          className="inline-flex min-h-12 items-center gap-2 rounded-full border border-primary/60 bg-surface-raised px-4 text-base font-semibold text-text shadow-lg shadow-background transition-colors duration-150 hover:bg-surface sm:px-5 xl:fixed xl:right-6 xl:bottom-48 xl:z-30"
        >
          <MessageSquarePlus className="size-5 text-primary" aria-hidden />
          New Post
        </button>
      </div>
      <SearchField
        label="Search posts or users"
        placeholder={SEARCH_PLACEHOLDER}
        value={search}
        onChange={setSearch}
        maxLength={SEARCH_MAX_LENGTH}
        className="w-full"
      />
      <FeedList q={q} onCreate={() => setCreating(true)} />
      <MountWhenOpened open={creating}>
        <CreatePostDialog open={creating} onOpenChange={setCreating} />
      </MountWhenOpened>
    </Page>
  );
}

/** The posts a phone's first screen can reach: their photos load at once rather than when scrolled near. */
const FIRST_SCREEN_POSTS = 3;

function FeedList({ q, onCreate }: { q: string; onCreate: () => void }) {
  const feed = useFeed(q);
  const now = Math.max(useMinuteClock(), feed.dataUpdatedAt);
  const announcement = useNewPostAnnouncement(feed.data?.pages[0]?.items[0], q);

  const pinned = feed.data?.pages[0]?.pinned ?? [];
  const posts = feed.data?.items ?? [];
  const list = useRef<HTMLDivElement>(null);
  useKeepInPlace(list, feed.data);

  return (
    <ListStates
      query={feed}
      empty={pinned.length === 0 && posts.length === 0}
      skeleton={<FeedSkeleton />}
      errorMessage="The feed could not be loaded."
      emptyState={
        <EmptyState
          icon={q ? SearchX : Sparkles}
          action={!q && <Button onClick={onCreate}>Create a post</Button>}
        >
          {q ? NO_SEARCH_RESULTS : EMPTY_FEED}
        </EmptyState>
      }
    >
      <div ref={list} className="flex flex-col gap-6">
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        {pinned.length > 0 && (
          <PostSection title="Pinned Posts" icon={<Pin className="size-5 text-coin" aria-hidden />}>
            {pinned.map((post, index) => (
              <PostCard key={post.id} post={post} now={now} firstScreen={index < FIRST_SCREEN_POSTS} />
            ))}
          </PostSection>
        )}
        {posts.length > 0 && (
          <PostSection title={q ? 'Search Results' : pinned.length > 0 ? 'Recent Posts' : undefined}>
            {posts.map((post, index) => (
              <PostCard
                key={post.id}
                post={post}
                now={now}
                firstScreen={pinned.length + index < FIRST_SCREEN_POSTS}
              />
            ))}
          </PostSection>
        )}
        <LoadMore
          query={feed}
          label="Load more posts"
          failedMessage="More posts could not be loaded."
          autoLoad
        />
      </div>
    </ListStates>
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
    <ListSkeleton
      label="Loading posts"
      className="flex flex-col gap-4"
      item={
        <SkeletonCard
          className="gap-3 p-4 sm:p-5"
          head={<SkeletonRow lead="size-11" lines={['h-4 w-1/3', 'h-3 w-1/5']} />}
          lines={['h-4 w-full', 'h-4 w-4/5', 'h-8 w-1/4']}
        />
      }
    />
  );
}
