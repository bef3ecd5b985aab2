import { Check, Coins, Inbox, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '~/client/lib/toast';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import {
  EmptyState,
  ListItem,
  ListSkeleton,
  ListStates,
  SkeletonRow,
} from '~/client/components/ui/list-states';
import { Spinner } from '~/client/components/ui/spinner';
import { TabSection } from '~/client/components/ui/tab-section';
import { ReasonDialog } from '~/client/components/ui/reason-dialog';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { useMinuteClock } from '~/client/lib/use-clock';
import { formatCents } from '~/shared/money';
import type { Actor } from '~/shared/permissions';
import { refuseRedemptionSchema, type RedemptionRequest } from '../rewards.schema';
import { MemberRewardCard } from './member-reward-card';
import { PayAsDialog } from './pay-as-dialog';
import { useApproveRedemption, useRedemptionRequests, useRefuseRedemption } from './rewards.queries';

const coins = (amount: number) => `${amount.toLocaleString('en-US')} coins`;

/**
 * Requests for rewards that need approval, oldest first: approving puts the reward in the member's cart, refusing
 * gives the coins back with a reason the member reads. The event stream's 'rewards.redemptions' refetches it.
 */
export function RedemptionRequestsSection({ actor }: { actor: Actor }) {
  const list = useRedemptionRequests();
  const requests = list.data?.items ?? [];
  const now = useMinuteClock();
  return (
    <TabSection
      id="reward-requests-heading"
      title="Reward Requests"
      description="Rewards that need approval, oldest first. Approving puts the reward in the member’s cart (or, for one worth store credit, pays it as you choose); refusing gives their coins back."
    >
      <ListStates
        query={list}
        empty={requests.length === 0}
        skeleton={<RequestsSkeleton />}
        errorMessage="The reward requests could not be loaded."
        emptyState={<EmptyState icon={Inbox}>No reward requests waiting.</EmptyState>}
      >
        <ul aria-label="Reward requests" className="flex flex-col gap-3">
          {requests.map((request) => (
            <ListItem key={request.id}>
              <RequestCard request={request} own={request.member.id === actor.id} now={now} />
            </ListItem>
          ))}
        </ul>
        <LoadMore query={list} failedMessage="More requests could not be loaded." />
      </ListStates>
    </TabSection>
  );
}

function RequestCard({ request, own, now }: { request: RedemptionRequest; own: boolean; now: number }) {
  const headingId = useId();
  const ownId = useId();
  const [choosing, setChoosing] = useState(false);
  const credit = request.creditCents === null ? undefined : formatCents(request.creditCents);
  const approve = useApproveRedemption({
    onSuccess: (_, { payAs }) => {
      setChoosing(false);
      toast.success(`"${request.title}" approved`, {
        description:
          payAs === 'credit'
            ? `${credit} of store credit is in ${request.member.name}’s balance.`
            : payAs === 'cash'
              ? `It is in the member’s cart. Hand them ${credit} in cash.`
              : "It is in the member's cart.",
      });
    },
    onError: (error) => {
      // Decided meanwhile, or not theirs to decide: choosing again cannot help.
      if (isApiError(error, 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN')) setChoosing(false);
      showErrorToast(error, 'Request not approved');
    },
  });
  const approveButton = (
    <Button
      type="button"
      disabled={own || approve.isPending}
      aria-describedby={own ? ownId : headingId}
      onClick={request.creditCents === null ? () => approve.mutate({ redemptionId: request.id }) : undefined}
    >
      {approve.isPending && !choosing ? <Spinner /> : <Check className="size-5" aria-hidden />}
      Approve
    </Button>
  );
  return (
    <MemberRewardCard
      headingId={headingId}
      reward={request}
      now={now}
      own={own ? { id: ownId, text: 'Your own request: another staff member decides it.' } : null}
      actions={
        <div className="flex gap-2 [&>*]:flex-1 sm:shrink-0">
          <RefuseDialog
            request={request}
            disabled={own || approve.isPending}
            describedBy={own ? ownId : headingId}
          />
          {request.creditCents === null ? (
            approveButton
          ) : (
            <PayAsDialog
              title={request.title}
              memberName={request.member.name}
              creditCents={request.creditCents}
              open={choosing}
              onOpenChange={setChoosing}
              trigger={approveButton}
              pending={approve.isPending ? approve.variables.payAs : undefined}
              onChoose={(payAs) => approve.mutate({ redemptionId: request.id, payAs })}
            />
          )}
        </div>
      }
    >
      <p className="flex items-center gap-1.5 text-sm text-text-muted">
        <Coins className="size-4 shrink-0 text-coin" aria-hidden />
        <span className="font-semibold text-coin tabular">{request.costCoins.toLocaleString('en-US')}</span>
        coins, already spent
      </p>
      {credit && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-text-muted">
          <Wallet className="size-4 shrink-0 text-primary" aria-hidden />
          <span>
            Worth <span className="font-semibold text-text tabular">{credit}</span>: store credit or cash
          </span>
        </p>
      )}
    </MemberRewardCard>
  );
}

/** Refuse, with a reason the member reads; their coins go back to their balance. */
function RefuseDialog({
  request,
  disabled,
  describedBy,
}: {
  request: RedemptionRequest;
  disabled: boolean;
  describedBy: string;
}) {
  const refuse = useRefuseRedemption({
    onSuccess: () =>
      toast.success(`"${request.title}" refused`, {
        description: `${request.member.name} has their ${coins(request.costCoins)} back.`,
      }),
    onError: (error) => showErrorToast(error, 'Request not refused'),
  });
  return (
    <ReasonDialog
      triggerLabel="Refuse"
      disabled={disabled}
      describedBy={describedBy}
      title={`Refuse "${request.title}"?`}
      description={`${request.member.name} gets their ${coins(request.costCoins)} back and reads your reason.`}
      confirmLabel="Refuse Request"
      maxLength={200}
      schema={refuseRedemptionSchema}
      submit={(reason) => refuse.mutateAsync({ redemptionId: request.id, reason })}
    />
  );
}

function RequestsSkeleton() {
  return (
    <ListSkeleton
      label="Loading reward requests"
      count={2}
      item={
        <SkeletonRow
          lines={['h-5 w-1/2', 'h-4 w-1/3', 'h-4 w-1/4']}
          trail="hidden h-11 w-52 rounded-xl sm:block"
          className="rounded-card border border-border bg-surface p-4"
        />
      }
    />
  );
}
