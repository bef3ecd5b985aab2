import { SendHorizontal } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { useMediaQuery } from '~/client/lib/use-media-query';
import { sendMessageSchema } from '../inbox.schema';
import { MESSAGE_EMPTY, MESSAGE_MAX_LENGTH } from '../inbox.constants';
import { useSendMessage } from './inbox.queries';

/** A touch screen without a mouse: Enter adds a line there, and the Send button sends. */
const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';
/** The counter shows once a message gets this close to the limit. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

/**
 * Writes and sends a message. On a keyboard Enter sends and Shift+Enter adds a line; on a touch screen Enter
 * adds a line and Send sends. Empty text (after trimming) sends nothing; text over the limit says so.
 */
export function MessageComposer({
  conversationId,
  disabled,
}: {
  conversationId: string;
  disabled?: boolean;
}) {
  const touch = useMediaQuery(TOUCH_QUERY);
  // Checked as it is typed, so a message over the limit says so before Send.
  const form = useContractForm(sendMessageSchema, { mode: 'onChange', defaultValues: { content: '' } });
  const text = useWatch({ control: form.control, name: 'content' });
  const sendable = sendMessageSchema.safeParse({ content: text }).success;
  // A blank message simply cannot be sent: only other problems are worth words.
  const problem = form.formState.errors.content?.message;
  const error = problem === MESSAGE_EMPTY ? undefined : problem;
  const sendMessage = useSendMessage(conversationId, {
    onSuccess: () => form.reset(),
    onError: (failure) => {
      form.setServerErrors(failure);
      showErrorToast(failure, 'Message not sent');
    },
  });

  const send = form.handleSubmit((message) => {
    if (disabled || sendMessage.isPending) return;
    sendMessage.mutate(message);
    form.setFocus('content');
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || touch) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-1.5 border-t border-border bg-surface px-3 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]"
      onSubmit={(event) => void send(event)}
    >
      <div className="flex items-end gap-2">
        <TextareaField
          label="Message"
          hideLabel
          grow
          rows={1}
          className="flex-1"
          onKeyDown={onKeyDown}
          placeholder="Type a message..."
          enterKeyHint={touch ? 'enter' : 'send'}
          disabled={disabled}
          error={error}
          {...form.register('content')}
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send"
          title="Send"
          disabled={disabled || sendMessage.isPending || !sendable}
        >
          {sendMessage.isPending ? <Spinner /> : <SendHorizontal className="size-5" aria-hidden />}
        </Button>
      </div>
      {text.length >= COUNTER_FROM && (
        <p className={`px-1 text-right text-xs tabular ${error ? 'text-danger' : 'text-text-muted'}`}>
          {text.trim().length.toLocaleString('en-US')} / {MESSAGE_MAX_LENGTH.toLocaleString('en-US')}
        </p>
      )}
    </form>
  );
}
