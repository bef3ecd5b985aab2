import { Package, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { EmptyState, ListError } from '~/client/components/ui/list-states';
import { clearCart } from '~/client/lib/cart-storage';
import { paths } from '~/client/lib/paths';
import type { SessionUser } from '~/shared/session';
import { useSession } from '~/client/lib/session';
import type { PlaceOrderResponse } from '~/features/shop/orders.schema';
import { CartLineItem } from './cart-line-item';
import { priceCart } from './cart-pricing';
import { cartMethodOf, setCartMethod, useCart } from './cart-store';
import { CheckoutForm } from './checkout-form';
import { OrderPlacedDialog } from './order-placed-dialog';
import { OrderTypeField } from './order-type-field';
import { useMenu, useShopSettings } from './shop.queries';
import { Page, PageHeading } from '~/client/components/ui/page';

/** /cart: the lines, the order type, the member's details and the totals at today's prices, then Submit Order. */
export function Component() {
  const user = useSession().data?.user;
  // The signed-in layout renders pages only with a member.
  if (!user) return null;
  return <Cart user={user} />;
}

function Cart({ user }: { user: SessionUser }) {
  const lines = useCart(user.id);
  const method = cartMethodOf(lines) ?? 'Delivery';
  const menu = useMenu();
  const settings = useShopSettings();
  const pricing = priceCart(lines, method, menu.data, settings.data);
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
      {lines.length === 0 ? (
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
            <OrderTypeField value={method} onValueChange={(next) => setCartMethod(user.id, next)} />
            <ul aria-label="Cart items" className="flex flex-col gap-3">
              {pricing.lines.map((priced) => (
                <CartLineItem key={priced.line.id} priced={priced} userId={user.id} />
              ))}
            </ul>
            {(menu.isError || settings.isError) && (
              <ListError
                message="Today’s prices could not be loaded."
                onRetry={() => void Promise.all([menu.refetch(), settings.refetch()])}
                retrying={menu.isFetching || settings.isFetching}
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
              method={method}
              pricing={pricing}
              onPlaced={(response) => {
                clearCart(user.id);
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
