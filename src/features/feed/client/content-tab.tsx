import { Eye, Flag, Newspaper, Pin, PinOff, ShieldCheck, Trash2, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from '~/client/lib/toast';
import { TimeAgo } from '~/client/components/time-ago';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { TabSection } from '~/client/components/ui/tab-section';
import {
  EmptyState,
  ListError,
  ListSkeleton,
  SkeletonCard,
  SkeletonRow,
} from '~/client/components/ui/list-states';
import { showErrorToast } from '~/client/lib/error-toast';
import { useMinuteClock } from '~/client/lib/use-clock';
import { can, type RoleHolder } from '~/shared/permissions';
import type { CommentView, FeedAuthor, PostView, ReportedItem } from '../feed.schema';
import { ANONYMOUS_NAME, REPORT_REASON_LABELS } from '../feed.constants';
import { AuthorAvatar } from './author-avatar';
import { useContent, useModerate, useReveal, type FeedItem } from './feed.queries';
import { deleteConfirmation } from './item-actions-menu';
import { PostText } from './post-text';
import { RevealDialog } from './reveal-dialog';

/**
 * The dashboard's Content tab: reported posts and comments first (reasons and counts), then every post, newest
 * first; pin, unpin, delete, reveal and dismiss. Live through the feed's events.
 */
export function ContentTab({ actor }: { actor: RoleHolder }) {
  return (
    <TabSection id="content-heading" title="Content Moderation">
      <ContentLists actor={actor} />
    </TabSection>
  );
}

function ContentLists({ actor }: { actor: RoleHolder }) {
  const content = useContent();
  const now = Math.max(useMinuteClock(), content.dataUpdatedAt);
  if (content.isPending) {
    return (
      <ListSkeleton
        label="Loading content"
        item={
          <SkeletonCard
            head={<SkeletonRow className="gap-2.5" lead="size-8" lines={['h-4 w-1/3']} />}
            lines={['h-4 w-full', 'h-11 w-2/5 rounded-xl']}
          />
        }
      />
    );
  }
  // A failed refetch keeps what is on screen; only a tab with nothing to show says it failed.
  if (!content.data) {
    return (
      <ListError
        message="The content could not be loaded."
        onRetry={() => void content.refetch()}
        retrying={content.isFetching}
      />
    );
  }
  const reported = content.data.pages[0]?.reported ?? [];
  const posts = content.data.items;
  return (
    <div className="flex flex-col gap-8">
      <Section
        title={`Reported (${reported.length})`}
        icon={<Flag className="size-5 text-danger" aria-hidden />}
      >
        {reported.length === 0 ? (
          <EmptyState icon={ShieldCheck}>No open reports.</EmptyState>
        ) : (
          <ul aria-label="Reported items" aria-live="polite" className="flex flex-col gap-3">
            {reported.map((item) => (
              <li key={`${item.post.id}:${item.comment?.id ?? ''}`}>
                <ReportedCard item={item} actor={actor} now={now} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Recent Posts">
        {posts.length === 0 ? (
          <EmptyState icon={Newspaper}>No posts yet.</EmptyState>
        ) : (
          <ul aria-label="Recent posts" className="flex flex-col gap-3">
            {posts.map((post) => (
              <li key={post.id}>
                <ContentCard post={post} now={now}>
                  <Actions actor={actor} post={post} />
                </ContentCard>
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={content} label="Load more posts" failedMessage="More posts could not be loaded." />
      </Section>
    </div>
  );
}

function Section({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function ReportedCard({ item, actor, now }: { item: ReportedItem; actor: RoleHolder; now: number }) {
  return (
    <ContentCard post={item.post} comment={item.comment} now={now}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-danger-surface px-2.5 py-1 text-xs font-semibold text-danger tabular">
          {item.reportCount} {item.reportCount === 1 ? 'report' : 'reports'}
        </span>
        {item.reasons.map(({ reason, count }) => (
          <span key={reason} className="rounded-full border border-border px-2.5 py-1 text-xs text-text">
            {REPORT_REASON_LABELS[reason]} × {count}
          </span>
        ))}
        <TimeAgo at={item.lastReportedAt} now={now} prefix="last " />
      </div>
      {item.details.length > 0 && (
        <ul aria-label="What the reporters said" className="flex flex-col gap-1 text-sm text-text-muted">
          {item.details.map((detail, index) => (
            <li key={index} className="border-l-2 border-border pl-2 break-words">
              {detail}
            </li>
          ))}
        </ul>
      )}
      <Actions actor={actor} post={item.post} comment={item.comment} reported />
    </ContentCard>
  );
}

function ContentCard({
  post,
  comment,
  now,
  children,
}: {
  post: PostView;
  comment?: CommentView | null;
  now: number;
  children: ReactNode;
}) {
  return (
    <article className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <Byline author={post.author} createdAt={post.createdAt} now={now} pinned={post.pinned} />
      <PostText
        text={post.content || (post.media ? `(${post.media.type} only)` : '')}
        className="line-clamp-4 text-sm"
      />
      {comment && (
        <div className="flex flex-col gap-2 rounded-xl border border-border bg-background p-3">
          <p className="text-xs font-semibold tracking-wide text-text-muted uppercase">Reported comment</p>
          <Byline author={comment.author} createdAt={comment.createdAt} now={now} />
          <PostText text={comment.content} className="text-sm" />
        </div>
      )}
      {children}
    </article>
  );
}

function Byline({
  author,
  createdAt,
  now,
  pinned,
}: {
  author: FeedAuthor | null;
  createdAt: string;
  now: number;
  pinned?: boolean;
}) {
  return (
    <div className="flex items-center gap-2.5">
      <AuthorAvatar author={author} size="sm" />
      <span className="truncate text-sm font-semibold">{author?.fullName ?? ANONYMOUS_NAME}</span>
      <TimeAgo at={createdAt} now={now} className="shrink-0 text-xs text-text-muted" />
      {pinned && (
        <span className="ml-auto inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-coin">
          <Pin className="size-3.5" aria-hidden />
          Pinned
        </span>
      )}
    </div>
  );
}

/** Pin or unpin, delete, reveal and (for reports) dismiss, as the member's roles allow. */
function Actions({
  actor,
  post,
  comment,
  reported,
}: {
  actor: RoleHolder;
  post: PostView;
  comment?: CommentView | null;
  reported?: boolean;
}) {
  const item: FeedItem = comment ? { commentId: comment.id } : { postId: post.id };
  const what = comment ? 'comment' : 'post';
  const anonymous = comment ? comment.isAnonymous : post.isAnonymous;
  const [deleting, setDeleting] = useState(false);
  const [revealed, setRevealed] = useState<FeedAuthor | null>(null);
  const moderate = useModerate({
    onSuccess: (_, { action }) => {
      setDeleting(false);
      toast.success(
        {
          pin: 'Post pinned',
          unpin: 'Post unpinned',
          delete: what === 'post' ? 'Post deleted' : 'Comment deleted',
          dismiss: 'Report dismissed',
        }[action],
      );
    },
    onError: (error) => showErrorToast(error, 'Not done'),
  });
  const reveal = useReveal({
    onSuccess: ({ author }) => setRevealed(author),
    onError: (error) => showErrorToast(error, 'Reveal failed'),
  });
  const small = 'min-h-11 px-3 text-sm';
  return (
    <div className="flex flex-wrap gap-2">
      {anonymous && can(actor, 'reveal:anonymous-authors') && (
        <Button
          variant="secondary"
          className={small}
          disabled={reveal.isPending}
          onClick={() => reveal.mutate(item)}
        >
          <Eye className="size-4" aria-hidden />
          Reveal
        </Button>
      )}
      {!comment && (
        <Button
          variant="secondary"
          className={small}
          disabled={moderate.isPending}
          onClick={() =>
            moderate.mutate({ action: post.pinned ? 'unpin' : 'pin', item: { postId: post.id } })
          }
        >
          {post.pinned ? <PinOff className="size-4" aria-hidden /> : <Pin className="size-4" aria-hidden />}
          {post.pinned ? 'Unpin' : 'Pin'}
        </Button>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        trigger={
          <Button variant="secondary" className={`${small} text-danger`}>
            <Trash2 className="size-4" aria-hidden />
            Delete
          </Button>
        }
        {...deleteConfirmation(what)}
        pending={moderate.isPending}
        onConfirm={() => moderate.mutate({ action: 'delete', item })}
      />
      {reported && (
        <Button
          variant="ghost"
          className={small}
          disabled={moderate.isPending}
          onClick={() => moderate.mutate({ action: 'dismiss', item })}
        >
          <X className="size-4" aria-hidden />
          Dismiss
        </Button>
      )}
      <RevealDialog author={revealed} what={what} onClose={() => setRevealed(null)} />
    </div>
  );
}
