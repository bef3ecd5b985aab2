import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { ListError } from '~/client/components/ui/list-states';
import { SearchField } from '~/client/components/ui/search-field';
import { Dialog, DialogPanel } from '~/client/components/ui/dialog';
import { Spinner } from '~/client/components/ui/spinner';
import { conversationWith } from '~/client/lib/conversation-with';
import { useSession } from '~/client/lib/session';
import { useDebouncedValue } from '~/client/lib/use-debounced-value';
import { isStaff } from '~/shared/permissions';
import { ADMIN_TEAM_NAME } from '../inbox.constants';
import { CounterpartAvatar } from './counterpart-avatar';
import { useRecipients } from './inbox.queries';

/**
 * New message: find a member by name and open the conversation with them (the existing one, or a new one that
 * is listed only once it has a message). A member finds no Owner or Admin: they reply to the Admin Team's
 * messages instead (departure 17); the server refuses the rest too.
 */
export function NewMessageDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [text, setText] = useState('');
  const close = (next: boolean) => {
    if (!next) setText('');
    onOpenChange(next);
  };
  const viewer = useSession().data?.user;
  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <DialogPanel
        title="New Message"
        description={
          viewer && !isStaff(viewer)
            ? `Find a member by name. To reach the ${ADMIN_TEAM_NAME}, reply when they message you.`
            : 'Find a member by name.'
        }
      >
        <div className="mt-5 flex flex-col gap-3">
          <SearchField
            label="Search members"
            placeholder="Member's name"
            value={text}
            onChange={setText}
            className="w-full"
          />
          <Results q={useDebouncedValue(text.trim())} onChosen={() => close(false)} />
        </div>
        <div className="mt-5 flex justify-end">
          <Dialog.Close>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </Dialog.Close>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}

function Results({ q, onChosen }: { q: string; onChosen: () => void }) {
  const navigate = useNavigate();
  const recipients = useRecipients(q);
  const found = recipients.data ?? [];
  if (!q) return <p className="px-1 py-3 text-sm text-text-muted">Type a name to find a member.</p>;
  if (recipients.isError)
    return (
      <ListError
        message="Members could not be searched."
        onRetry={() => void recipients.refetch()}
        retrying={recipients.isFetching}
      />
    );
  if (recipients.isPending)
    return (
      <p role="status" className="flex items-center gap-2 px-1 py-3 text-sm text-text-muted">
        <Spinner /> Searching...
      </p>
    );
  if (found.length === 0) return <p className="px-1 py-3 text-sm text-text-muted">No members found.</p>;
  return (
    <ul aria-label="Members found" aria-busy={recipients.isPlaceholderData} className="-mx-2 flex flex-col">
      {found.map((recipient) => (
        <li key={recipient.id}>
          <button
            type="button"
            onClick={() => {
              onChosen();
              const { to, state } = conversationWith(recipient.id!);
              void navigate(to, { state });
            }}
            className="flex min-h-14 w-full items-center gap-3 rounded-xl px-2 py-2 text-left transition-colors duration-150 hover:bg-surface-raised"
          >
            <CounterpartAvatar counterpart={recipient} size="sm" />
            <span className="min-w-0 flex-1 truncate font-medium">{recipient.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
