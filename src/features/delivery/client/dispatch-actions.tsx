import { Send, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { ListStates } from '~/client/components/ui/list-states';
import { showErrorToast } from '~/client/lib/error-toast';
import { toast } from '~/client/lib/toast';
import type { AdminOrderView } from '~/features/shop/orders.schema';
import type { AdminDriver } from '../delivery.schema';
import { useAssignRun, useDispatchDrivers } from './drivers.queries';
import { formatOnTimeRate } from './on-time-rate';

/** A delivery nobody has taken yet (dispatch.service.ts: UNCLAIMED). */
const UNCLAIMED = new Set(['available', 'pending', 'confirmed']);

/**
 * The orders desk's dispatch on a delivery order (manage:orders): Assign to driver while nobody has it, Reassign
 * while a driver has it (the desk's own Return to queue sits beside it).
 */
export function DispatchActions({ order }: { order: AdminOrderView }) {
  if (order.deliveryMethod !== 'Delivery') return null;
  const onRun = (order.status === 'claimed' || order.status === 'in-progress') && order.driver;
  if (!onRun && !UNCLAIMED.has(order.status)) return null;
  return <AssignDialog order={order} />;
}

function AssignDialog({ order }: { order: AdminOrderView }) {
  const [open, setOpen] = useState(false);
  const reassign = order.driver !== null && order.status !== 'available';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button type="button" variant="secondary" className="px-3">
          <UserPlus className="size-5 shrink-0" aria-hidden />
          {reassign ? 'Reassign' : 'Assign to driver'}
          <span className="sr-only"> order #{order.shortId}</span>
        </Button>
      </Dialog.Trigger>
      {open && <AssignForm order={order} reassign={reassign} onDone={() => setOpen(false)} />}
    </Dialog.Root>
  );
}

function AssignForm({
  order,
  reassign,
  onDone,
}: {
  order: AdminOrderView;
  reassign: boolean;
  onDone: () => void;
}) {
  const drivers = useDispatchDrivers({ enabled: true });
  const current = reassign ? (order.driver?.id ?? null) : null;
  const choices = (drivers.data?.drivers ?? []).filter((driver) => driver.id !== current);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const assign = useAssignRun({
    onSuccess: (_, { driverId }) => {
      const name = choices.find((driver) => driver.id === driverId)?.name ?? 'the driver';
      toast.success(reassign ? 'Run reassigned' : 'Run assigned', {
        description: `Order #${order.shortId} is with ${name}, who has their ETA window to answer.`,
      });
      onDone();
    },
    onError: (failure) => showErrorToast(failure, 'Run not assigned'),
  });
  const submit = () => {
    if (!chosen) {
      setError('Choose a driver.');
      return;
    }
    assign.mutate({ orderId: order.id, driverId: chosen, currentDriverId: current });
  };
  return (
    <DialogPanel
      title={reassign ? `Reassign order #${order.shortId}` : `Assign order #${order.shortId}`}
      description={
        reassign
          ? `${order.driver?.name ?? 'The driver'} loses the run. The new driver has their ETA window from now and may decline without a strike.`
          : 'The driver is notified and has their ETA window from now, as if they had called dibs. They may decline without a strike.'
      }
    >
      <form
        noValidate
        className="mt-5 flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ListStates
          query={drivers}
          empty={choices.length === 0}
          errorMessage="The drivers could not be loaded."
          skeleton={<p className="text-sm text-text-muted">Loading drivers…</p>}
          emptyState={
            <p className="text-sm text-text-muted">
              No other approved driver. Approve drivers in the Drivers tab.
            </p>
          }
        >
          <fieldset
            role="radiogroup"
            className="flex max-h-[50dvh] flex-col gap-2 overflow-y-auto"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Driver</legend>
            {choices.map((driver) => (
              <DriverChoice
                key={driver.id}
                driver={driver}
                checked={chosen === driver.id}
                onChoose={() => {
                  setChosen(driver.id);
                  setError(null);
                }}
              />
            ))}
          </fieldset>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
        </ListStates>
        <DialogActions
          confirmLabel={
            <>
              <Send className="size-5" aria-hidden />
              {reassign ? 'Reassign' : 'Assign'}
            </>
          }
          pending={assign.isPending}
          disabled={choices.length === 0}
        />
      </form>
    </DialogPanel>
  );
}

function DriverChoice({
  driver,
  checked,
  onChoose,
}: {
  driver: AdminDriver;
  checked: boolean;
  onChoose: () => void;
}) {
  const runs = `${driver.activeRuns} active ${driver.activeRuns === 1 ? 'run' : 'runs'}`;
  const onTime =
    driver.onTimeRate === null ? 'no deliveries yet' : `${formatOnTimeRate(driver.onTimeRate)} on time`;
  return (
    <label
      className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 ${checked ? 'border-primary bg-surface-raised' : 'border-border'}`}
    >
      <input
        type="radio"
        name="driver"
        value={driver.id}
        checked={checked}
        onChange={onChoose}
        className="size-5 shrink-0 accent-primary"
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium break-words">{driver.name}</span>
        <span className="text-sm text-text-muted">
          {runs} · {onTime}
        </span>
      </span>
      <span
        className={`shrink-0 rounded-full border px-2 py-0.5 text-xs font-semibold ${driver.isOnline ? 'border-accent/60 text-accent' : 'border-border text-text-muted'}`}
      >
        {driver.isOnline ? 'Online' : 'Offline'}
      </span>
    </label>
  );
}
