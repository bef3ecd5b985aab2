import { Heart } from 'lucide-react';
import { toast } from '~/client/lib/toast';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import type { PostView } from '../feed.schema';
import { LIKE_LOGIN_REQUIRED, LOGIN_REQUIRED_TITLE } from '../feed.constants';
import { useSetLike } from './feed.queries';

/** Like or unlike; the count changes at once and the server's answer settles it. */
export function LikeButton({ post }: { post: PostView }) {
  const setLike = useSetLike({
    onError: (error) => {
      if (isApiError(error, 'UNAUTHORIZED')) {
        toast.error(LOGIN_REQUIRED_TITLE, { description: LIKE_LOGIN_REQUIRED });
        return;
      }
      showErrorToast(error, 'Like not saved');
    },
  });
  const label = `${post.likedByMe ? 'Unlike' : 'Like'} post, ${post.likeCount} ${post.likeCount === 1 ? 'like' : 'likes'}`;
  return (
    <button
      type="button"
      aria-pressed={post.likedByMe}
      aria-label={label}
      onClick={() => setLike.mutate({ postId: post.id, liked: !post.likedByMe })}
      className={`inline-flex min-h-11 min-w-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold transition-colors duration-150 hover:bg-surface-raised ${post.likedByMe ? 'text-danger' : 'text-text-muted hover:text-text'}`}
    >
      <Heart className={`size-5 ${post.likedByMe ? 'fill-current' : ''}`} aria-hidden />
      <span className="tabular">{post.likeCount}</span>
    </button>
  );
}
