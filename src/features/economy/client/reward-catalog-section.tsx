import { BadgeCheck, Coins, Eye, EyeOff, Gift, Package, Pencil, Plus, Truck } from 'lucide-react';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import {
  EmptyState,
  ListItem,
  ListSkeleton,
  ListStates,
  SkeletonBlock,
  SkeletonCard,
  SkeletonLines,
} from '~/client/components/ui/list-states';
import { Dialog } from '~/client/components/ui/dialog';
import { Spinner } from '~/client/components/ui/spinner';
import { TabSection } from '~/client/components/ui/tab-section';
import { showErrorToast } from '~/client/lib/error-toast';
import type { RewardAdminView } from '../rewards.schema';
import { RewardArt } from './reward-art';
import { REWARD_KIND_LABELS, RewardFormDialog } from './reward-form-dialog';
import { useRewardCatalog, useSetRewardHidden } from './rewards.queries';

const LIST_CLASS = 'grid gap-3 md:grid-cols-2 xl:grid-cols-3';

/** The Rewards Center's catalogue: every reward, hidden ones marked; add, edit, hide and show again. */
export function RewardCatalogSection() {
  const catalog = useRewardCatalog();
  const rewards = catalog.data?.rewards ?? [];
  const hiddenCount = rewards.filter((reward) => reward.hidden).length;
  return (
    <TabSection
      id="rewards-heading"
      title="Rewards"
      description="What members spend their coins on in the Rewards Center, cheapest first. Hidden rewards are kept here."
      action={
        <RewardDialog
          trigger={
            <Button type="button">
              <Plus className="size-5" aria-hidden />
              Add Reward
            </Button>
          }
        />
      }
    >
      <ListStates
        query={catalog}
        empty={rewards.length === 0}
        skeleton={<RewardsSkeleton />}
        errorMessage="The rewards could not be loaded."
        emptyState={<EmptyState icon={Gift}>No rewards yet. Add the first one.</EmptyState>}
      >
        <p className="text-sm text-text-muted tabular">
          {rewards.length} {rewards.length === 1 ? 'reward' : 'rewards'}
          {hiddenCount > 0 && `, ${hiddenCount} hidden`}
        </p>
        <ul aria-label="Rewards" className={LIST_CLASS}>
          {rewards.map((reward) => (
            <RewardCard key={reward.id} reward={reward} />
          ))}
        </ul>
      </ListStates>
    </TabSection>
  );
}

/** A trigger that opens the reward form; the form mounts fresh on every opening. */
function RewardDialog({ trigger, reward }: { trigger: ReactElement; reward?: RewardAdminView }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      {open && <RewardFormDialog reward={reward} onDone={() => setOpen(false)} />}
    </Dialog.Root>
  );
}

function RewardCard({ reward }: { reward: RewardAdminView }) {
  const headingId = useId();
  const KindIcon = reward.kind === 'free-delivery' ? Truck : Package;
  return (
    <ListItem>
      <article
        aria-labelledby={headingId}
        className={`flex h-full flex-col gap-3 rounded-card border bg-surface p-4 ${reward.hidden ? 'border-dashed border-text-muted/50' : 'border-border'}`}
      >
        <div className="flex items-start gap-3">
          <RewardArt
            art={reward.art}
            imageUrl={reward.imageUrl}
            className={`aspect-[4/3] w-24 shrink-0 rounded-xl border border-border ${reward.hidden ? 'opacity-40 grayscale' : ''}`}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h3 id={headingId} className="text-base leading-snug font-semibold [overflow-wrap:anywhere]">
              {reward.title}
            </h3>
            <p className="flex items-center gap-1.5 text-sm text-text-muted">
              <Coins className="size-4 shrink-0 text-coin" aria-hidden />
              <span className="font-semibold text-coin tabular">
                {reward.costCoins.toLocaleString('en-US')}
              </span>
              coins
            </p>
          </div>
        </div>
        <ul aria-label="About this reward" className="flex flex-wrap gap-1.5">
          <Badge>
            <KindIcon className="size-3.5" aria-hidden />
            {REWARD_KIND_LABELS[reward.kind]}
          </Badge>
          {reward.needsApproval && (
            <Badge tone="border-primary/50 text-primary">
              <BadgeCheck className="size-3.5" aria-hidden />
              Needs approval
            </Badge>
          )}
          {reward.hidden && (
            <Badge tone="border-text-muted/50 bg-background text-text">
              <EyeOff className="size-3.5" aria-hidden />
              Hidden
            </Badge>
          )}
        </ul>
        <p className="line-clamp-3 text-sm leading-relaxed text-text-muted">{reward.description}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-1 [&>*]:flex-1">
          <RewardDialog
            reward={reward}
            trigger={
              <Button type="button" variant="secondary" aria-label={`Edit ${reward.title}`}>
                <Pencil className="size-5" aria-hidden />
                Edit
              </Button>
            }
          />
          <HiddenToggle reward={reward} describedBy={headingId} />
        </div>
      </article>
    </ListItem>
  );
}

function Badge({ tone = 'border-border text-text-muted', children }: { tone?: string; children: ReactNode }) {
  return (
    <li
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`}
    >
      {children}
    </li>
  );
}

/** Hide from the Rewards Center, or show in it again; members' Rewards Centers follow at once. */
function HiddenToggle({ reward, describedBy }: { reward: RewardAdminView; describedBy: string }) {
  const setHidden = useSetRewardHidden({
    onSuccess: ({ reward: saved }) =>
      toast.success(saved.hidden ? 'Reward hidden' : 'Reward shown', { description: saved.title }),
    onError: (error) => showErrorToast(error, 'Reward not changed'),
  });
  const hiding = !reward.hidden;
  const Icon = hiding ? EyeOff : Eye;
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={setHidden.isPending}
      onClick={() => setHidden.mutate({ rewardId: reward.id, hidden: hiding })}
      aria-describedby={describedBy}
      className="whitespace-nowrap"
    >
      {setHidden.isPending ? <Spinner /> : <Icon className="size-5" aria-hidden />}
      {hiding ? 'Hide' : 'Show'}
    </Button>
  );
}

function RewardsSkeleton() {
  return (
    <ListSkeleton
      label="Loading rewards"
      className={LIST_CLASS}
      item={
        <SkeletonCard
          head={
            <div className="flex items-start gap-3">
              <SkeletonBlock className="aspect-[4/3] w-24 shrink-0 rounded-xl" />
              <SkeletonLines className="flex flex-1 flex-col gap-2" lines={['h-5 w-3/4', 'h-4 w-1/3']} />
            </div>
          }
          lines={['h-5 w-1/2 rounded-full', 'h-3.5 w-full', 'h-11 rounded-xl']}
        />
      }
    />
  );
}
