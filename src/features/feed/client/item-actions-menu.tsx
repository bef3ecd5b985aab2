import { Eye, Flag, MoreHorizontal, Pin, PinOff, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from '~/client/lib/toast';
import { iconButtonClass } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { Menu, MenuItem } from '~/client/components/ui/menu';
import { showErrorToast } from '~/client/lib/error-toast';
import { MountWhenOpened, onDemand } from '~/client/lib/on-demand';
import { useSession } from '~/client/lib/session';
import { can } from '~/shared/permissions';
import type { FeedAuthor } from '../feed.schema';
import { useModerate, useReveal, type FeedItem } from './feed.queries';
import { RevealDialog } from './reveal-dialog';

/** The report form loads when a member first reports something. */
const ReportDialog = onDemand(() => import('./report-dialog').then((m) => m.ReportDialog));

/** What the confirmation before deleting a post or comment says. */
export const deleteConfirmation = (what: 'post' | 'comment') =>
  what === 'post'
    ? {
        title: 'Delete Post?',
        description:
          'This action cannot be undone. Its comments, likes and photo or video are deleted with it.',
        confirmLabel: 'Delete Post',
      }
    : {
        title: 'Delete Comment?',
        description: 'This action cannot be undone.',
        confirmLabel: 'Delete Comment',
      };

/**
 * The "…" menu of a post or comment: Report for members; Reveal author, Pin or Unpin and Delete for staff whose
 * roles allow it (the server checks again). Shows nothing when there is nothing to offer.
 */
export function ItemActionsMenu({
  item,
  isMine,
  isAnonymous,
  pinned,
}: {
  item: FeedItem;
  isMine: boolean;
  isAnonymous: boolean;
  /** Posts only. */
  pinned?: boolean;
}) {
  const user = useSession().data?.user;
  const what = 'commentId' in item ? 'comment' : 'post';
  const [reporting, setReporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [revealed, setRevealed] = useState<FeedAuthor | null>(null);
  const reveal = useReveal({
    onSuccess: ({ author }) => setRevealed(author),
    onError: (error) => showErrorToast(error, 'Reveal failed'),
  });
  const moderate = useModerate({
    onSuccess: (_, { action }) => {
      setDeleting(false);
      toast.success(
        action === 'pin'
          ? 'Post pinned'
          : action === 'unpin'
            ? 'Post unpinned'
            : `${what === 'post' ? 'Post' : 'Comment'} deleted`,
      );
    },
    onError: (error) => showErrorToast(error, 'Not done'),
  });

  const canModerate = can(user, 'moderate:posts');
  const canReveal = can(user, 'reveal:anonymous-authors') && isAnonymous && !isMine;
  const entries: { key: string; label: string; icon: ReactNode; danger?: boolean; onSelect: () => void }[] =
    [];
  if (!isMine) {
    entries.push({
      key: 'report',
      label: `Report ${what}`,
      icon: <Flag className="size-5" />,
      onSelect: () => setReporting(true),
    });
  }
  if (canReveal) {
    entries.push({
      key: 'reveal',
      label: 'Reveal author',
      icon: <Eye className="size-5" />,
      onSelect: () => reveal.mutate(item),
    });
  }
  if (canModerate && what === 'post') {
    entries.push(
      pinned
        ? {
            key: 'unpin',
            label: 'Unpin post',
            icon: <PinOff className="size-5" />,
            onSelect: () => moderate.mutate({ action: 'unpin', item }),
          }
        : {
            key: 'pin',
            label: 'Pin post',
            icon: <Pin className="size-5" />,
            onSelect: () => moderate.mutate({ action: 'pin', item }),
          },
    );
  }
  if (canModerate && !isMine) {
    entries.push({
      key: 'delete',
      label: `Delete ${what}`,
      icon: <Trash2 className="size-5" />,
      danger: true,
      onSelect: () => setDeleting(true),
    });
  }
  if (entries.length === 0) return null;

  return (
    <>
      <Menu
        trigger={{
          'aria-label': `More actions for this ${what}`,
          className: `${iconButtonClass()} rounded-xl data-[state=open]:bg-surface-raised ${what === 'post' ? '-mr-2' : '-my-2'}`,
          children: <MoreHorizontal className="size-5" aria-hidden />,
        }}
        align="end"
        sideOffset={4}
        className="min-w-48"
        onOpenChange={(open) => open && ReportDialog.preload()}
      >
        {entries.map((entry) => (
          <MenuItem
            key={entry.key}
            onSelect={entry.onSelect}
            className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-base outline-none data-highlighted:bg-surface ${entry.danger ? 'text-danger' : 'text-text'}`}
          >
            <span aria-hidden>{entry.icon}</span>
            {entry.label}
          </MenuItem>
        ))}
      </Menu>
      <MountWhenOpened open={reporting}>
        <ReportDialog item={item} open={reporting} onOpenChange={setReporting} />
      </MountWhenOpened>
      <RevealDialog author={revealed} what={what} onClose={() => setRevealed(null)} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        {...deleteConfirmation(what)}
        pending={moderate.isPending}
        onConfirm={() => moderate.mutate({ action: 'delete', item })}
      />
    </>
  );
}
