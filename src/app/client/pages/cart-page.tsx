import { useQueryClient } from '@tanstack/react-query';
import { Package, ShoppingCart } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { EmptyState, ListError } from '~/client/components/ui/list-states';
import { Page, PageHeading } from '~/client/components/ui/page';
import { clearCart } from '~/client/lib/cart-storage';
import { useDebouncedValue } from '~/client/lib/use-debounced-value';
import { paths } from '~/client/lib/paths';
import { useSession } from '~/client/lib/session';
import type { SessionUser } from '~/shared/session';
import { RewardCartLine } from '~/features/economy/client/reward-cart-line';
import { refreshCartRewards, useCartRewards } from '~/features/economy/client/rewards.queries';
import { orderRewardsProblem } from '~/features/economy/rewards.constants';
import { CartLineItem } from '~/features/shop/client/cart-line-item';
import { useCart, useCartMethod, usePromoCode, type CartLine } from '~/features/shop/client/cart-store';
import { CheckoutForm } from '~/features/shop/client/checkout-form';
import { DeliveryNotice } from '~/features/shop/client/delivery-notice';
import { zipOfAddress } from '~/features/shop/client/delivery-zip';
import { OrderPlacedDialog } from '~/features/shop/client/order-placed-dialog';
import { OrderTypeField } from '~/features/shop/client/order-type-field';
import { useQuote } from '~/features/shop/client/orders.queries';
import { useDeliveryTerms } from '~/features/shop/client/shop.queries';
import type { PlaceOrderResponse } from '~/features/shop/orders.schema';

/**
 * /cart: the shop's lines (kept on this device) and the member's rewards in the cart (kept on the server, so the
 * same on every device), the order type with delivery's terms, the member's details and the totals at today's
 * prices (the fee of their delivery area, their store credit), then Submit Order. Rewards alone make an order too.
 * It composes the shop and the economy (rewards), so it lives with the composition pages.
 */
export function Component() {
  const user = useSession().data?.user;
  // The signed-in layout renders pages only with a member.
  if (!user) return null;
  return <Cart user={user} />;
}

function Cart({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const lines = useCart(user.id);
  const rewards = useCartRewards();
  const rewardLines = rewards.data ?? [];
  const [method, setMethod] = useCartMethod(user.id, lines);
  const rewardsProblem = orderRewardsProblem(
    rewardLines.map((reward) => reward.kind),
    method,
  );
  // With delivery areas, a Delivery order names its ZIP code (its area's fee and minimum), priced once typing pauses.
  const terms = useDeliveryTerms();
  const delivery = method === 'Delivery';
  const asksZip = delivery && (terms.data?.zipRequired ?? false);
  const [zip, setZip] = useState(() => zipOfAddress(user.address));
  const quotedZip = useDebouncedValue(zip, 300);
  const promoCode = usePromoCode(user.id);
  // The shop prices the cart (POST /api/orders/quote): every line, the level perk and promo code, the fee, the
  // store credit it spends and the total Submit Order sends.
  const cart = useMemo(
    () => ({
      deliveryMethod: method,
      items: lines.map(({ stickerId, size, quantity }) => ({ stickerId, size, quantity })),
      rewardIds: (rewards.data ?? []).map((reward) => reward.id),
      zip: asksZip ? quotedZip : '',
      promoCode,
    }),
    [method, lines, rewards.data, asksZip, quotedZip, promoCode],
  );
  const empty = lines.length === 0 && rewardLines.length === 0;
  const quote = useQuote(cart, { enabled: !empty && !rewards.isPending });
  const quotedLine = (line: CartLine) =>
    quote.data?.lines.find((quoted) => quoted.stickerId === line.stickerId && quoted.size === line.size);
  const [placed, setPlaced] = useState<PlaceOrderResponse | null>(null);

  return (
    <Page title="Your Cart" className="max-w-5xl gap-5">
      <PageHeading
        link={
          <Link to={paths.orders()}>
            <Package className="size-5" aria-hidden />
            My Orders
          </Link>
        }
      >
        Your Cart
      </PageHeading>
      {empty ? (
        <EmptyState
          icon={ShoppingCart}
          action={
            <Button asChild>
              <Link to={paths.menu()}>Browse Menu</Link>
            </Button>
          }
        >
          Your cart is empty.
        </EmptyState>
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section aria-label="Items" className="flex flex-col gap-4">
            <OrderTypeField value={method} onValueChange={setMethod} />
            {delivery && (
              <DeliveryNotice
                problem={quote.data?.deliveryProblem ?? null}
                hours={terms.data?.hours ?? []}
                onPickup={() => setMethod('Pickup')}
              />
            )}
            <ul aria-label="Cart items" className="flex flex-col gap-3">
              {lines.map((line) => (
                <CartLineItem key={line.id} line={line} quoted={quotedLine(line)} userId={user.id} />
              ))}
              {rewardLines.map((reward) => (
                <RewardCartLine
                  key={reward.id}
                  redemption={reward}
                  problem={
                    reward.kind === 'free-delivery'
                      ? (rewardsProblem ?? quote.data?.rewardsProblem ?? undefined)
                      : undefined
                  }
                />
              ))}
            </ul>
            {quote.isError && (
              <ListError
                message="Today’s prices could not be loaded."
                onRetry={() => void quote.refetch()}
                retrying={quote.isFetching}
              />
            )}
          </section>
          <section
            aria-label="Checkout"
            className="rounded-card border border-border bg-surface p-4 sm:p-5 lg:sticky lg:top-24"
          >
            <CheckoutForm
              user={user}
              lines={lines}
              rewardIds={rewardLines.map((reward) => reward.id)}
              rewardsProblem={rewardsProblem}
              method={method}
              zipRequired={asksZip}
              onZipChange={setZip}
              quote={quote.data}
              quoteError={quote.error}
              // Priced for this very cart, ZIP code as typed included: not the last cart's quote shown while a
              // change is priced again.
              priced={quote.isSuccess && !quote.isPlaceholderData && (!asksZip || zip === quotedZip)}
              onPlaced={(response) => {
                clearCart(user.id);
                void refreshCartRewards(queryClient);
                setPlaced(response);
              }}
            />
          </section>
        </div>
      )}
      <OrderPlacedDialog placed={placed} />
    </Page>
  );
}
