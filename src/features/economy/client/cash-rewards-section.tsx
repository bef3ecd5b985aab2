import { useQueryClient } from '@tanstack/react-query';
import { Clock, ShoppingCart, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { ListItem, ListStates } from '~/client/components/ui/list-states';
import { TabSection } from '~/client/components/ui/tab-section';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { toast } from '~/client/lib/toast';
import { useMinuteClock } from '~/client/lib/use-clock';
import { formatCents } from '~/shared/money';
import type { Actor } from '~/shared/permissions';
import type { CashRewardView } from '../rewards.schema';
import { rewardsQueryKeys, useCashRewards, usePayAsStoreCredit } from './rewards.queries';
import { MemberRewardCard } from './member-reward-card';

/**
 * Approved rewards worth store credit that no order has used yet (approved as cash, or before store credit
 * existed): staff may pay one as store credit instead. Only shown when there is one; the event stream's
 * 'rewards.redemptions' refetches it.
 */
export function CashRewardsSection({ actor }: { actor: Actor }) {
  const list = useCashRewards();
  const rewards = list.data?.redemptions ?? [];
  const now = useMinuteClock();
  if (rewards.length === 0 && !list.isError) return null;
  return (
    <TabSection
      id="cash-rewards-heading"
      title="Cash rewards not yet used"
      description="Approved as cash and still in the member’s cart or kept for later, oldest first. Paying one as store credit takes it out of their cart."
    >
      <ListStates
        query={list}
        empty={rewards.length === 0}
        skeleton={null}
        errorMessage="The cash rewards could not be loaded."
        emptyState={null}
      >
        <ul aria-label="Cash rewards not yet used" className="flex flex-col gap-3">
          {rewards.map((reward) => (
            <ListItem key={reward.id}>
              <CashRewardCard reward={reward} own={reward.member.id === actor.id} now={now} />
            </ListItem>
          ))}
        </ul>
      </ListStates>
    </TabSection>
  );
}

function CashRewardCard({ reward, own, now }: { reward: CashRewardView; own: boolean; now: number }) {
  const headingId = useId();
  const ownId = useId();
  const amount = formatCents(reward.creditCents);
  return (
    <MemberRewardCard
      headingId={headingId}
      reward={reward}
      now={now}
      own={own ? { id: ownId, text: 'Your own reward: another staff member pays it as store credit.' } : null}
      actions={
        <PayAsCreditDialog
          reward={reward}
          amount={amount}
          disabled={own}
          describedBy={own ? ownId : headingId}
        />
      }
    >
      <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-text-muted">
        <span className="font-semibold text-text tabular">{amount}</span>
        <span aria-hidden>·</span>
        {reward.status === 'in-cart' ? (
          <>
            <ShoppingCart className="size-4 shrink-0" aria-hidden /> In their cart
          </>
        ) : (
          <>
            <Clock className="size-4 shrink-0" aria-hidden /> Kept for a later order
          </>
        )}
      </p>
    </MemberRewardCard>
  );
}

/** "Pay as store credit", confirmed first: the amount goes to the member's balance and the reward leaves their cart. */
function PayAsCreditDialog({
  reward,
  amount,
  disabled,
  describedBy,
}: {
  reward: CashRewardView;
  amount: string;
  disabled: boolean;
  describedBy: string;
}) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const pay = usePayAsStoreCredit({
    onSuccess: () => {
      setOpen(false);
      toast.success(`"${reward.title}" paid as store credit`, {
        description: `${amount} is in ${reward.member.name}’s balance.`,
      });
    },
    onError: (error) => {
      // Used by an order or paid meanwhile: the list is out of date.
      if (isApiError(error, 'CONFLICT', 'NOT_FOUND')) {
        setOpen(false);
        void queryClient.invalidateQueries({ queryKey: rewardsQueryKeys.cashRewards() });
      }
      showErrorToast(error, 'Not paid as store credit');
    },
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!pay.isPending) setOpen(next);
      }}
    >
      <Dialog.Trigger>
        <Button
          type="button"
          variant="secondary"
          disabled={disabled}
          aria-describedby={describedBy}
          className="sm:shrink-0"
        >
          <Wallet className="size-5" aria-hidden />
          Pay as store credit
        </Button>
      </Dialog.Trigger>
      <DialogPanel
        title={`Pay "${reward.title}" as store credit?`}
        description={`${amount} goes to ${reward.member.name}’s store credit balance now, and the reward leaves ${reward.status === 'in-cart' ? 'their cart' : 'their kept rewards'}. Do not also pay them in cash.`}
      >
        <DialogActions
          className="mt-6"
          confirmLabel="Pay as Store Credit"
          pending={pay.isPending}
          onConfirm={() => pay.mutate(reward.id)}
        />
      </DialogPanel>
    </Dialog.Root>
  );
}
