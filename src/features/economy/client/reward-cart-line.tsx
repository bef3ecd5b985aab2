import { Trash2 } from 'lucide-react';
import { toast } from '~/client/lib/toast';
import { IconButton } from '~/client/components/ui/button';
import { showErrorToast } from '~/client/lib/error-toast';
import { formatCents } from '~/shared/money';
import type { RedemptionView } from '../rewards.schema';
import { REWARD_LINE_SIZE, rewardLineName } from '../rewards.constants';
import { RewardArt } from './reward-art';
import { useSetRewardInCart } from './rewards.queries';

/**
 * A reward in the cart (one of the member's redemptions, the same on every device): 'REWARD: {title}', size
 * 'Reward', $0. Removing it keeps the reward under "Your rewards" in the Rewards Center. `problem` says why this
 * order cannot carry it (a Free Delivery on a Pickup order).
 */
export function RewardCartLine({ redemption, problem }: { redemption: RedemptionView; problem?: string }) {
  const name = rewardLineName(redemption.title);
  const remove = useSetRewardInCart({
    onSuccess: () =>
      toast('Item removed', {
        description: `${redemption.title} is back under Your rewards in the Rewards Center.`,
      }),
    onError: (error) => showErrorToast(error, 'Reward not removed'),
  });
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <div className="flex items-start gap-3">
        <RewardArt
          art={redemption.art}
          imageUrl={redemption.imageUrl}
          className="size-12 shrink-0 rounded-lg"
        />
        <div className="min-w-0 flex-1">
          <p className="text-base font-semibold break-words">{name}</p>
          <p className="text-sm text-text-muted">{REWARD_LINE_SIZE} · Quantity 1</p>
          {problem && <p className="mt-1 text-sm font-medium text-danger">{problem}</p>}
        </div>
        <IconButton
          label={`Remove ${name}`}
          title="Remove"
          tone="danger"
          className="-mt-2 -mr-2 rounded-xl"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ redemptionId: redemption.id, inCart: false })}
        >
          <Trash2 className="size-5" aria-hidden />
        </IconButton>
      </div>
      <p className="self-end text-lg font-semibold tabular">{formatCents(0)}</p>
    </li>
  );
}
