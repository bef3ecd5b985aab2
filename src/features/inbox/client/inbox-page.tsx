import { MessagesSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '~/client/components/ui/list-states';
import { PageTitle } from '~/client/components/ui/page-title';
import { showErrorToast } from '~/client/lib/error-toast';
import { paths } from '~/client/lib/paths';
import { recipientFromState } from '~/client/lib/conversation-with';
import { EMPTY_INBOX_TEXT, EMPTY_INBOX_TITLE } from '../inbox.constants';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import { useStartConversation } from './inbox.queries';

/**
 * /inbox and /inbox/:conversationId: the conversation list beside the open thread; on small screens one pane
 * at a time (the list at /inbox, the thread at /inbox/:id with a way back).
 *
 * The page fills the screen under the header (the layout's bottom padding, kept for the floating menu button
 * on long pages, is taken back), so the list and the thread scroll on their own and the composer stays put.
 */
export function Component() {
  const { conversationId } = useParams();
  const recipientId = recipientFromState(useLocation().state);
  const open = conversationId && !recipientId ? conversationId : undefined;
  const main = useFillViewportBelow();

  return (
    <main
      ref={main}
      className="mx-auto -mb-40 flex h-[calc(100dvh-5.75rem)] w-full max-w-6xl md:px-4 md:py-4"
    >
      <PageTitle page="Inbox" />
      <div className="flex min-h-0 w-full overflow-hidden border-border bg-surface md:rounded-card md:border">
        <section
          aria-label="Conversations"
          className={`min-h-0 w-full flex-col border-border md:flex md:w-80 md:shrink-0 md:border-r lg:w-96 ${open || recipientId ? 'hidden' : 'flex'}`}
        >
          <ConversationList activeId={open} />
        </section>
        <section
          aria-label="Conversation"
          className={`min-h-0 min-w-0 flex-1 flex-col bg-background md:flex ${open || recipientId ? 'flex' : 'hidden'}`}
        >
          {recipientId ? (
            <StartWith recipientId={recipientId} />
          ) : open ? (
            <ConversationThread key={open} conversationId={open} />
          ) : (
            <NothingOpen />
          )}
        </section>
      </div>
    </main>
  );
}

/**
 * Sizes the element to the rest of the screen below where it starts (under the header, whose height differs by
 * screen width), and again when the window changes size.
 */
function useFillViewportBelow() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.height = `calc(100dvh - ${Math.round(top)}px)`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return ref;
}

/**
 * Asks the server for the conversation with the recipient (the existing one, or a new one), then opens it by its
 * id in place of this entry, so a reload or Back never starts it again.
 */
function StartWith({ recipientId }: { recipientId: string }) {
  const navigate = useNavigate();
  const asked = useRef<string | null>(null);
  const { mutate } = useStartConversation({
    onSuccess: ({ conversation }) =>
      navigate(paths.conversation(conversation.id), { replace: true, state: null }),
    onError: (error) => {
      showErrorToast(error, 'Cannot Message');
      void navigate(paths.inbox(), { replace: true, state: null });
    },
  });
  useEffect(() => {
    if (asked.current === recipientId) return;
    asked.current = recipientId;
    mutate(recipientId);
  }, [mutate, recipientId]);
  return (
    <div role="status" className="flex flex-1 items-center justify-center text-text-muted">
      Opening conversation...
    </div>
  );
}

function NothingOpen() {
  return (
    <div className="flex flex-1 flex-col justify-center p-4">
      <EmptyState icon={MessagesSquare} title={EMPTY_INBOX_TITLE}>
        {EMPTY_INBOX_TEXT}
      </EmptyState>
    </div>
  );
}
