import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import {
  EmptyState,
  ListError,
  ListSkeleton,
  SkeletonBlock,
  SkeletonRow,
} from '~/client/components/ui/list-states';
import { isApiError } from '~/client/lib/api-client';
import { formatDateTime } from '~/client/lib/format-time';
import { paths } from '~/client/lib/paths';
import type { ConversationSummary, MessageView } from '../inbox.schema';
import { CounterpartAvatar } from './counterpart-avatar';
import { DeleteConversationButton } from './delete-conversation-button';
import { formatMessageTime } from './format-message-time';
import { leaveConversation, useConversation, useMarkConversationRead, useMessages } from './inbox.queries';
import { MessageComposer } from './message-composer';

/** While the thread is on screen the browser renews "I am reading this" this often (the server's TTL is 45 s). */
const VIEWING_RENEW_MS = 20_000;

/** The right pane: one conversation, its messages and the composer. */
export function ConversationThread({ conversationId }: { conversationId: string }) {
  const conversation = useConversation(conversationId);

  if (conversation.isPending) return <ThreadSkeleton />;
  if (conversation.isError) {
    return (
      <div className="flex flex-1 flex-col">
        <ThreadHeader />
        <div className="p-4">
          {isApiError(conversation.error, 'NOT_FOUND') ? (
            <EmptyState
              icon={MessagesSquare}
              action={
                <Button asChild variant="secondary">
                  <Link to={paths.inbox()}>Back to Inbox</Link>
                </Button>
              }
            >
              This conversation does not exist.
            </EmptyState>
          ) : (
            <ListError
              message="This conversation could not be loaded."
              onRetry={() => void conversation.refetch()}
              retrying={conversation.isFetching}
            />
          )}
        </div>
      </div>
    );
  }
  return <OpenThread conversation={conversation.data} />;
}

/** Back to the list, shown only where one pane shows at a time. */
function BackToList() {
  return (
    <Button asChild variant="ghost" size="icon" className="-ml-1 md:hidden">
      <Link to={paths.inbox()} aria-label="Back to conversations" title="Back to conversations">
        <ArrowLeft className="size-5" aria-hidden />
      </Link>
    </Button>
  );
}

function ThreadHeader({ conversation }: { conversation?: ConversationSummary }) {
  const counterpart = conversation?.counterpart;
  const nameAndAvatar = counterpart && (
    <>
      <CounterpartAvatar counterpart={counterpart} size="sm" />
      <span className="truncate text-lg font-semibold">{counterpart.name}</span>
    </>
  );
  return (
    <div className="flex min-h-16 items-center gap-2 border-b border-border px-3 py-2">
      <BackToList />
      {counterpart && (
        <h2 className="min-w-0 flex-1">
          {counterpart.kind === 'member' && counterpart.id ? (
            <Link
              to={paths.publicProfile(counterpart.id)}
              className="flex min-h-11 items-center gap-3 rounded-xl pr-2 hover:underline"
            >
              {nameAndAvatar}
            </Link>
          ) : (
            <span className="flex min-h-11 items-center gap-3">{nameAndAvatar}</span>
          )}
        </h2>
      )}
      {conversation && counterpart && (
        <DeleteConversationButton conversationId={conversation.id} counterpart={counterpart} />
      )}
    </div>
  );
}

function OpenThread({ conversation }: { conversation: ConversationSummary }) {
  const messages = useMessages(conversation.id);
  // Pages go from the newest back, each oldest first: the thread reads them the other way round.
  const all = messages.data ? [...messages.data.pages].reverse().flatMap((page) => page.items) : [];
  const newestSeq = messages.isPending ? undefined : (all.at(-1)?.seq ?? 0);
  useReadWhileOpen(conversation.id, newestSeq);
  const scroller = useStickToBottom(newestSeq);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ThreadHeader conversation={conversation} />
      {/* Room at the end so the newest message can scroll clear of the floating Sticker Menu button. */}
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pt-4 pb-20 sm:px-5"
      >
        {messages.isPending ? (
          <ListSkeleton label="Loading messages" count={1} item={bubbles} />
        ) : messages.isError && all.length === 0 ? (
          <ListError
            message="The messages could not be loaded."
            onRetry={() => void messages.refetch()}
            retrying={messages.isFetching}
          />
        ) : (
          <>
            <div className="pb-4">
              <LoadMore
                query={messages}
                label="Load earlier messages"
                failedMessage="Earlier messages could not be loaded."
              />
            </div>
            {all.length === 0 && <EmptyState icon={MessagesSquare}>No messages yet. Say hello!</EmptyState>}
            {/* The live log wraps the list: a role on the <ol> itself would leave its items outside any list. */}
            <div role="log" aria-live="polite" aria-label={`Messages with ${conversation.counterpart.name}`}>
              <ol className="flex flex-col gap-2">
                {all.map((message) => (
                  <MessageBubble key={message.id} message={message} />
                ))}
              </ol>
            </div>
          </>
        )}
      </div>
      <MessageComposer
        conversationId={conversation.id}
        disabled={conversation.counterpart.kind === 'unknown'}
      />
    </div>
  );
}

function MessageBubble({ message }: { message: MessageView }) {
  return (
    <li className={`flex animate-fade-in flex-col gap-1 ${message.mine ? 'items-end' : 'items-start'}`}>
      <p
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-base leading-snug whitespace-pre-wrap break-words sm:max-w-[75%] ${
          message.mine
            ? 'rounded-br-md bg-primary text-on-primary'
            : 'rounded-bl-md border border-border bg-surface-raised text-text'
        }`}
      >
        <span className="sr-only">{message.mine ? 'You: ' : 'Them: '}</span>
        {message.content}
      </p>
      <time
        dateTime={message.createdAt}
        title={formatDateTime(message.createdAt)}
        className="px-1 text-xs text-text-muted tabular"
      >
        {formatMessageTime(message.createdAt)}
      </time>
    </li>
  );
}

/**
 * Marks the thread read when it opens and whenever a newer message shows, and tells the server the member is
 * reading (no notifications meanwhile) while the tab is visible; leaving or hiding the tab says so at once.
 */
function useReadWhileOpen(conversationId: string, newestSeq: number | undefined) {
  const { mutate } = useMarkConversationRead(conversationId);
  useEffect(() => {
    if (newestSeq !== undefined && document.visibilityState === 'visible') mutate({ viewing: true });
  }, [mutate, newestSeq]);
  useEffect(() => {
    const renew = () => {
      if (document.visibilityState === 'visible') mutate({ viewing: true });
    };
    const timer = setInterval(renew, VIEWING_RENEW_MS);
    const onVisibility = () => mutate({ viewing: document.visibilityState === 'visible' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      leaveConversation(conversationId);
    };
  }, [mutate, conversationId]);
}

/**
 * Keeps the newest message in view: on opening, and when one arrives while the member is at (or near) the bottom.
 * Someone reading older messages is left where they are.
 */
function useStickToBottom(newestSeq: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [newestSeq]);
  return ref;
}

/** Their bubble, mine, theirs: the thread's shape while it loads. */
const bubbles = (
  <div className="flex flex-col gap-3 p-4">
    <SkeletonBlock className="h-10 w-3/5 rounded-2xl" />
    <SkeletonBlock className="h-10 w-2/5 self-end rounded-2xl" />
    <SkeletonBlock className="h-16 w-1/2 rounded-2xl" />
  </div>
);

function ThreadSkeleton() {
  return (
    <ListSkeleton
      label="Loading conversation"
      count={1}
      className="flex flex-1 flex-col"
      item={
        <>
          <SkeletonRow className="min-h-16 border-b border-border px-3" lead="size-9" lines={['h-5 w-40']} />
          {bubbles}
        </>
      }
    />
  );
}
