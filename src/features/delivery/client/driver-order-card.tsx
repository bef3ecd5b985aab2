import {
  Bell,
  CheckCircle2,
  MapPin,
  MessageSquareText,
  Navigation,
  Phone,
  Undo2,
  UserCheck,
  Zap,
} from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { Field } from '~/client/components/ui/field';
import { TextField } from '~/client/components/ui/text-field';
import { Spinner } from '~/client/components/ui/spinner';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { formatDateTime, formatRelativeTime } from '~/client/lib/format-time';
import { useMinuteClock } from '~/client/lib/use-clock';
import { formatUsPhone } from '~/shared/phone';
import { formatCents } from '~/shared/money';
import { lineSizeLabel } from '~/features/shop/orders.constants';
import { deliveredSchema, submitEtaSchema, type DriverOrderView } from '../delivery.schema';
import {
  ETA_MAX_MINUTES,
  ETA_MIN_MINUTES,
  INVALID_ETA,
  INVALID_ETA_TITLE,
  ORDER_ALREADY_CLAIMED,
} from '../delivery.constants';
import { isAppleMobile, mapsUrl } from './maps-link';
import { ClaimCountdown } from './claim-countdown';
import { LeaveAtDoor } from './leave-at-door';
import {
  useCancelRun,
  useClaimOrder,
  useMarkDelivered,
  useNotifyCustomer,
  useSubmitEta,
} from './run.queries';

export interface CardContext {
  /** Call Dibs is offered only when this is null. */
  cannotClaimBecause: string | null;
  clockOffsetMs: number;
  onClaimExpired: () => void;
  /** After Call Dibs (the queue already holds the claim): the screen opens My Runs on it. */
  onClaimed?: (orderId: string) => void;
  /** The run whose ETA field takes the focus when it appears; `onRunFocused` once it has. */
  focusRunId?: string | null;
  onRunFocused?: () => void;
}

const STATUS_LABELS: Record<string, string> = {
  available: 'Available',
  claimed: 'Claimed',
  'in-progress': 'On the way',
  completed: 'Delivered',
};

/** One delivery order, with the one action that fits where it is in the run. */
export function DriverOrderCard({ order, context }: { order: DriverOrderView; context: CardContext }) {
  const now = useMinuteClock();
  return (
    <article
      aria-labelledby={`order-${order.id}`}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <h3 id={`order-${order.id}`} className="text-xl font-bold tracking-tight tabular">
            #{order.shortId}
          </h3>
          <span className="text-sm text-text-muted" title={formatDateTime(order.createdAt)}>
            {order.customer.firstName} · placed {formatRelativeTime(order.createdAt, now)}
          </span>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="text-xl font-bold text-text tabular">{formatCents(order.totalCents)}</span>
          <span className="rounded-full border border-border px-2.5 py-0.5 text-xs font-medium text-text-muted">
            {order.leftAtDoor ? 'Left at the door' : (STATUS_LABELS[order.status] ?? order.status)} ·{' '}
            {order.paymentMethod}
          </span>
        </div>
      </header>

      <ul className="flex flex-col gap-1 text-base">
        {order.items.map((item, index) => (
          <li
            key={`${item.stickerId ?? item.stickerName}-${item.size}-${index}`}
            className="flex justify-between gap-3"
          >
            <span>
              <span className="font-semibold tabular">{item.quantity} ×</span> {item.stickerName}
            </span>
            <span className="shrink-0 text-text-muted">{lineSizeLabel(item.size)}</span>
          </li>
        ))}
      </ul>

      {order.driver && !order.isMine && (
        <p className="text-sm text-text-muted">
          {order.status === 'claimed' ? 'Claimed' : 'Out'} by{' '}
          <span className="text-text">{order.driver.name}</span>
          {order.etaMinutes !== null && ` · ETA ${order.etaMinutes} min`}
        </p>
      )}

      <CustomerDetails order={order} />
      <CardActions order={order} context={context} now={now} />
    </article>
  );
}

function CustomerDetails({ order }: { order: DriverOrderView }) {
  const { address, phone, notes } = order.customer;
  if (!address && !phone) return null;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-accent/40 bg-background p-3 text-base">
      <dl className="flex flex-col gap-2">
        {address && (
          <Detail icon={<MapPin className="size-5 text-accent" aria-hidden />} label="Address">
            {address}
          </Detail>
        )}
        {phone && (
          <Detail icon={<Phone className="size-5 text-accent" aria-hidden />} label="Phone">
            <a href={`tel:${phone}`} className="underline decoration-accent/60 underline-offset-4">
              {formatUsPhone(phone)}
            </a>
          </Detail>
        )}
        {notes && (
          <Detail icon={<Bell className="size-5 text-text-muted" aria-hidden />} label="Notes">
            {notes}
          </Detail>
        )}
      </dl>
      {order.isMine && <GetThere address={address} phone={phone} />}
    </div>
  );
}

/** The driver's way to the door: directions in the phone's maps app, and a call or a text to the customer. */
function GetThere({ address, phone }: { address: string | null; phone: string | null }) {
  const appleMobile = isAppleMobile(navigator.userAgent, navigator.maxTouchPoints);
  return (
    <div className="grid grid-cols-3 gap-2">
      {address && (
        <Button asChild variant="secondary" className="col-span-3 px-3">
          <a href={mapsUrl(address, appleMobile)} target="_blank" rel="noopener noreferrer">
            <Navigation className="size-5 shrink-0 text-accent" aria-hidden />
            Open in Maps<span className="sr-only"> (opens your maps app or a new tab)</span>
          </a>
        </Button>
      )}
      {phone && (
        <>
          <Button asChild variant="secondary" className="col-span-3 px-3 min-[360px]:col-span-1">
            <a href={`tel:${phone}`}>
              <Phone className="size-5 shrink-0" aria-hidden />
              Call<span className="sr-only"> the customer</span>
            </a>
          </Button>
          <Button asChild variant="secondary" className="col-span-3 px-3 min-[360px]:col-span-2">
            <a href={`sms:${phone}`}>
              <MessageSquareText className="size-5 shrink-0" aria-hidden />
              Text<span className="sr-only"> the customer</span>
            </a>
          </Button>
        </>
      )}
    </div>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function CardActions({ order, context, now }: { order: DriverOrderView; context: CardContext; now: number }) {
  if (order.status === 'available') {
    return context.cannotClaimBecause ? null : <CallDibs orderId={order.id} onClaimed={context.onClaimed} />;
  }
  if (!order.isMine) {
    return order.status === 'claimed' && order.claimExpiresAt ? (
      <ClaimCountdown expiresAt={order.claimExpiresAt} clockOffsetMs={context.clockOffsetMs} />
    ) : null;
  }
  if (order.status === 'claimed') return <ClaimedRun order={order} context={context} />;
  if (order.status === 'in-progress') return <InProgressRun order={order} context={context} />;
  if (order.completedAt) {
    return (
      <p className="flex items-center gap-2 text-sm text-accent">
        <CheckCircle2 className="size-5" aria-hidden />
        Delivered {formatRelativeTime(order.completedAt, now)}
      </p>
    );
  }
  return null;
}

function CallDibs({
  orderId,
  onClaimed,
}: {
  orderId: string;
  onClaimed?: ((orderId: string) => void) | undefined;
}) {
  const claim = useClaimOrder({
    onSuccess: () => {
      toast.success('You got it!', { description: 'Submit your ETA within 5 minutes.' });
      onClaimed?.(orderId);
    },
    onError: (error) =>
      isApiError(error, 'ALREADY_CLAIMED')
        ? toast.error(ORDER_ALREADY_CLAIMED)
        : showErrorToast(error, 'Could not call dibs'),
  });
  return (
    <Button
      size="lg"
      className="w-full text-lg"
      disabled={claim.isPending}
      onClick={() => claim.mutate(orderId)}
    >
      {claim.isPending ? <Spinner /> : <Zap className="size-5" aria-hidden />}
      Call Dibs
    </Button>
  );
}

/** The ETA as typed (digits only); the contract takes it as a number. */
const etaInput = ({ etaMinutes }: { etaMinutes: string }) => ({
  etaMinutes: etaMinutes ? Number(etaMinutes) : undefined,
});

function ClaimedRun({ order, context }: { order: DriverOrderView; context: CardContext }) {
  const form = useContractForm<typeof submitEtaSchema, { etaMinutes: string }>(submitEtaSchema, {
    defaultValues: { etaMinutes: '' },
    toInput: etaInput,
  });
  const submit = useSubmitEta({
    onSuccess: () =>
      toast.success('ETA Submitted!', { description: "The customer's address is now visible." }),
    onError: (failure) => {
      // The server refused the ETA itself: the same words under the field as the form's own check.
      const refused = form.setServerErrors(failure);
      showErrorToast(failure, refused ? INVALID_ETA_TITLE : 'ETA not submitted');
    },
  });
  const assigned = order.assignedByStaff;
  const cancel = useCancelRun({
    onSuccess: () =>
      assigned
        ? toast('Run Declined', { description: 'The order is back in the queue, with no strike.' })
        : toast('Run Cancelled', { description: 'The order is back in the queue.' }),
    onError: (failure) => showErrorToast(failure, assigned ? 'Run not declined' : 'Run not cancelled'),
  });

  // Just claimed: bring the countdown, the field and Submit ETA into view, and put the cursor in the field.
  const runRef = useRef<HTMLDivElement>(null);
  const focus = context.focusRunId === order.id;
  const { setFocus } = form;
  const { onRunFocused } = context;
  useEffect(() => {
    if (!focus) return;
    runRef.current?.scrollIntoView({ block: 'center' });
    setFocus('etaMinutes');
    onRunFocused?.();
  }, [focus, setFocus, onRunFocused]);

  const onSubmit = form.handleSubmit(
    ({ etaMinutes }) => submit.mutate({ orderId: order.id, etaMinutes }),
    () => toast.error(INVALID_ETA_TITLE, { description: INVALID_ETA }),
  );

  return (
    <div ref={runRef} className="flex flex-col gap-4">
      {assigned && (
        <p className="flex items-center gap-2 text-sm text-text-muted">
          <UserCheck className="size-4 shrink-0 text-accent" aria-hidden />
          The shop assigned this run to you. Decline it if you cannot take it: no strike.
        </p>
      )}
      {order.claimExpiresAt && (
        <ClaimCountdown
          expiresAt={order.claimExpiresAt}
          clockOffsetMs={context.clockOffsetMs}
          onExpired={context.onClaimExpired}
        />
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field
          label={`ETA in minutes (${ETA_MIN_MINUTES} to ${ETA_MAX_MINUTES})`}
          error={form.formState.errors.etaMinutes?.message}
        >
          {(control) => (
            <div className="flex gap-2">
              <Controller
                control={form.control}
                name="etaMinutes"
                render={({ field }) => (
                  <input
                    {...control}
                    {...field}
                    onChange={(event) => field.onChange(event.target.value.replace(/[^\d]/g, '').slice(0, 2))}
                    inputMode="numeric"
                    pattern="[0-9]*"
                    placeholder="15"
                    className="min-h-12 w-24 rounded-xl border border-border bg-background px-3.5 text-center text-xl font-semibold tabular text-text focus-visible:border-primary aria-invalid:border-danger"
                  />
                )}
              />
              <Button
                type="submit"
                size="lg"
                className="flex-1"
                disabled={submit.isPending}
                pending={submit.isPending}
              >
                Submit ETA
              </Button>
            </div>
          )}
        </Field>
      </form>
      <Button variant="ghost" onClick={() => cancel.mutate(order.id)} disabled={cancel.isPending}>
        {cancel.isPending ? <Spinner /> : <Undo2 className="size-5" aria-hidden />}
        {assigned ? 'Decline' : 'Cancel Run'}
      </Button>
    </div>
  );
}

function InProgressRun({ order, context }: { order: DriverOrderView; context: CardContext }) {
  const notifyCustomer = useNotifyCustomer({
    onSuccess: () => toast.success('Customer Notified!'),
    onError: (error) => showErrorToast(error, 'Customer not notified'),
  });
  return (
    <div className="flex flex-col gap-2">
      {order.etaMinutes !== null && (
        <p className="text-sm text-text-muted">
          Your ETA: <span className="font-semibold text-text tabular">{order.etaMinutes} min</span>
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          variant="secondary"
          size="lg"
          onClick={() => notifyCustomer.mutate(order.id)}
          disabled={notifyCustomer.isPending || order.customerNotified}
        >
          {notifyCustomer.isPending ? <Spinner /> : <Bell className="size-5" aria-hidden />}
          {order.customerNotified ? 'Customer Notified' : 'Notify Customer'}
        </Button>
      </div>
      {order.handoverLocked ? (
        <p role="status" className="rounded-xl border border-danger/50 px-4 py-3 text-sm text-text">
          Too many wrong codes: staff will complete this order from the Orders tab.
        </p>
      ) : (
        <>
          <DeliveredForm order={order} />
          <LeaveAtDoor order={order} clockOffsetMs={context.clockOffsetMs} />
        </>
      )}
    </div>
  );
}

/** Mark Delivered: the driver types the 4-digit code the member reads on their order. */
function DeliveredForm({ order }: { order: DriverOrderView }) {
  const form = useContractForm(deliveredSchema, { defaultValues: { code: '' } });
  const delivered = useMarkDelivered({
    onSuccess: () => toast.success('Order Delivered!', { description: 'Great job!' }),
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Not marked delivered');
    },
  });
  const onSubmit = form.handleSubmit(({ code }) => delivered.mutate({ orderId: order.id, code }));
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="sm:flex-1">
        <TextField
          label="Handover code"
          hint="The member reads it on their order"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          {...form.field('code')}
        />
      </div>
      <Button type="submit" size="lg" disabled={delivered.isPending}>
        {delivered.isPending ? <Spinner /> : <CheckCircle2 className="size-5" aria-hidden />}
        Mark Delivered
      </Button>
    </form>
  );
}
