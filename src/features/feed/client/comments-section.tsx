import { SendHorizontal } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '~/client/lib/toast';
import { TimeAgo } from '~/client/components/time-ago';
import { FormCheckboxField } from '~/client/components/ui/checkbox-field';
import { Spinner } from '~/client/components/ui/spinner';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { paths } from '~/client/lib/paths';
import { DeleteOwnButton } from './delete-own-button';
import { createCommentSchema, type CommentView } from '../feed.schema';
import {
  ANONYMOUS_NAME,
  COMMENT_LOGIN_REQUIRED,
  COMMENT_MAX_LENGTH,
  LOGIN_REQUIRED_TITLE,
  awardText,
} from '../feed.constants';
import { AuthorAvatar } from './author-avatar';
import { useComments, useCreateComment } from './feed.queries';
import { ItemActionsMenu } from './item-actions-menu';
import { PostText } from './post-text';

/** A post's comments, oldest first, and the form to add one (anonymously if the member likes). */
export function CommentsSection({ postId, now }: { postId: string; now: number }) {
  const comments = useComments(postId, true);
  const items = comments.data?.items ?? [];
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-3">
      {comments.isPending ? (
        <p role="status" className="text-sm text-text-muted">
          Loading comments…
        </p>
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-danger">
          The comments could not be loaded.
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-text-muted">No comments yet.</p>
      ) : (
        <ul aria-label="Comments" className="flex flex-col gap-3">
          {items.map((comment) => (
            <CommentItem key={comment.id} comment={comment} now={now} />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <button
          type="button"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
          className="min-h-11 self-start rounded-xl px-3 text-sm font-semibold text-primary hover:bg-surface-raised"
        >
          {comments.isFetchingNextPage ? 'Loading…' : 'Show more comments'}
        </button>
      )}
      <CommentForm postId={postId} />
    </div>
  );
}

function CommentItem({ comment, now }: { comment: CommentView; now: number }) {
  const name = comment.author?.fullName ?? ANONYMOUS_NAME;
  return (
    <li className="flex gap-2.5">
      <AuthorAvatar author={comment.author} size="sm" />
      <div className="min-w-0 flex-1 rounded-xl bg-background px-3 py-2">
        <div className="flex flex-wrap items-baseline gap-x-2">
          {comment.author ? (
            <Link
              to={paths.publicProfile(comment.author.id)}
              className="text-sm font-semibold text-text hover:underline"
            >
              {name}
            </Link>
          ) : (
            <span className="text-sm font-semibold text-text">{name}</span>
          )}
          {comment.isMine && comment.isAnonymous && <span className="text-xs text-text-muted">(you)</span>}
          <TimeAgo at={comment.createdAt} now={now} />
          {comment.isMine && (
            <DeleteOwnButton what="comment" postId={comment.postId} commentId={comment.id} />
          )}
          <span className={comment.isMine ? '' : 'ml-auto'}>
            <ItemActionsMenu
              item={{ commentId: comment.id }}
              isMine={comment.isMine}
              isAnonymous={comment.isAnonymous}
            />
          </span>
        </div>
        <PostText text={comment.content} className="text-sm" />
      </div>
    </li>
  );
}

function CommentForm({ postId }: { postId: string }) {
  const form = useContractForm(createCommentSchema, { defaultValues: { content: '', isAnonymous: false } });
  const content = useWatch({ control: form.control, name: 'content' });
  const create = useCreateComment(postId, {
    onSuccess: ({ award }) => {
      form.resetField('content');
      toast.success('Comment posted!', { description: awardText(award) });
    },
    onError: (error) => {
      form.setServerErrors(error);
      if (isApiError(error, 'UNAUTHORIZED')) {
        toast.error(LOGIN_REQUIRED_TITLE, { description: COMMENT_LOGIN_REQUIRED });
        return;
      }
      showErrorToast(error, 'Comment not posted');
    },
  });
  const submit = form.handleSubmit(
    (comment) => create.mutate(comment),
    // The spec answers an empty comment with its toast as well.
    ({ content: problem }) => {
      if (problem?.message === COMMENT_LOGIN_REQUIRED) {
        toast.error(LOGIN_REQUIRED_TITLE, { description: COMMENT_LOGIN_REQUIRED });
      }
    },
  );
  const over = content.length > COMMENT_MAX_LENGTH;
  return (
    <form noValidate className="flex flex-col gap-1" onSubmit={(event) => void submit(event)}>
      <div className="flex items-end gap-2">
        <TextareaField
          label="Write a comment"
          hideLabel
          grow
          rows={1}
          placeholder="Write a comment..."
          className="flex-1"
          error={form.formState.errors.content?.message}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void submit();
            }
          }}
          {...form.register('content')}
        />
        <button
          type="submit"
          disabled={create.isPending}
          aria-label="Post comment"
          className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-on-primary transition-colors duration-150 hover:bg-primary-strong disabled:opacity-50"
        >
          {create.isPending ? <Spinner /> : <SendHorizontal className="size-5" aria-hidden />}
        </button>
      </div>
      <div className="flex items-center justify-between gap-2">
        <FormCheckboxField control={form.control} name="isAnonymous" label="Comment anonymously" />
        {content.length > COMMENT_MAX_LENGTH - 100 && (
          <span className={`text-xs tabular ${over ? 'text-danger' : 'text-text-muted'}`}>
            {content.length}/{COMMENT_MAX_LENGTH}
          </span>
        )}
      </div>
    </form>
  );
}
