import { Camera, Car, KeyRound, MapPin, Store, Truck } from 'lucide-react';
import { useId } from 'react';
import { CardTitle, type CardHeading } from '~/client/components/ui/card-title';
import { SkeletonBlock, SkeletonCard, SkeletonLines } from '~/client/components/ui/list-states';
import { formatDateTime } from '~/client/lib/format-time';
import { useMinuteClock } from '~/client/lib/use-clock';
import { formatUsPhone } from '~/shared/phone';
import { formatCents } from '~/shared/money';
import type { MemberOrderView, OrderLineView, OrderView } from '../orders.schema';
import { DOOR_PHOTO_KEPT_DAYS, lineSizeLabel, MASKED_DRIVER, timelineStep } from '../orders.constants';
import { OrderActions } from './order-actions';
import { DiscountLines, PurchaseCoins } from './order-perks';
import { OrderTimeline, etaText } from './order-timeline';
import { storeCreditText } from './store-credit-text';
import { usePickupLocationName } from './shop.queries';

/**
 * The code the member gives the driver at the door (the driver types it to mark the order delivered), or shows at
 * the counter when the shop asks for it there.
 */
function HandoverCode({ code, pickup }: { code: string; pickup: boolean }) {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-primary/50 bg-surface-raised px-4 py-3">
      <KeyRound className="size-6 shrink-0 text-primary" aria-hidden />
      <div className="flex flex-col">
        <p className="text-sm text-text-muted">
          {pickup
            ? 'Pickup code: show it at the counter'
            : 'Handover code: give it to your driver at the door'}
        </p>
        <p className="text-3xl font-bold tracking-[0.3em] text-text tabular">{code}</p>
      </div>
    </div>
  );
}

/** Who has the member's delivery, by first name ("Your driver" for an Owner or Admin), as the run goes. */
function driverLine(order: MemberOrderView): string | null {
  const name = order.driverName;
  if (!name) return null;
  const who = name === MASKED_DRIVER ? 'Your driver' : name;
  if (order.status === 'completed') return `Delivered by ${name === MASKED_DRIVER ? 'your driver' : name}`;
  if (order.status === 'claimed') return `${who} is picking up your order`;
  if (order.status === 'in-progress') return `${who} is on the way`;
  return null;
}

/**
 * Nobody answered: the driver left the order at the door. Their photo (while kept), their note, and the shop's
 * number when it did not arrive.
 */
function LeftAtDoor({
  order,
  leftAtDoor,
}: {
  order: MemberOrderView;
  leftAtDoor: NonNullable<MemberOrderView['leftAtDoor']>;
}) {
  return (
    <section
      aria-label="Left at your door"
      className="flex flex-col gap-3 rounded-xl border border-coin/50 bg-surface-raised px-4 py-3 text-sm"
    >
      <p className="flex items-start gap-2">
        <Camera className="mt-0.5 size-4 shrink-0 text-coin" aria-hidden />
        <span>
          Delivered with a photo — not received?{' '}
          {leftAtDoor.shopPhone ? (
            <a href={`tel:${leftAtDoor.shopPhone}`} className="font-semibold text-primary underline">
              Get help
              <span className="sr-only">: call the shop at {formatUsPhone(leftAtDoor.shopPhone)}</span>
            </a>
          ) : (
            'Get help from the shop.'
          )}
        </span>
      </p>
      {leftAtDoor.note && (
        <p className="break-words text-text-muted">
          Driver’s note: <span className="text-text">“{leftAtDoor.note}”</span>
        </p>
      )}
      {leftAtDoor.hasPhoto ? (
        <img
          src={`/api/orders/${encodeURIComponent(order.id)}/door-photo`}
          alt="Your order at the door, as the driver left it"
          loading="lazy"
          className="max-h-80 w-full rounded-lg bg-background object-contain"
        />
      ) : (
        <p className="text-text-muted">The photo was deleted after {DOOR_PHOTO_KEPT_DAYS} days.</p>
      )}
    </section>
  );
}

/** One of the member's orders: what, where, how much, and its status as it changes. */
export function OrderCard({ order }: { order: MemberOrderView }) {
  const headingId = useId();
  const locationName = usePickupLocationName();
  const now = useMinuteClock();
  const step = timelineStep(order.status);
  const eta = step === 'Out for delivery' ? etaText(order, now) : null;
  const driver = driverLine(order);
  const MethodIcon = order.deliveryMethod === 'Delivery' ? Truck : Store;
  const statusTone =
    step === 'Cancelled'
      ? 'border-danger/60 text-danger'
      : step === 'Completed'
        ? 'border-accent/60 text-accent'
        : 'border-primary/60 text-primary';
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <OrderTitle order={order} id={headingId} level="h2" />
        {/* Announced politely when the shop or the driver moves the order along. */}
        <p aria-live="polite" aria-atomic="true" className="text-right">
          <span
            key={order.status}
            className={`inline-flex animate-fade-in items-center rounded-full border px-3 py-1 text-sm font-semibold ${statusTone}`}
          >
            <span className="sr-only">Status: </span>
            {step}
          </span>
          {eta && <span className="mt-1 block text-sm font-medium text-accent tabular">{eta}</span>}
        </p>
      </header>

      <OrderTimeline order={order} />

      {driver && (
        <p className="flex items-center gap-2 text-sm text-text-muted">
          <Car className="size-4 shrink-0" aria-hidden />
          {driver}
        </p>
      )}

      {order.cancelledByMember && <p className="text-sm text-text-muted">You cancelled this order.</p>}

      {order.handoverCode && (
        <HandoverCode code={order.handoverCode} pickup={order.deliveryMethod === 'Pickup'} />
      )}

      {order.leftAtDoor && <LeftAtDoor order={order} leftAtDoor={order.leftAtDoor} />}

      <OrderItems items={order.items} className="border-t border-border pt-3" />

      <div className="flex flex-col gap-3 border-t border-border pt-3 text-sm sm:flex-row sm:justify-between">
        <dl className="flex flex-col gap-1.5 text-text-muted">
          <div className="flex items-center gap-2">
            <dt className="sr-only">Order type</dt>
            <MethodIcon className="size-4 shrink-0" aria-hidden />
            <dd className="text-text">{order.deliveryMethod}</dd>
          </div>
          <div className="flex items-start gap-2">
            <dt className="sr-only">{order.deliveryMethod === 'Delivery' ? 'Deliver to' : 'Pick up at'}</dt>
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
            <dd className="break-words">
              {order.deliveryMethod === 'Delivery' ? order.address : locationName(order.pickupLocation)}
            </dd>
          </div>
          {order.deliveryArea && (
            <div className="flex gap-2">
              <dt>Delivery area:</dt>
              <dd className="break-words text-text">{order.deliveryArea}</dd>
            </div>
          )}
          <div className="flex gap-2">
            <dt>Payment:</dt>
            <dd className="text-text">{order.paymentMethod}</dd>
          </div>
          {order.notes && (
            <div className="flex gap-2">
              <dt>Notes:</dt>
              <dd className="break-words text-text">{order.notes}</dd>
            </div>
          )}
        </dl>
        <div className="flex min-w-44 flex-col gap-2">
          <dl className="flex flex-col gap-1 tabular">
            <div className="flex justify-between gap-4">
              <dt className="text-text-muted">Subtotal</dt>
              <dd>{formatCents(order.subtotalCents)}</dd>
            </div>
            <DiscountLines
              perkCents={order.perkCents}
              promoCode={order.promoCode}
              promoCents={order.promoCents}
              rowClassName="flex justify-between gap-4"
            />
            <div className="flex justify-between gap-4">
              <dt className="text-text-muted">Delivery fee</dt>
              <dd>{formatCents(order.deliveryFeeCents)}</dd>
            </div>
            {order.storeCreditCents > 0 && (
              <div className="flex justify-between gap-4">
                <dt className="text-text-muted">Store credit</dt>
                <dd className="text-accent">{storeCreditText(order.storeCreditCents)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 text-base font-bold">
              <dt>{order.storeCreditCents > 0 ? 'Total to pay' : 'Total'}</dt>
              <dd>{formatCents(order.totalCents)}</dd>
            </div>
          </dl>
          {/* A cancelled order pays none: its coins are taken back. */}
          {order.status !== 'cancelled' && (
            <PurchaseCoins coins={order.purchaseCoins} earned={order.status === 'completed'} />
          )}
        </div>
      </div>

      <OrderActions order={order} />
    </article>
  );
}

/** "Order #ABC123" and when it was placed: an order card's heading, named by `id`. */
export function OrderTitle({
  order,
  ...heading
}: { order: Pick<OrderView, 'shortId' | 'createdAt'> } & CardHeading) {
  return (
    <div className="min-w-0">
      <CardTitle {...heading}>Order #{order.shortId}</CardTitle>
      <p className="text-sm text-text-muted">
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </p>
    </div>
  );
}

/**
 * What was ordered: how many of which sticker in which size, and each line's price (`on-cards`: not in a table,
 * where a column shows the total).
 */
export function OrderItems({
  items,
  prices = 'always',
  className = '',
}: {
  items: OrderLineView[];
  prices?: 'always' | 'on-cards';
  className?: string;
}) {
  return (
    <ul aria-label="Items" className={`flex flex-col gap-1.5 text-sm ${className}`}>
      {items.map((item, index) => (
        <li key={`${item.stickerId ?? item.stickerName}-${item.size}-${index}`} className="flex gap-3">
          <span className="min-w-0 flex-1">
            <span className="tabular">{item.quantity} ×</span> {item.stickerName}{' '}
            <span className="text-text-muted">· {lineSizeLabel(item.size)}</span>
          </span>
          <span className={`shrink-0 tabular ${prices === 'on-cards' ? 'as-table:hidden' : ''}`}>
            {formatCents(item.lineTotalCents)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * An order card while it loads (My Orders, the Orders tab): the title and date beside the status badge (`badge`:
 * its height), then a block per line (`lines`); `className` is the card's gap and padding.
 */
export function OrderCardSkeleton({
  className,
  badge,
  lines,
}: {
  className: string;
  badge: string;
  lines: readonly string[];
}) {
  return (
    <SkeletonCard
      className={className}
      head={
        <div className="flex justify-between gap-4">
          <SkeletonLines lines={['h-5 w-32', 'h-3.5 w-40']} />
          <SkeletonBlock className={`${badge} w-24 rounded-full`} />
        </div>
      }
      lines={lines}
    />
  );
}
