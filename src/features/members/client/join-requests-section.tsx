import { Check, IdCard, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '~/client/components/load-more';
import { TimeAgo } from '~/client/components/time-ago';
import { Avatar } from '~/client/components/ui/avatar';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogCloseFooter, DialogPanel } from '~/client/components/ui/dialog';
import {
  EmptyState,
  ListItem,
  ListSkeleton,
  ListStates,
  SkeletonRow,
} from '~/client/components/ui/list-states';
import { Spinner } from '~/client/components/ui/spinner';
import { ReasonDialog } from '~/client/components/ui/reason-dialog';
import { showErrorToast } from '~/client/lib/error-toast';
import { paths } from '~/client/lib/paths';
import { toast } from '~/client/lib/toast';
import { useMinuteClock } from '~/client/lib/use-clock';
import { formatDay } from '~/client/lib/format-time';
import { formatUsPhone } from '~/shared/phone';
import { DECLINE_REASON_MAX } from '~/features/accounts/accounts.constants';
import { declineSchema, type JoinRequestItem } from '../members.schema';
import { useDecideJoinRequest, type useJoinRequests } from './members.queries';

/**
 * The Members tab's Pending view: requests to join, oldest first. Approving lets the member in at their next
 * request; declining sends them a reason they read. Contact details only for those who may see them.
 */
export function JoinRequestsSection({ list }: { list: ReturnType<typeof useJoinRequests> }) {
  const requests = list.data?.items ?? [];
  const now = useMinuteClock();
  return (
    <ListStates
      query={list}
      empty={requests.length === 0}
      skeleton={<RequestsSkeleton />}
      errorMessage="The requests to join could not be loaded."
      emptyState={<EmptyState icon={UserPlus}>No one is waiting to join.</EmptyState>}
    >
      <ul aria-label="Requests to join" className="flex flex-col gap-3">
        {requests.map((request) => (
          <ListItem key={request.id}>
            <RequestCard request={request} now={now} />
          </ListItem>
        ))}
      </ul>
      <LoadMore query={list} failedMessage="More requests could not be loaded." />
    </ListStates>
  );
}

function RequestCard({ request, now }: { request: JoinRequestItem; now: number }) {
  const headingId = useId();
  const approve = useDecideJoinRequest({
    onSuccess: () =>
      toast.success(`${request.fullName} approved`, { description: 'They can use The Vault now.' }),
    onError: (error) => showErrorToast(error, 'Request not approved'),
  });
  const contact = [
    request.email,
    request.phone && formatUsPhone(request.phone),
    request.telegram,
    request.address,
  ].filter(Boolean);
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <Avatar src={request.avatarUrl} />
        <div className="flex min-w-0 flex-col">
          <h3 id={headingId} className="text-base leading-snug font-semibold [overflow-wrap:anywhere]">
            {request.fullName}
          </h3>
          <p className="text-sm text-text-muted">
            Asked <TimeAgo at={request.requestedAt} now={now} className="text-sm text-text-muted" />
            {' · '}
            {request.referredBy ? (
              <>
                Referred by{' '}
                <Link
                  to={paths.publicProfile(request.referredBy.id)}
                  className="font-medium text-text hover:underline"
                >
                  {request.referredBy.fullName}
                </Link>
              </>
            ) : (
              'No referral'
            )}
          </p>
          {request.idCheck && <IdCheckLine request={request} idCheck={request.idCheck} />}
          {contact.length > 0 && (
            <ul aria-label="Contact details" className="mt-1 text-sm text-text-muted">
              {contact.map((line) => (
                <li key={line} className="[overflow-wrap:anywhere]">
                  {line}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="flex gap-2 [&>*]:flex-1 sm:shrink-0">
        <DeclineDialog request={request} disabled={approve.isPending} describedBy={headingId} />
        <Button
          type="button"
          disabled={approve.isPending}
          aria-describedby={headingId}
          onClick={() => approve.mutate({ memberId: request.id, decision: 'approve' })}
        >
          {approve.isPending ? <Spinner /> : <Check className="size-5" aria-hidden />}
          Approve
        </Button>
      </div>
    </article>
  );
}

/** The ID the member gave: their date of birth, and the photo in a dialog (each opening is audited). */
function IdCheckLine({
  request,
  idCheck,
}: {
  request: JoinRequestItem;
  idCheck: NonNullable<JoinRequestItem['idCheck']>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-x-3 text-sm text-text-muted">
      <span className="inline-flex items-center gap-1.5">
        <IdCard className="size-4 shrink-0 text-primary" aria-hidden />
        ID given{idCheck.birthDate ? `, born ${formatDay(idCheck.birthDate)}` : ''}
      </span>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger>
          <button
            type="button"
            className="inline-flex min-h-11 items-center font-semibold text-primary hover:underline"
          >
            View ID
          </button>
        </Dialog.Trigger>
        {open && (
          <DialogPanel
            title={`${request.fullName}’s ID`}
            description="Only staff who decide requests see it; this view is in the Audit Log. It is deleted once you decide."
          >
            <img
              src={`/api/admin/members/${encodeURIComponent(request.id)}/id-photo`}
              alt={`The ID photo ${request.fullName} gave`}
              className="mt-4 max-h-[60dvh] w-full rounded-xl bg-surface-raised object-contain"
            />
            <DialogCloseFooter className="mt-4" />
          </DialogPanel>
        )}
      </Dialog.Root>
    </div>
  );
}

/** Decline, with a reason the member reads when they sign in (and in the e-mail that tells them). */
function DeclineDialog({
  request,
  disabled,
  describedBy,
}: {
  request: JoinRequestItem;
  disabled: boolean;
  describedBy: string;
}) {
  const decline = useDecideJoinRequest({
    onSuccess: () =>
      toast.success(`${request.fullName} declined`, { description: 'They have been told why by e-mail.' }),
    onError: (error) => showErrorToast(error, 'Request not declined'),
  });
  return (
    <ReasonDialog
      triggerLabel="Decline"
      disabled={disabled}
      describedBy={describedBy}
      title={`Decline ${request.fullName}?`}
      description="They read your reason when they sign in and in an e-mail, and may ask again after the wait set in Settings."
      confirmLabel="Decline Request"
      maxLength={DECLINE_REASON_MAX}
      schema={declineSchema}
      submit={(reason) => decline.mutateAsync({ memberId: request.id, decision: 'decline', reason })}
    />
  );
}

function RequestsSkeleton() {
  return (
    <ListSkeleton
      label="Loading requests to join"
      count={2}
      item={
        <SkeletonRow
          lead="size-11"
          lines={['h-5 w-1/2', 'h-4 w-1/3']}
          trail="hidden h-11 w-52 rounded-xl sm:block"
          className="rounded-card border border-border bg-surface p-4"
        />
      }
    />
  );
}
