import { RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { showErrorToast } from '~/client/lib/error-toast';
import { paths } from '~/client/lib/paths';
import { useSession } from '~/client/lib/session';
import { toast } from '~/client/lib/toast';
import type { MemberOrderView, ReorderResponse } from '../orders.schema';
import { addToCart } from './cart-store';
import { useCancelMyOrder, useReorder } from './orders.queries';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What the member can do with one of their orders: cancel it while nobody has started on it (the server decides:
 * `canCancel`), and order a finished one again.
 */
export function OrderActions({ order }: { order: MemberOrderView }) {
  const finished = order.status === 'completed' || order.status === 'cancelled';
  if (!order.canCancel && !finished) return null;
  return (
    <div className="flex flex-wrap gap-3 border-t border-border pt-3">
      {order.canCancel && <CancelOrderButton order={order} />}
      {finished && <OrderAgainButton order={order} />}
    </div>
  );
}

function CancelOrderButton({ order }: { order: MemberOrderView }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelMyOrder({
    onSuccess: ({ rewardsReturned }) => {
      setConfirming(false);
      toast.success('Order cancelled', {
        description: rewardsReturned
          ? `Order #${order.shortId} is cancelled. ${rewardsReturned === 1 ? 'Its reward is' : 'Its rewards are'} back under Your rewards.`
          : `Order #${order.shortId} is cancelled.`,
      });
    },
    onError: (error) => {
      setConfirming(false);
      showErrorToast(error, 'Order not cancelled');
    },
  });
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <Button variant="secondary">
          <XCircle className="size-5 shrink-0" aria-hidden />
          Cancel order<span className="sr-only"> #{order.shortId}</span>
        </Button>
      }
      title={`Cancel order #${order.shortId}?`}
      description={
        order.deliveryMethod === 'Delivery'
          ? 'It leaves the driver queue now and cannot be reopened. Rewards it used come back to you.'
          : 'The shop will not prepare it, and it cannot be reopened. Rewards it used come back to you.'
      }
      confirmLabel="Cancel order"
      cancelLabel="Keep order"
      pending={cancel.isPending}
      onConfirm={() => cancel.mutate(order.id)}
    />
  );
}

function OrderAgainButton({ order }: { order: MemberOrderView }) {
  const userId = useSession().data?.user?.id;
  const navigate = useNavigate();
  const reorder = useReorder({
    onSuccess: (answer) => {
      if (!userId) return;
      const added = putInCart(userId, answer);
      const gone = answer.skipped.length ? `No longer sold: ${answer.skipped.join(', ')}.` : '';
      if (added === 0) {
        toast.error('Nothing to order again', {
          description: gone || 'This order had only rewards, which are redeemed once.',
        });
        return;
      }
      toast.success('Added to cart', {
        description: [`${plural(added, 'item')} from order #${order.shortId}, at today’s prices.`, gone]
          .filter(Boolean)
          .join(' '),
      });
      void navigate(paths.cart());
    },
    onError: (error) => showErrorToast(error, 'Could not order again'),
  });
  return (
    <Button variant="secondary" pending={reorder.isPending} onClick={() => reorder.mutate(order.id)}>
      <RotateCcw className="size-5 shrink-0" aria-hidden />
      Order again<span className="sr-only"> from order #{order.shortId}</span>
    </Button>
  );
}

/**
 * The lines go in the member's cart, in its order type (the past order's when the cart is empty: addToCart). How
 * many items.
 */
function putInCart(userId: string, { lines, deliveryMethod }: ReorderResponse): number {
  for (const line of lines) addToCart(userId, line, deliveryMethod);
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
