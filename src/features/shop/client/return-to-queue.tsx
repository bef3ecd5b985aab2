import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { showErrorToast } from '~/client/lib/error-toast';
import { toast } from '~/client/lib/toast';
import type { AdminOrderView } from '../orders.schema';
import { useSetOrderStatus } from './shop-admin.queries';

/**
 * Return to queue on a delivery a driver has (the status Available, confirmed first): the driver loses the run and
 * is told, without a strike.
 */
export function ReturnToQueue({ order }: { order: AdminOrderView }) {
  const driverName = order.driver?.name ?? 'The driver';
  const [confirming, setConfirming] = useState(false);
  const setStatus = useSetOrderStatus({
    onSuccess: () => {
      setConfirming(false);
      toast.success('Back in the queue', {
        description: `Order #${order.shortId} is available to every driver.`,
      });
    },
    onError: (failure) => {
      setConfirming(false);
      showErrorToast(failure, 'Run not returned');
    },
  });
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      trigger={
        <Button type="button" variant="ghost" className="px-3">
          <Undo2 className="size-5 shrink-0" aria-hidden />
          Return to queue<span className="sr-only"> order #{order.shortId}</span>
        </Button>
      }
      title={`Return order #${order.shortId} to the queue?`}
      description={`${driverName} loses the run and is told. No strike.`}
      confirmLabel="Return to queue"
      pending={setStatus.isPending}
      onConfirm={() =>
        setStatus.mutate({
          orderId: order.id,
          status: 'available',
          currentDriverId: order.driver?.id ?? null,
        })
      }
    />
  );
}
