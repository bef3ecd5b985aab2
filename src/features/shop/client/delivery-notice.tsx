import { ChevronDown, Clock, Store, TriangleAlert } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { weekHoursText, type DeliveryWindow } from '../delivery-hours';

/**
 * Under a Delivery cart's order type: why Delivery cannot go as it is (closed now, a ZIP code outside every area,
 * under the area's minimum) with Pickup one tap away, and the week's delivery hours when the shop has set them.
 * The problem is announced politely as the quote changes it.
 */
export function DeliveryNotice({
  problem,
  hours,
  onPickup,
}: {
  problem: string | null;
  hours: readonly DeliveryWindow[];
  onPickup: () => void;
}) {
  return (
    <>
      <div role="status" aria-live="polite" className="empty:hidden">
        {problem && (
          <div className="flex animate-fade-in flex-col gap-3 rounded-card border border-danger/60 bg-surface p-4">
            <p className="flex items-start gap-2 text-base">
              <TriangleAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
              <span>{problem}</span>
            </p>
            <Button type="button" variant="secondary" onClick={onPickup} className="self-start">
              <Store className="size-5" aria-hidden />
              Switch to Pickup
            </Button>
          </div>
        )}
      </div>
      {hours.length > 0 && <DeliveryHoursList hours={hours} />}
    </>
  );
}

/** The week's delivery hours, folded away until the member opens them. */
function DeliveryHoursList({ hours }: { hours: readonly DeliveryWindow[] }) {
  return (
    <details className="group rounded-card border border-border bg-surface">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-card px-4 text-sm font-medium">
        <Clock className="size-5 shrink-0 text-text-muted" aria-hidden />
        Delivery hours
        <ChevronDown
          className="ml-auto size-5 text-text-muted transition-transform duration-150 group-open:rotate-180"
          aria-hidden
        />
      </summary>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 px-4 pb-4 text-sm">
        {weekHoursText(hours).map(({ day, hours: text }) => (
          <div key={day} className="contents">
            <dt className="text-text-muted">{day}</dt>
            <dd className={`tabular ${text === 'Closed' ? 'text-text-muted' : ''}`}>{text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
