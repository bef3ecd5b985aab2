import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/client/lib/toast';
import { IconButton } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { showErrorToast } from '~/client/lib/error-toast';
import { useDeleteComment, useDeletePost } from './feed.queries';
import { deleteConfirmation } from './item-actions-menu';

/** The trash button on a member's own post or comment, with the plain-words confirmation before it deletes. */
export function DeleteOwnButton(
  props: { what: 'post'; postId: string } | { what: 'comment'; postId: string; commentId: string },
) {
  const [confirming, setConfirming] = useState(false);
  const handlers = {
    onSuccess: () => {
      setConfirming(false);
      toast.success(props.what === 'post' ? 'Post deleted' : 'Comment deleted');
    },
    onError: (error: unknown) =>
      showErrorToast(error, props.what === 'post' ? 'Post not deleted' : 'Comment not deleted'),
  };
  const removePost = useDeletePost(handlers);
  const removeComment = useDeleteComment(props.postId, handlers);
  const pending = props.what === 'post' ? removePost.isPending : removeComment.isPending;
  const small = props.what === 'comment';
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <IconButton
          label={`Delete ${props.what}`}
          tone="danger"
          className={small ? '-my-2 ml-auto rounded-lg' : '-mr-2 rounded-xl'}
        >
          <Trash2 className={small ? 'size-4' : 'size-5'} aria-hidden />
        </IconButton>
      }
      {...deleteConfirmation(props.what)}
      pending={pending}
      onConfirm={() =>
        props.what === 'post' ? removePost.mutate(props.postId) : removeComment.mutate(props.commentId)
      }
    />
  );
}
