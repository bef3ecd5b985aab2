import { MessagesSquare, SquarePen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import { CountBadge } from '~/client/components/ui/count-badge';
import {
  EmptyState,
  ListItem,
  ListSkeleton,
  ListStates,
  SkeletonRow,
} from '~/client/components/ui/list-states';
import { SearchField } from '~/client/components/ui/search-field';
import { paths } from '~/client/lib/paths';
import { useDebouncedValue } from '~/client/lib/use-debounced-value';
import type { ConversationSummary } from '../inbox.schema';
import { NO_CONVERSATIONS_FOUND } from '../inbox.constants';
import { CounterpartAvatar } from './counterpart-avatar';
import { formatListTime } from './format-message-time';
import { useConversationList } from './inbox.queries';
import { NewMessageDialog } from './new-message-dialog';

/** The left pane: search by the other party's name, then the conversations, most recent first. */
export function ConversationList({ activeId }: { activeId: string | undefined }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const list = useConversationList(q);
  const conversations = list.data?.items ?? [];
  const [composing, setComposing] = useState(false);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 border-b border-border p-4">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">Inbox</h1>
          <Button type="button" variant="secondary" onClick={() => setComposing(true)}>
            <SquarePen className="size-5" aria-hidden />
            New Message
          </Button>
        </div>
        <SearchField
          label="Search conversations"
          placeholder="Search by name"
          value={text}
          onChange={setText}
          maxLength={100}
          className="w-full"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2">
        <ListStates
          query={list}
          empty={conversations.length === 0}
          skeleton={<ConversationsSkeleton />}
          errorMessage="Your conversations could not be loaded."
          emptyState={
            <EmptyState
              icon={q ? undefined : MessagesSquare}
              action={
                q ? undefined : (
                  <Button type="button" onClick={() => setComposing(true)}>
                    Start a Conversation
                  </Button>
                )
              }
            >
              {NO_CONVERSATIONS_FOUND}
            </EmptyState>
          }
        >
          <ul aria-label="Conversations" aria-busy={list.isPlaceholderData} className="flex flex-col gap-1">
            {conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === activeId}
              />
            ))}
          </ul>
          <LoadMore query={list} failedMessage="More conversations could not be loaded." />
        </ListStates>
      </div>
      <NewMessageDialog open={composing} onOpenChange={setComposing} />
    </div>
  );
}

function ConversationRow({ conversation, active }: { conversation: ConversationSummary; active: boolean }) {
  const { counterpart, lastMessage, unreadCount } = conversation;
  const unread = unreadCount > 0;
  return (
    <ListItem>
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
            <CountBadge
              count={unreadCount}
              aria-label={`${unreadCount} unread`}
              className="grid h-5 shrink-0 px-1.5"
            />
          </span>
        </span>
      </Link>
    </ListItem>
  );
}

function ConversationsSkeleton() {
  return (
    <ListSkeleton
      label="Loading conversations"
      count={5}
      className="flex flex-col gap-1"
      item={
        <SkeletonRow className="rounded-xl px-3 py-2.5" lead="size-11" lines={['h-4 w-2/5', 'h-3 w-3/4']} />
      }
    />
  );
}
