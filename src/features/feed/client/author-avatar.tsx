import { VenetianMask } from 'lucide-react';
import { Avatar } from '~/client/components/ui/avatar';
import type { FeedAuthor } from '../feed.schema';

/** The author's avatar, or a mask for an anonymous post or comment. */
export function AuthorAvatar({ author, size = 'md' }: { author: FeedAuthor | null; size?: 'sm' | 'md' }) {
  return <Avatar src={author?.avatarUrl} icon={VenetianMask} size={size === 'sm' ? 'xs' : 'md'} lazy />;
}
