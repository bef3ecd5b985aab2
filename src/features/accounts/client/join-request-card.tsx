import { Hourglass, CircleX } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { ListStates, SkeletonBlock } from '~/client/components/ui/list-states';
import { showErrorToast } from '~/client/lib/error-toast';
import { formatDate } from '~/client/lib/format-time';
import { paths } from '~/client/lib/paths';
import { toast } from '~/client/lib/toast';
import type { SessionUser } from '~/shared/session';
import type { JoinRequestState } from '../accounts.schema';
import { useAskAgain, useJoinRequest, useLogout } from './accounts.queries';

/**
 * Under staff approval, what a member staff have not let in sees instead of the app: when they asked and what
 * happens next, or staff's reason for a decline and when they may ask again. It follows the request by itself
 * (useJoinRequest), so an approval opens the app without a new sign-in.
 */
export function JoinRequestCard({ user }: { user: SessionUser }) {
  const request = useJoinRequest();
  return (
    <section
      aria-labelledby="join-request-heading"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <ListStates
        query={request}
        empty={!request.data}
        skeleton={<RequestSkeleton />}
        errorMessage="Your request could not be loaded."
        emptyState={null}
      >
        {request.data && <RequestState state={request.data} email={user.email} />}
      </ListStates>
      <RequestActions />
    </section>
  );
}

function RequestState({ state, email }: { state: JoinRequestState; email: string }) {
  if (state.status === 'declined') return <Declined state={state} />;
  return (
    <div role="status" className="flex flex-col gap-3">
      <Hourglass className="size-9 text-primary" aria-hidden />
      <h1 id="join-request-heading" className="text-2xl font-bold tracking-tight">
        Your request is being reviewed
      </h1>
      <p className="text-base text-pretty text-text-muted">
        You asked to join on {formatDate(state.requestedAt)}. Staff look at every request to keep The Vault
        members-only. We will e-mail{' '}
        <span className="font-medium text-text [overflow-wrap:anywhere]">{email}</span> when they decide, and
        this page opens The Vault by itself once you are in.
      </p>
    </div>
  );
}

function Declined({ state }: { state: JoinRequestState }) {
  const askAgain = useAskAgain({
    onSuccess: () => toast.success('Request sent', { description: 'Staff will look at it again.' }),
    onError: (error) => showErrorToast(error, 'Request not sent'),
  });
  return (
    <div role="status" className="flex flex-col gap-3">
      <CircleX className="size-9 text-danger" aria-hidden />
      <h1 id="join-request-heading" className="text-2xl font-bold tracking-tight">
        Your request was declined
      </h1>
      {state.declineReason && (
        <blockquote className="rounded-xl border border-border bg-surface-raised px-4 py-3 text-base text-pretty [overflow-wrap:anywhere]">
          {state.declineReason}
        </blockquote>
      )}
      {state.canAskAgain ? (
        <>
          <p className="text-base text-text-muted">You may ask staff to look at your request again.</p>
          <Button size="lg" pending={askAgain.isPending} onClick={() => askAgain.mutate()}>
            Ask again
          </Button>
        </>
      ) : (
        state.askAgainAt && (
          <p className="text-base text-pretty text-text-muted">
            You may ask again from {formatDate(state.askAgainAt)}. If you do not, your phone, address and
            Telegram are erased then; your e-mail stays so you can sign in.
          </p>
        )
      )}
    </div>
  );
}

function RequestActions() {
  const navigate = useNavigate();
  const logout = useLogout({
    onSuccess: () => void navigate(paths.login()),
    onError: (error) => showErrorToast(error, 'Logout failed'),
  });
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row">
      <Button asChild variant="secondary" className="sm:flex-1">
        <Link to={paths.account()}>Account Settings</Link>
      </Button>
      <Button
        variant="ghost"
        className="sm:flex-1"
        pending={logout.isPending}
        onClick={() => logout.mutate()}
      >
        Log out
      </Button>
    </div>
  );
}

function RequestSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-label="Loading your request" role="status">
      <SkeletonBlock className="size-9 rounded-full" />
      <SkeletonBlock className="h-7 w-2/3" />
      <SkeletonBlock className="h-4 w-full" />
      <SkeletonBlock className="h-4 w-5/6" />
    </div>
  );
}
