import { VenetianMask } from 'lucide-react';
import type { FeedAuthor } from '../feed.schema';

const SIZES = { sm: 'size-8', md: 'size-11' } as const;

/** The author's avatar, or a mask for an anonymous post or comment; a fixed size, so nothing shifts. */
export function AuthorAvatar({
  author,
  size = 'md',
}: {
  author: FeedAuthor | null;
  size?: keyof typeof SIZES;
}) {
  if (!author) {
    return (
      <span
        aria-hidden
        className={`grid shrink-0 place-items-center rounded-full border border-border bg-surface-raised text-text-muted ${SIZES[size]}`}
      >
        <VenetianMask className={size === 'sm' ? 'size-4' : 'size-5'} />
      </span>
    );
  }
  return (
    <img
      src={author.avatarUrl}
      alt=""
      width={size === 'sm' ? 32 : 44}
      height={size === 'sm' ? 32 : 44}
      loading="lazy"
      className={`shrink-0 rounded-full border border-border bg-surface-raised object-cover ${SIZES[size]}`}
    />
  );
}
