import { Car, MapPin, Phone, Store, Truck } from 'lucide-react';
import { useId } from 'react';
import { formatDateTime } from '~/client/lib/format-time';
import { formatUsPhone } from '~/shared/phone';
import { EmailText } from '~/client/components/ui/email-text';
import { ListItem, useInsertion } from '~/client/components/ui/list-states';
import { etaText } from '~/features/shop/client/order-timeline';
import type { AdminOrderView } from '~/features/shop/orders.schema';
import { formatCents } from '~/shared/money';
import { OrderItems, OrderTitle } from './order-card';
import { usePickupLocationName } from './shop.queries';
import { OrderStatusSelect, StatusBadge } from './order-status';

interface DeskOrderProps {
  order: AdminOrderView;
  /** Whether this admin may change the status (manage:orders); otherwise it is only shown. */
  canManage: boolean;
}

/** One order as a stacked card, for phones and tablets. */
export function DeskOrderCard({ order, canManage }: DeskOrderProps) {
  const headingId = useId();
  return (
    <ListItem>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col gap-3 rounded-card border border-border bg-surface p-4"
      >
        <header className="flex items-start justify-between gap-3">
          <OrderTitle order={order} id={headingId} level="h3" />
          <StatusBadge status={order.status} />
        </header>
        <Customer order={order} />
        <Fulfilment order={order} />
        <OrderItems items={order.items} className="border-t border-border pt-3" />
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="text-text-muted">{order.paymentMethod}</span>
          <Total order={order} />
        </div>
        {order.notes && <Notes notes={order.notes} />}
        {canManage && (
          <div className="mt-auto border-t border-border pt-3">
            <OrderStatusSelect order={order} />
          </div>
        )}
      </article>
    </ListItem>
  );
}

/** One order as a table row, for wide screens. */
export function DeskOrderRow({ order, canManage }: DeskOrderProps) {
  const headingId = useId();
  const insertion = useInsertion();
  const cell = 'px-4 py-3 align-top';
  return (
    <tr
      aria-labelledby={headingId}
      className={`${insertion} border-t border-border transition-colors hover:bg-surface-raised/60`}
    >
      <td className={`${cell} w-px whitespace-nowrap`}>
        <span id={headingId} className="block font-semibold">
          Order #{order.shortId}
        </span>
        <time dateTime={order.createdAt} className="block text-sm text-text-muted">
          {formatDateTime(order.createdAt)}
        </time>
        <span className="block text-sm text-text-muted">{order.paymentMethod}</span>
      </td>
      <td className={`${cell} w-52 min-w-52`}>
        <Customer order={order} />
      </td>
      <td className={`${cell} w-full min-w-52`}>
        {/* The total has its own column: the lines say only what and how many. */}
        <OrderItems items={order.items} prices={false} />
        {order.notes && (
          <div className="mt-2">
            <Notes notes={order.notes} />
          </div>
        )}
      </td>
      <td className={`${cell} w-48 min-w-44`}>
        <Fulfilment order={order} />
      </td>
      <td className={`${cell} text-right whitespace-nowrap`}>
        <Total order={order} />
      </td>
      <td className={`${cell} w-44`}>
        {canManage ? <OrderStatusSelect order={order} hideLabel /> : <StatusBadge status={order.status} />}
      </td>
    </tr>
  );
}

/** Name, then email and phone for those who may see contact details (null for the others). */
function Customer({ order }: { order: AdminOrderView }) {
  return (
    <div className="flex min-w-0 flex-col text-sm">
      <span className="text-base font-medium break-words">{order.customer.name}</span>
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
        <span className="text-xs text-text-muted tabular">
          incl. {formatCents(order.deliveryFeeCents)} fee
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
