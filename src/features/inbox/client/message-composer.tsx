import { SendHorizontal } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { showErrorToast } from '~/client/lib/error-toast';
import { useMediaQuery } from '~/client/lib/use-media-query';
import { MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from '../inbox.schema';
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
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const touch = useMediaQuery(TOUCH_QUERY);
  const errorId = useId();
  const sendMessage = useSendMessage(conversationId, {
    onSuccess: () => setText(''),
    onError: (error) => showErrorToast(error, 'Message not sent'),
  });

  const send = () => {
    const content = text.trim();
    // Nothing to send, or too long (the error under the field says so).
    if (!content || content.length > MESSAGE_MAX_LENGTH || disabled || sendMessage.isPending) return;
    sendMessage.mutate({ content });
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || touch) return;
    event.preventDefault();
    send();
  };

  const over = text.trim().length > MESSAGE_MAX_LENGTH;
  return (
    <form
      className="flex flex-col gap-1.5 border-t border-border bg-surface px-3 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor={`${errorId}-input`} className="sr-only">
          Message
        </label>
        <textarea
          ref={input}
          id={`${errorId}-input`}
          value={text}
          rows={1}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type a message..."
          enterKeyHint={touch ? 'enter' : 'send'}
          disabled={disabled}
          aria-invalid={over ? true : undefined}
          aria-describedby={over ? errorId : undefined}
          className="field-sizing-content max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-border bg-background px-3.5 py-2.5 text-base text-text placeholder:text-text-muted/70 transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary aria-invalid:border-danger"
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send"
          title="Send"
          disabled={disabled || sendMessage.isPending || !text.trim() || over}
        >
          {sendMessage.isPending ? <Spinner /> : <SendHorizontal className="size-5" aria-hidden />}
        </Button>
      </div>
      {over && (
        <p id={errorId} role="alert" className="px-1 text-sm text-danger">
          {MESSAGE_TOO_LONG}
        </p>
      )}
      {text.length >= COUNTER_FROM && (
        <p className={`px-1 text-right text-xs tabular ${over ? 'text-danger' : 'text-text-muted'}`}>
          {text.trim().length.toLocaleString('en-US')} / {MESSAGE_MAX_LENGTH.toLocaleString('en-US')}
        </p>
      )}
    </form>
  );
}
