import { Check, X } from 'lucide-react';
import { formatTimeOfDay } from '~/client/lib/format-time';
import type { OrderView } from '../orders.schema';
import { timelineFor, timelineStep } from '../orders.constants';

/**
 * "ETA 20 min · around 3:45 PM" once the driver has sent an ETA; "Running late · expected around 3:45 PM" once
 * that time has passed (`now`, for the member's card).
 */
export function etaText(
  order: Pick<OrderView, 'etaMinutes' | 'etaSubmittedAt'>,
  now?: number,
): string | null {
  if (order.etaMinutes === null) return null;
  const sent = order.etaSubmittedAt ? new Date(order.etaSubmittedAt).getTime() : Number.NaN;
  if (Number.isNaN(sent)) return `ETA ${order.etaMinutes} min`;
  const promised = sent + order.etaMinutes * 60_000;
  if (now !== undefined && now > promised)
    return `Running late · expected around ${formatTimeOfDay(promised)}`;
  return `ETA ${order.etaMinutes} min · around ${formatTimeOfDay(promised)}`;
}

/**
 * Where the order is: Placed, Confirmed, Out for delivery or Ready for pickup, Completed (or Cancelled). Steps
 * before the current one are done; the current one is marked for screen readers with aria-current.
 */
export function OrderTimeline({ order }: { order: OrderView }) {
  const steps = timelineFor(order);
  const current = steps.indexOf(timelineStep(order.status));
  const cancelled = order.status === 'cancelled';
  return (
    <ol aria-label="Order progress" className="flex items-start">
      {steps.map((step, index) => {
        const done = index < current || (index === current && step === 'Completed');
        const isCurrent = index === current;
        const dot =
          cancelled && isCurrent
            ? 'border-danger bg-danger text-background'
            : done
              ? 'border-accent bg-accent text-background'
              : isCurrent
                ? 'border-primary bg-primary/20 text-primary ring-4 ring-primary/15'
                : 'border-border bg-background text-text-muted';
        return (
          <li
            key={step}
            aria-current={isCurrent ? 'step' : undefined}
            className="relative flex flex-1 flex-col items-center gap-1.5 text-center"
          >
            {index > 0 && (
              <span
                aria-hidden
                className={`absolute top-3 right-1/2 h-0.5 w-full -translate-y-1/2 ${index <= current ? (cancelled ? 'bg-danger/60' : 'bg-accent/70') : 'bg-border'}`}
              />
            )}
            <span
              aria-hidden
              className={`relative z-10 grid size-6 place-items-center rounded-full border-2 transition-colors duration-200 ${dot}`}
            >
              {cancelled && isCurrent ? (
                <X className="size-3.5" strokeWidth={3} />
              ) : done ? (
                <Check className="size-3.5" strokeWidth={3} />
              ) : (
                isCurrent && <span className="size-2 rounded-full bg-primary" />
              )}
            </span>
            <span
              className={`px-0.5 text-xs leading-tight ${isCurrent ? 'font-semibold text-text' : done ? 'text-text' : 'text-text-muted'}`}
            >
              {step}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
