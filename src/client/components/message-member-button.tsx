import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { conversationWith } from '~/client/lib/conversation-with';

/**
 * Message: opens the inbox with this member (named in navigation state); the inbox asks the server for the
 * conversation, the existing one or a new one, and says so in a toast when the server refuses.
 */
export function MessageMemberButton({
  memberId,
  memberName,
  className = '',
}: {
  memberId: string;
  memberName: string;
  className?: string;
}) {
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      variant="secondary"
      title={`Message ${memberName}`}
      onClick={() => {
        const { to, state } = conversationWith(memberId);
        void navigate(to, { state });
      }}
      className={className}
    >
      <MessageSquare className="size-5" aria-hidden />
      Message
    </Button>
  );
}
