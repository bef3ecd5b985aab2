import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { paths } from '~/client/lib/paths';
import { sendMessageSchema } from '~/features/inbox/inbox.schema';
import { MESSAGE_MAX_LENGTH } from '~/features/inbox/inbox.constants';
import type { AdminMember } from '../members.schema';
import { useMessageMember } from './members.queries';

/** The spec's toast when a message is sent from outside the thread. */
export const MESSAGE_SENT = 'Message Sent!';

/**
 * Message, on the Members tab: a dialog that sends the member a message without leaving the tab (their
 * conversation is found or started with it, so nothing empty is left behind), then 'Message Sent!' with a way
 * to the conversation.
 */
export function MessageMemberDialog({ member }: { member: Pick<AdminMember, 'id' | 'fullName'> }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const form = useContractForm(sendMessageSchema, { defaultValues: { content: '' } });
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';
  const close = () => {
    form.reset();
    setOpen(false);
  };
  const send = useMessageMember({
    onSuccess: ({ conversationId }) => {
      toast.success(MESSAGE_SENT, {
        description: `To ${member.fullName}.`,
        action: { label: 'Open', onClick: () => void navigate(paths.conversation(conversationId)) },
      });
      close();
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Message not sent');
    },
  });
  const submit = form.handleSubmit(({ content }) => send.mutate({ memberId: member.id, content }));

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Dialog.Trigger>
        <Button
          type="button"
          variant="secondary"
          title={`Message ${member.fullName}`}
          className="whitespace-nowrap"
        >
          <MessageSquare className="size-5" aria-hidden />
          Message
        </Button>
      </Dialog.Trigger>
      <DialogPanel title={`Message ${member.fullName}`}>
        <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <TextareaField
            label="Message"
            rows={4}
            description={
              <span className="block text-right tabular">
                {content.length}/{MESSAGE_MAX_LENGTH}
              </span>
            }
            {...form.field('content')}
          />
          <DialogActions confirmLabel="Send" pending={send.isPending} disabled={!content.trim()} />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
