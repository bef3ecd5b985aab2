import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Dialog, DialogCloseFooter, DialogPanel } from '~/client/components/ui/dialog';
import { paths } from '~/client/lib/paths';
import type { FeedAuthor } from '../feed.schema';
import { AuthorAvatar } from './author-avatar';

/** Who really wrote it, after the reveal (already written to the audit log by the server). */
export function RevealDialog({
  author,
  what,
  onClose,
}: {
  author: FeedAuthor | null;
  what: 'post' | 'comment';
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={author !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPanel title={`Author of this anonymous ${what}`}>
        {author && (
          <div className="mt-5 flex flex-col gap-4">
            <div className="flex items-center gap-3 rounded-xl border border-border bg-background p-3">
              <AuthorAvatar author={author} />
              <Link
                to={paths.publicProfile(author.id)}
                onClick={onClose}
                className="text-lg font-semibold hover:underline"
              >
                {author.fullName}
              </Link>
            </div>
            <p className="flex items-start gap-2 text-sm text-text-muted">
              <ShieldAlert className="mt-0.5 size-4 shrink-0 text-coin" aria-hidden />
              This look-up is recorded in the audit log. Other members still see “Anonymous”.
            </p>
            <DialogCloseFooter />
          </div>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}
