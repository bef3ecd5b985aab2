import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { showErrorToast } from '~/client/lib/error-toast';
import { paths } from '~/client/lib/paths';
import type { Counterpart } from '../inbox.schema';
import { CONVERSATION_DELETED, DELETE_CONVERSATION_TITLE } from '../inbox.constants';
import { useDeleteConversation } from './inbox.queries';

/** Delete, after the spec's confirmation; it hides the history for this member only, and returns to /inbox. */
export function DeleteConversationButton({
  conversationId,
  counterpart,
}: {
  conversationId: string;
  counterpart: Counterpart;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const deletion = useDeleteConversation({
    onSuccess: async () => {
      setOpen(false);
      toast.error(CONVERSATION_DELETED);
      await navigate(paths.inbox(), { replace: true });
    },
    onError: (error) => showErrorToast(error, 'Delete failed'),
  });
  const keeps =
    counterpart.kind === 'unknown'
      ? 'This conversation will be removed from your inbox.'
      : `Your conversation with ${counterpart.name} will be removed from your inbox. ${counterpart.name} keeps their copy.`;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Delete conversation"
          title="Delete conversation"
          className="hover:text-danger"
        >
          <Trash2 className="size-5" aria-hidden />
        </Button>
      }
      title={DELETE_CONVERSATION_TITLE}
      description={keeps}
      confirmLabel="Delete"
      pending={deletion.isPending}
      onConfirm={() => deletion.mutate(conversationId)}
    />
  );
}
