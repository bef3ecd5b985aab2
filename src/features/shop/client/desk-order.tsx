import { Camera, Car, MapIcon, MapPin, Phone, Store, Truck } from 'lucide-react';
import { useId, type ComponentType } from 'react';
import { formatUsPhone } from '~/shared/phone';
import { EmailText } from '~/client/components/ui/email-text';
import { CardTableRow } from '~/client/components/ui/card-table';
import { etaText } from '~/features/shop/client/order-timeline';
import type { AdminOrderView } from '~/features/shop/orders.schema';
import { formatCents } from '~/shared/money';
import { OrderItems, OrderTitle } from './order-card';
import { usePickupLocationName } from './shop.queries';
import { OrderStatusSelect, StatusBadge } from './order-status';
import { ReturnToQueue } from './return-to-queue';
import { storeCreditText } from './store-credit-text';

interface DeskOrderProps {
  order: AdminOrderView;
  /** Whether this admin may change the status (manage:orders); otherwise it is only shown. */
  canManage: boolean;
  /** Dispatch for a delivery order, shown with the status to those who manage orders. */
  RunActions?: ComponentType<{ order: AdminOrderView }> | undefined;
}

/**
 * One order on the desk: a card on phones and tablets, a row of the table on wide screens (CardTable). The cells
 * follow the columns: order, customer, items, fulfilment, total, status; a card shows them in its own order
 * (fulfilment before the items) and its status badge beside the title.
 */
export function DeskOrderRow({ order, canManage, RunActions }: DeskOrderProps) {
  const headingId = useId();
  // A card's later parts; as a table every cell keeps its column's place.
  const later = 'order-1 as-table:order-none';
  const onRun =
    order.deliveryMethod === 'Delivery' &&
    order.driver !== null &&
    (order.status === 'claimed' || order.status === 'in-progress');
  return (
    <CardTableRow labelledBy={headingId} fadeIn>
      <div className="flex items-start justify-between gap-3 as-table:contents">
        <div className="min-w-0 as-table:min-w-max as-table:whitespace-nowrap">
          <OrderTitle order={order} id={headingId} level="h3" />
        </div>
        {/* In the table the status has its column: this badge, unless the select stands there. */}
        <div className={`as-table:col-[-2/-1] as-table:row-start-1 ${canManage ? 'as-table:hidden' : ''}`}>
          <StatusBadge status={order.status} />
        </div>
      </div>
      <Customer order={order} />
      <div
        className={`${later} flex flex-col gap-3 border-t border-border pt-3 as-table:gap-2 as-table:border-0 as-table:pt-0`}
      >
        {/* In the table the total has its own column: the lines say only what and how many. */}
        <OrderItems items={order.items} prices="on-cards" />
        {order.notes && <Notes notes={order.notes} />}
      </div>
      <Fulfilment order={order} />
      <div
        className={`${later} flex items-baseline justify-between gap-3 text-sm as-table:flex-col-reverse as-table:items-end as-table:justify-end as-table:gap-1`}
      >
        <span className="text-text-muted">
          <span className="sr-only">Payment: </span>
          {order.paymentMethod}
        </span>
        <Total order={order} />
      </div>
      {canManage && (
        <div
          className={`${later} mt-auto flex flex-col gap-2 border-t border-border pt-3 as-table:mt-0 as-table:border-0 as-table:pt-0`}
        >
          <OrderStatusSelect order={order} />
          <div className="flex flex-wrap gap-2 empty:hidden as-table:flex-col">
            {RunActions && <RunActions order={order} />}
            {onRun && <ReturnToQueue order={order} />}
          </div>
        </div>
      )}
    </CardTableRow>
  );
}

/** Name, then email and phone for those who may see contact details (null for the others). */
function Customer({ order }: { order: AdminOrderView }) {
  return (
    <div className="flex min-w-0 flex-col text-sm">
      <span className="text-base font-medium break-words">
        <span className="sr-only">Customer: </span>
        {order.customer.name}
      </span>
      {order.customer.email && <EmailText email={order.customer.email} className="text-text-muted" />}
      {order.phone && (
        <a
          href={`tel:${order.phone}`}
          className="-mx-1 inline-flex min-h-11 w-fit items-center gap-1.5 rounded-lg px-1 text-text underline-offset-4 hover:underline"
        >
          <Phone className="size-4 text-text-muted" aria-hidden />
          <span className="whitespace-nowrap tabular">{formatUsPhone(order.phone)}</span>
        </a>
      )}
    </div>
  );
}

/** Delivery to an address, or pickup at a location; the driver and their ETA once one has the order. */
function Fulfilment({ order }: { order: AdminOrderView }) {
  const delivery = order.deliveryMethod === 'Delivery';
  const MethodIcon = delivery ? Truck : Store;
  const locationName = usePickupLocationName();
  const where = delivery ? order.address : locationName(order.pickupLocation);
  const eta = order.status === 'in-progress' ? etaText(order) : null;
  return (
    <dl className="flex flex-col gap-1.5 text-sm">
      <div className="flex items-center gap-2">
        <dt className="sr-only">Order type</dt>
        <MethodIcon className="size-4 shrink-0 text-text-muted" aria-hidden />
        <dd>{order.deliveryMethod}</dd>
      </div>
      {where && (
        <div className="flex items-start gap-2">
          <dt className="sr-only">{delivery ? 'Deliver to' : 'Pick up at'}</dt>
          <MapPin className="mt-0.5 size-4 shrink-0 text-text-muted" aria-hidden />
          <dd className="break-words">{where}</dd>
        </div>
      )}
      {/* Not a contact detail: staff who may not read the address still see where the run goes. */}
      {delivery && order.deliveryArea && (
        <div className="flex items-start gap-2">
          <dt className="sr-only">Delivery area</dt>
          <MapIcon className="mt-0.5 size-4 shrink-0 text-text-muted" aria-hidden />
          <dd className="break-words">{order.deliveryArea}</dd>
        </div>
      )}
      {order.driver && (
        <div className="flex items-start gap-2">
          <dt className="sr-only">Driver</dt>
          <Car className="mt-0.5 size-4 shrink-0 text-text-muted" aria-hidden />
          <dd className="break-words">
            {order.driver.name}
            {eta && <span className="block font-medium text-accent tabular">{eta}</span>}
          </dd>
        </div>
      )}
      {order.leftAtDoor && (
        <div className="flex items-start gap-2">
          <dt className="sr-only">Left at the door</dt>
          <Camera className="mt-0.5 size-4 shrink-0 text-coin" aria-hidden />
          <dd className="break-words">
            Left at the door with a photo
            {order.leftAtDoor.note && (
              <span className="block text-text-muted">“{order.leftAtDoor.note}”</span>
            )}
            {order.leftAtDoor.hasPhoto && (
              <a
                href={`/api/admin/orders/${encodeURIComponent(order.id)}/door-photo`}
                target="_blank"
                rel="noreferrer"
                className="block font-semibold text-primary underline"
              >
                View the photo<span className="sr-only"> of order #{order.shortId}</span>
              </a>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

function Total({ order }: { order: AdminOrderView }) {
  return (
    <span className="flex flex-col items-end">
      <span className="text-base font-bold tabular">
        <span className="sr-only">Total </span>
        {formatCents(order.totalCents)}
      </span>
      {order.deliveryFeeCents > 0 && (
        <span className="text-xs whitespace-nowrap text-text-muted tabular">
          incl. {formatCents(order.deliveryFeeCents)} fee
        </span>
      )}
      {/* The level perk and the promo code came off the stickers before the fee; the code names itself. */}
      {order.perkCents > 0 && (
        <span className="text-xs whitespace-nowrap text-accent tabular">
          {storeCreditText(order.perkCents)} level perk
        </span>
      )}
      {order.promoCode && order.promoCents > 0 && (
        <span className="text-right text-xs text-accent tabular">
          <span className="whitespace-nowrap">{storeCreditText(order.promoCents)}</span>{' '}
          <span className="break-words">promo {order.promoCode}</span>
        </span>
      )}
      {/* The total is what is left to collect: store credit paid the rest. */}
      {order.storeCreditCents > 0 && (
        <span className="text-xs whitespace-nowrap text-accent tabular">
          {storeCreditText(order.storeCreditCents)} store credit
        </span>
      )}
    </span>
  );
}

function Notes({ notes }: { notes: string }) {
  return (
    <p className="rounded-lg bg-background/60 px-3 py-2 text-sm break-words">
      <span className="text-text-muted">Notes: </span>
      {notes}
    </p>
  );
}
