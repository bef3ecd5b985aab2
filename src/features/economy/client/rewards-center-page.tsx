import { useQueryClient } from '@tanstack/react-query';
import { Clock, Coins, Gift, ShoppingCart, ShieldCheck, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { EmptyState, ListSkeleton, ListStates, SkeletonCard } from '~/client/components/ui/list-states';
import { Page, PageHeading } from '~/client/components/ui/page';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { paths } from '~/client/lib/paths';
import { randomKey } from '~/client/lib/random-key';
import { useSession } from '~/client/lib/session';
import { formatCents } from '~/shared/money';
import type { RedemptionView, RewardView } from '../rewards.schema';
import { REDEEMED_DESCRIPTION, redeemConfirmText, redeemedTitle } from '../rewards.constants';
import { RewardArt } from './reward-art';
import {
  rewardsQueryKeys,
  useMyRedemptions,
  useRedeemReward,
  useRewards,
  useSetRewardInCart,
} from './rewards.queries';

const coins = (n: number) => n.toLocaleString('en-US');

/**
 * /rewards-center: the rewards members spend Exotic Coins on, cheapest first, and the member's own rewards still to
 * come (waiting for approval, in the cart, kept for later). Redeeming asks first, spends on the server, and goes
 * to the cart.
 */
export function Component() {
  const member = useSession().data?.user;
  const balance = member?.exoticCoins ?? 0;
  const rewards = useRewards();
  const list = rewards.data?.rewards ?? [];
  return (
    <Page title="Rewards Center" className="max-w-5xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading description="Spend your Exotic Coins on rewards. Redeemed rewards wait in your cart.">
          Rewards Center
        </PageHeading>
        <p className="flex items-center gap-2 rounded-full border border-coin/40 bg-coin/10 px-4 py-2 text-base font-semibold text-coin tabular">
          <Coins className="size-5" aria-hidden />
          {coins(balance)}
          <span className="font-normal text-text-muted">coins</span>
        </p>
      </div>
      <StoreCredit cents={member?.storeCreditCents ?? 0} />
      <YourRewards />
      <section aria-labelledby="rewards-heading" className="flex flex-col gap-3">
        <h2 id="rewards-heading" className="text-xl font-semibold">
          Rewards
        </h2>
        <ListStates
          query={rewards}
          empty={list.length === 0}
          skeleton={<RewardsSkeleton />}
          errorMessage="The rewards could not be loaded."
          emptyState={<EmptyState icon={Gift}>No rewards are on offer right now.</EmptyState>}
        >
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
            {list.map((reward) => (
              <li key={reward.id} className="flex">
                <RewardCard reward={reward} balance={balance} />
              </li>
            ))}
          </ul>
        </ListStates>
      </section>
    </Page>
  );
}

function RewardCard({ reward, balance }: { reward: RewardView; balance: number }) {
  const [open, setOpen] = useState(false);
  const short = reward.costCoins - balance;
  const reasonId = useId();
  return (
    <article className="flex w-full overflow-hidden rounded-card border border-border bg-surface sm:flex-col">
      {/* A phone shows the rewards as compact rows, artwork at the side; wider screens as a grid of cards. */}
      <RewardArt
        art={reward.art}
        imageUrl={reward.imageUrl}
        className="w-24 shrink-0 sm:aspect-[4/3] sm:w-full"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-4">
        <h3 className="text-lg font-semibold break-words">{reward.title}</h3>
        <p className="text-sm text-text-muted">{reward.description}</p>
        {reward.needsApproval && (
          <p className="flex items-center gap-1.5 text-sm text-text-muted">
            <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
            {reward.creditCents === null
              ? 'The Vault Team approves this one before it reaches your cart.'
              : 'The Vault Team approves this one, then pays it as store credit or in cash.'}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-2 pt-1 sm:pt-2">
          <p className="flex items-center gap-1.5 text-lg font-bold text-coin tabular">
            <Coins className="size-5" aria-hidden />
            {coins(reward.costCoins)}
            <span className="sr-only"> coins</span>
          </p>
          <Button
            onClick={() => setOpen(true)}
            disabled={short > 0}
            aria-describedby={short > 0 ? reasonId : undefined}
          >
            Redeem
          </Button>
        </div>
        {short > 0 && (
          <p id={reasonId} className="text-sm text-text-muted">
            You need <span className="tabular">{coins(short)}</span> more coins.
          </p>
        )}
      </div>
      <RedeemDialog reward={reward} open={open} onOpenChange={setOpen} />
    </article>
  );
}

/**
 * The spec's confirmation. One idempotency key per opening: a double tap of Redeem spends once. A cost changed
 * meanwhile is refused by the server; the catalogue refetches and shows the new cost.
 */
function RedeemDialog({
  reward,
  open,
  onOpenChange,
}: {
  reward: RewardView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(randomKey);
  const redeem = useRedeemReward({
    onSuccess: ({ redemption }) => {
      onOpenChange(false);
      if (redemption.status === 'requested') {
        toast.success(`"${redemption.title}" Requested`, {
          description:
            reward.creditCents === null
              ? 'The Vault Team will review it. It goes to your cart once approved.'
              : 'The Vault Team will review it, then pay it as store credit or in cash.',
        });
        return;
      }
      toast.success(redeemedTitle(redemption.title), { description: REDEEMED_DESCRIPTION });
      void navigate(paths.cart());
    },
    onError: (error) => {
      if (isApiError(error, 'COST_CHANGED', 'NOT_FOUND')) {
        onOpenChange(false);
        void queryClient.invalidateQueries({ queryKey: rewardsQueryKeys.catalog() });
      }
      showErrorToast(error, 'Reward not redeemed');
    },
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setIdempotencyKey(randomKey());
        if (!redeem.isPending) onOpenChange(next);
      }}
    >
      <DialogPanel title="Redeem Reward?" description={redeemConfirmText(reward.costCoins, reward.title)}>
        <DialogActions
          className="mt-6"
          confirmLabel="Redeem"
          pending={redeem.isPending}
          onConfirm={() =>
            redeem.mutate({ rewardId: reward.id, expectedCost: reward.costCoins, idempotencyKey })
          }
        />
      </DialogPanel>
    </Dialog.Root>
  );
}

/**
 * The member's store credit (rewards paid as credit), when they have some. The region is always there, so a balance
 * that arrives while the page is open (staff approving a reward as credit) is announced.
 */
function StoreCredit({ cents }: { cents: number }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {cents > 0 && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-card border border-border bg-surface px-4 py-3 text-base">
          <Wallet className="size-5 shrink-0 text-primary" aria-hidden />
          <span>
            Store credit: <span className="font-semibold tabular">{formatCents(cents)}</span>
          </span>
          <span className="text-sm text-text-muted">Applied at checkout</span>
        </p>
      )}
    </div>
  );
}

/** The member's rewards still to come; nothing at all when they have none. */
function YourRewards() {
  const mine = useMyRedemptions();
  const redemptions = mine.data?.redemptions ?? [];
  if (redemptions.length === 0) return null;
  return (
    <section aria-labelledby="your-rewards-heading" className="flex flex-col gap-3">
      <h2 id="your-rewards-heading" className="text-xl font-semibold">
        Your rewards
      </h2>
      <ul className="flex flex-col gap-2">
        {redemptions.map((redemption) => (
          <li key={redemption.id}>
            <YourReward redemption={redemption} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function YourReward({ redemption }: { redemption: RedemptionView }) {
  const move = useSetRewardInCart({
    onSuccess: () => toast.success('Added to your cart', { description: redemption.title }),
    onError: (error) => showErrorToast(error, 'Reward not moved'),
  });
  return (
    <div className="flex min-h-16 items-center gap-3 rounded-card border border-border bg-surface p-2 pr-3">
      <RewardArt
        art={redemption.art}
        imageUrl={redemption.imageUrl}
        className="size-12 shrink-0 rounded-lg"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{redemption.title}</p>
        <p className="flex items-center gap-1.5 text-sm text-text-muted">
          {redemption.status === 'requested' && (
            <>
              <Clock className="size-4 shrink-0" aria-hidden /> Waiting for the Vault Team’s approval
            </>
          )}
          {redemption.status === 'in-cart' && (
            <>
              <ShoppingCart className="size-4 shrink-0" aria-hidden /> In your cart
            </>
          )}
          {redemption.status === 'unused' && 'Kept for a later order'}
        </p>
      </div>
      {redemption.status === 'unused' && (
        <Button
          variant="secondary"
          disabled={move.isPending}
          onClick={() => move.mutate({ redemptionId: redemption.id, inCart: true })}
          pending={move.isPending}
        >
          Add to cart
        </Button>
      )}
      {redemption.status === 'in-cart' && (
        <Button asChild variant="ghost" className="text-primary hover:text-primary">
          <Link to={paths.cart()}>View cart</Link>
        </Button>
      )}
    </div>
  );
}

function RewardsSkeleton() {
  return (
    <ListSkeleton
      label="Loading rewards"
      count={6}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3"
      item={
        <SkeletonCard
          className="gap-3 overflow-hidden py-4 sm:pt-0"
          lines={['h-5 w-1/2 mx-4', 'h-4 w-4/5 mx-4']}
        >
          <div className="order-first hidden aspect-[4/3] w-full bg-surface-raised sm:block" />
        </SkeletonCard>
      }
    />
  );
}
