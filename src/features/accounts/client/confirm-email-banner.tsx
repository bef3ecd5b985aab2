import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { IconButton } from '~/client/components/ui/button';
import { paths } from '~/client/lib/paths';
import type { SessionUser } from '~/shared/session';
import { ResendLinkButton } from './resend-link-button';

/**
 * Under the header while the member's e-mail is not confirmed: where the link went, Resend, and the way to fix a
 * wrong address. Closing it hides it until the next reload. Account Settings says the same, so it is not shown there.
 */
export function ConfirmEmailBanner({ user }: { user: SessionUser }) {
  const [dismissed, setDismissed] = useState(false);
  const { pathname } = useLocation();
  if (user.emailVerified || dismissed || pathname === paths.account()) return null;
  return (
    <section aria-label="Confirm your e-mail" className="border-b border-border bg-surface-raised">
      <div className="mx-auto flex w-full max-w-6xl items-start gap-2 py-1 pl-3 sm:items-center sm:pl-4">
        <MailWarning className="mt-3 size-5 shrink-0 text-primary sm:mt-0" aria-hidden />
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3">
          <p className="min-w-0 py-2.5 text-sm text-text [overflow-wrap:anywhere]">
            <strong className="font-semibold">Confirm your e-mail:</strong> we sent a link to {user.email}.
          </p>
          <div className="flex items-center gap-2 pb-2 sm:pb-0">
            <ResendLinkButton />
            <Link
              to={paths.account()}
              className="inline-flex min-h-11 items-center rounded-xl px-2 text-sm font-medium text-text-muted underline-offset-2 hover:text-text hover:underline"
            >
              Wrong address?
            </Link>
          </div>
        </div>
        <IconButton label="Dismiss" className="rounded-xl" onClick={() => setDismissed(true)}>
          <X className="size-5" aria-hidden />
        </IconButton>
      </div>
    </section>
  );
}
