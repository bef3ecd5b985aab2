import { RotateCw, Search, SearchX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { paths } from '~/client/lib/paths';
import { NO_CONVERSATIONS_FOUND, type ConversationSummary } from '../inbox.schema';
import { CounterpartAvatar } from './counterpart-avatar';
import { formatListTime } from './format-message-time';
import { useConversationList } from './inbox.queries';

/** The value once typing has paused, so a search runs per pause rather than per key. */
function useSettled(value: string, delay = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The left pane: search by the other party's name, then the conversations, most recent first. */
export function ConversationList({ activeId }: { activeId: string | undefined }) {
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const list = useConversationList(q);
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 border-b border-border p-4">
        <h1 className="text-2xl font-bold tracking-tight">Inbox</h1>
        <SearchBox value={text} onChange={setText} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError && conversations.length === 0 ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
            <p className="text-base">Your conversations could not be loaded.</p>
            <Button variant="secondary" disabled={list.isFetching} onClick={() => void list.refetch()}>
              {list.isFetching ? <Spinner /> : <RotateCw className="size-5" aria-hidden />}
              Try Again
            </Button>
          </div>
        ) : conversations.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
            <SearchX className="size-8 text-text-muted" aria-hidden />
            <p className="text-base text-text-muted">{NO_CONVERSATIONS_FOUND}</p>
          </div>
        ) : (
          <>
            <ul aria-label="Conversations" aria-busy={list.isPlaceholderData} className="flex flex-col gap-1">
              {conversations.map((conversation) => (
                <ConversationRow
                  key={conversation.id}
                  conversation={conversation}
                  active={conversation.id === activeId}
                />
              ))}
            </ul>
            <LoadMore
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              failed={list.isFetchNextPageError}
              onLoad={() => void list.fetchNextPage()}
              failedMessage="More conversations could not be loaded."
            />
          </>
        )}
      </div>
    </div>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Search conversations
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-text-muted"
        aria-hidden
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search by name"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        className="min-h-11 w-full rounded-xl border border-border bg-background pr-3.5 pl-11 text-base text-text placeholder:text-text-muted/80 transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary"
      />
    </div>
  );
}

function ConversationRow({ conversation, active }: { conversation: ConversationSummary; active: boolean }) {
  const { counterpart, lastMessage, unreadCount } = conversation;
  const unread = unreadCount > 0;
  return (
    <li className="animate-fade-in">
      <Link
        to={paths.conversation(conversation.id)}
        aria-current={active ? 'page' : undefined}
        className={`flex min-h-16 items-center gap-3 rounded-xl px-3 py-2.5 transition-colors duration-150 ${active ? 'bg-surface-raised' : 'hover:bg-surface-raised/60'}`}
      >
        <CounterpartAvatar counterpart={counterpart} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className={`min-w-0 flex-1 truncate ${unread ? 'font-semibold text-text' : 'font-medium'}`}>
              {counterpart.name}
            </span>
            <time dateTime={conversation.updatedAt} className="shrink-0 text-xs text-text-muted tabular">
              {formatListTime(conversation.updatedAt)}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span className={`min-w-0 flex-1 truncate text-sm ${unread ? 'text-text' : 'text-text-muted'}`}>
              {lastMessage ? `${lastMessage.mine ? 'You: ' : ''}${lastMessage.content}` : 'No messages yet'}
            </span>
            {unread && (
              <span
                aria-label={`${unreadCount} unread`}
                className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-xs font-bold text-on-primary tabular"
              >
                {unreadCount > 99 ? '99+' : unreadCount}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="flex flex-col gap-1">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex animate-pulse items-center gap-3 rounded-xl px-3 py-2.5">
          <div className="size-11 shrink-0 rounded-full bg-surface-raised" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-2/5 rounded bg-surface-raised" />
            <div className="h-3 w-3/4 rounded bg-surface-raised" />
          </div>
        </div>
      ))}
    </div>
  );
}
