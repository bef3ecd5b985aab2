import { MessageCircle, Pin } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { TimeAgo } from '~/client/components/time-ago';
import { useInsertion } from '~/client/components/ui/list-states';
import { onDemand } from '~/client/lib/on-demand';
import { paths } from '~/client/lib/paths';
import { DeleteOwnButton } from './delete-own-button';
import type { PostView } from '../feed.schema';
import { ANONYMOUS_NAME } from '../feed.constants';
import { AuthorAvatar } from './author-avatar';
import { ItemActionsMenu } from './item-actions-menu';
import { LikeButton } from './like-button';
import { PostMedia } from './post-media';
import { PostText } from './post-text';

/** A post's comments and their composer load when a member first opens them. */
const CommentsSection = onDemand(() => import('./comments-section').then((m) => m.CommentsSection));

/** One post: who wrote it (or Anonymous), when, its text and media, likes, and its comments on demand. */
/** `firstScreen`: among the first posts the page shows (PostMedia loads its photo at once). */
export function PostCard({ post, now, firstScreen }: { post: PostView; now: number; firstScreen?: boolean }) {
  const headingId = useId();
  const [showComments, setShowComments] = useState(false);
  const name = post.author?.fullName ?? ANONYMOUS_NAME;
  const insertion = useInsertion();

  return (
    <article
      aria-labelledby={headingId}
      className={`flex ${insertion} flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:p-5`}
    >
      <header className="flex items-center gap-3">
        {post.author ? (
          <Link to={paths.publicProfile(post.author.id)} tabIndex={-1} aria-hidden>
            <AuthorAvatar author={post.author} />
          </Link>
        ) : (
          <AuthorAvatar author={null} />
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 id={headingId} className="flex min-w-0 items-center gap-1.5 text-base font-semibold">
            {post.author ? (
              <Link to={paths.publicProfile(post.author.id)} className="truncate hover:underline">
                {name}
              </Link>
            ) : (
              <span className="truncate">{name}</span>
            )}
            {post.isMine && post.isAnonymous && (
              <span className="shrink-0 text-xs font-normal text-text-muted">(your post)</span>
            )}
          </h3>
          <TimeAgo at={post.createdAt} now={now} className="text-sm text-text-muted" />
        </div>
        {post.pinned && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-coin/40 px-2.5 py-1 text-xs font-semibold text-coin">
            <Pin className="size-3.5" aria-hidden />
            Pinned
          </span>
        )}
        {post.isMine && <DeleteOwnButton what="post" postId={post.id} />}
        <ItemActionsMenu
          item={{ postId: post.id }}
          isMine={post.isMine}
          isAnonymous={post.isAnonymous}
          pinned={post.pinned}
        />
      </header>

      <PostText text={post.content} />
      {post.media && (
        <PostMedia
          media={post.media}
          label={post.media.type === 'video' ? `Video from ${name}` : `Photo from ${name}`}
          firstScreen={firstScreen}
        />
      )}

      <footer className="-mx-2 -mb-2 flex items-center gap-1">
        <LikeButton post={post} />
        <button
          type="button"
          aria-expanded={showComments}
          onClick={() => setShowComments((open) => !open)}
          onPointerEnter={CommentsSection.preload}
          onFocus={CommentsSection.preload}
          aria-label={`${showComments ? 'Hide' : 'Show'} comments, ${post.commentCount} ${post.commentCount === 1 ? 'comment' : 'comments'}`}
          className="inline-flex min-h-11 min-w-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-text-muted transition-colors duration-150 hover:bg-surface-raised hover:text-text"
        >
          <MessageCircle className="size-5" aria-hidden />
          <span className="tabular">{post.commentCount}</span>
        </button>
      </footer>

      {showComments && (
        <Suspense fallback={null}>
          <CommentsSection postId={post.id} now={now} />
        </Suspense>
      )}
    </article>
  );
}
