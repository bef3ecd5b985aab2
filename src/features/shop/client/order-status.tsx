import { useId, useState } from 'react';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { TextField } from '~/client/components/ui/text-field';
import { useContractForm } from '~/client/lib/form';
import { toast } from '~/client/lib/toast';
import { showErrorToast } from '~/client/lib/error-toast';
import { counterCodeSchema, type AdminOrderView } from '~/features/shop/orders.schema';
import { ARCHIVED_STATUSES, statusesAdminsMaySet, type OrderStatus } from '~/features/shop/orders.constants';
import { useSetOrderStatus } from './shop-admin.queries';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  available: 'Available',
  claimed: 'Claimed',
  'in-progress': 'In progress',
  pending: 'Pending',
  confirmed: 'Confirmed',
  'out-for-delivery': 'Out for delivery',
  'ready-for-pickup': 'Ready for pickup',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Waiting for the shop (primary), with a driver (accent outline), done (accent) or cancelled (danger). */
const TONES: Record<OrderStatus, string> = {
  available: 'border-primary/60 text-primary',
  pending: 'border-primary/60 text-primary',
  confirmed: 'border-primary/60 text-primary',
  claimed: 'border-coin/60 text-coin',
  'in-progress': 'border-coin/60 text-coin',
  'out-for-delivery': 'border-coin/60 text-coin',
  'ready-for-pickup': 'border-coin/60 text-coin',
  completed: 'border-accent/60 text-accent',
  cancelled: 'border-danger/60 text-danger',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${TONES[status]}`}
    >
      <span className="sr-only">Status: </span>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The driver flow's own statuses, shown when the order is in one but never offered (departure 16). */
const DRIVER_SET: readonly OrderStatus[] = ['claimed', 'in-progress'];

/**
 * The order's status as a select of the statuses an admin may set for its method. Claimed and in progress are
 * never offered; an order in one of them shows it (disabled) until the admin picks another. The change is sent
 * at once; the list follows from the server.
 */
export function OrderStatusSelect({ order }: { order: AdminOrderView }) {
  const { shortId } = order;
  const id = useId();
  const hintId = `${id}-hint`;
  const [askingCode, setAskingCode] = useState(false);
  const setStatus = useSetOrderStatus({
    onSuccess: ({ order: saved }) => statusToast(shortId, saved.status),
    onError: (error) => showErrorToast(error, 'Status Not Changed'),
  });
  const offered = statusesAdminsMaySet(order.deliveryMethod);
  const shown = setStatus.isPending ? setStatus.variables.status : order.status;
  const driverSet = DRIVER_SET.includes(order.status);

  return (
    <div className="flex flex-col gap-1.5">
      {/* In the orders table the column's header says Status: the label is only read out there. */}
      <label htmlFor={id} className="text-sm font-medium text-text-muted as-table:sr-only">
        Status<span className="sr-only"> of order #{shortId}</span>
      </label>
      <select
        id={id}
        value={shown}
        disabled={setStatus.isPending}
        aria-busy={setStatus.isPending}
        aria-describedby={driverSet ? hintId : undefined}
        onChange={(event) => {
          const status = event.target.value as OrderStatus;
          if (status === 'completed' && order.asksCounterCode) setAskingCode(true);
          else setStatus.mutate({ orderId: order.id, status });
        }}
        className="min-h-11 w-full min-w-40 appearance-auto rounded-xl border border-border bg-background px-3 text-base font-medium text-text transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary disabled:cursor-progress disabled:opacity-60"
      >
        {!offered.includes(order.status) && (
          <option value={order.status} disabled>
            {STATUS_LABELS[order.status]}
          </option>
        )}
        {offered.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      {driverSet && (
        <p id={hintId} className="text-xs text-text-muted">
          Set by the driver. Available puts it back in the queue.
        </p>
      )}
      <Dialog.Root open={askingCode} onOpenChange={setAskingCode}>
        {askingCode && <CounterCodeForm order={order} onDone={() => setAskingCode(false)} />}
      </Dialog.Root>
    </div>
  );
}

function statusToast(shortId: string, status: OrderStatus) {
  toast.success(`Order #${shortId}: ${STATUS_LABELS[status]}`, {
    description: ARCHIVED_STATUSES.includes(status) ? 'It has moved to the archive.' : undefined,
  });
}

/** Completing a pickup under the `pickupCode` setting: staff type the code the member shows at the counter. */
function CounterCodeForm({ order, onDone }: { order: AdminOrderView; onDone: () => void }) {
  const form = useContractForm(counterCodeSchema, { defaultValues: { code: '' } });
  const setStatus = useSetOrderStatus({
    onSuccess: ({ order: saved }) => {
      statusToast(order.shortId, saved.status);
      onDone();
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Not Completed');
    },
  });
  const submit = form.handleSubmit(({ code }) =>
    setStatus.mutate({ orderId: order.id, status: 'completed', code }),
  );
  return (
    <DialogPanel
      title={`Complete order #${order.shortId}`}
      description="Type the 4-digit pickup code the member shows on their order."
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-5">
        <TextField
          label="Pickup code"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          disabled={setStatus.isPending}
          {...form.field('code')}
        />
        <DialogActions confirmLabel="Mark Completed" pending={setStatus.isPending} />
      </form>
    </DialogPanel>
  );
}
