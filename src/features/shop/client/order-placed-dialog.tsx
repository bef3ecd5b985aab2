import { Phone } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogPanel } from '~/client/components/ui/dialog';
import { paths } from '~/client/lib/paths';
import { formatUsPhone } from '~/shared/phone';
import type { PlaceOrderResponse } from '~/features/shop/orders.schema';
import { formatCents } from '~/shared/money';
import { DiscountLines, PurchaseCoins } from './order-perks';
import { storeCreditText } from './store-credit-text';

/**
 * After submitting: call the shop to confirm (spec, Cart), before showing up for a pickup; a delivery is brought by
 * a driver and followed on My Orders. OK goes to the feed.
 */
export function OrderPlacedDialog({ placed }: { placed: PlaceOrderResponse | null }) {
  const navigate = useNavigate();
  const phone = placed ? formatUsPhone(placed.contactPhone) : '';
  const delivery = placed?.order.deliveryMethod === 'Delivery';
  return (
    <Dialog.Root open={placed !== null}>
      {placed && (
        <DialogPanel
          blocking
          title="Order Submitted"
          description={
            <>
              Please call{' '}
              <a
                href={`tel:${placed.contactPhone}`}
                className="font-semibold whitespace-nowrap text-text underline decoration-primary underline-offset-4"
              >
                {phone}
              </a>{' '}
              {delivery
                ? 'to confirm your order. A driver will bring it to your address; follow it on My Orders.'
                : 'to confirm your order before showing up.'}
            </>
          }
        >
          <Receipt order={placed.order} />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="secondary">
              <Link to={paths.orders()}>Follow your order</Link>
            </Button>
            <Button asChild variant="secondary" className="sm:hidden">
              <a href={`tel:${placed.contactPhone}`}>
                <Phone className="size-5" aria-hidden />
                Call {phone}
              </a>
            </Button>
            <Button type="button" onClick={() => void navigate(paths.feed())}>
              OK
            </Button>
          </div>
        </DialogPanel>
      )}
    </Dialog.Root>
  );
}

/**
 * The order in one line (its number, type and delivery area) and what is left to pay after the level perk, the
 * promo code and store credit; the coins it earns once completed.
 */
function Receipt({ order }: { order: PlaceOrderResponse['order'] }) {
  const credit = order.storeCreditCents;
  const itemised = credit > 0 || order.perkCents > 0 || order.promoCents > 0;
  const row = 'flex justify-between gap-3';
  return (
    <div className="mt-4 flex flex-col gap-1.5 rounded-xl border border-border bg-background px-4 py-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="text-text-muted">
          Order <span className="font-semibold text-text">#{order.shortId}</span> · {order.deliveryMethod}
          {order.deliveryArea && ` · ${order.deliveryArea}`}
        </span>
        {!itemised && (
          <span className="font-semibold text-text tabular">{formatCents(order.totalCents)}</span>
        )}
      </div>
      {itemised && (
        <dl className="flex flex-col gap-1 tabular">
          <DiscountLines
            perkCents={order.perkCents}
            promoCode={order.promoCode}
            promoCents={order.promoCents}
            rowClassName={row}
          />
          {credit > 0 && (
            <div className={row}>
              <dt className="text-text-muted">Store credit</dt>
              <dd className="text-accent">{storeCreditText(credit)}</dd>
            </div>
          )}
          <div className={`${row} font-semibold text-text`}>
            <dt>
              {credit === 0 ? 'Total' : order.totalCents === 0 ? 'Paid with store credit' : 'Total to pay'}
            </dt>
            <dd>{formatCents(order.totalCents)}</dd>
          </div>
        </dl>
      )}
      <PurchaseCoins coins={order.purchaseCoins} />
    </div>
  );
}
