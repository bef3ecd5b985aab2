import { PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import { EmptyState, ListSkeleton, ListStates } from '~/client/components/ui/list-states';
import { paths } from '~/client/lib/paths';
import { OrderCard, OrderCardSkeleton } from './order-card';
import { useMyOrders } from './orders.queries';
import { Page, PageHeading } from '~/client/components/ui/page';

/**
 * /orders: the member's own orders, newest first, each following its status live (ARCHITECTURE.md departure
 * 10). The event stream's 'orders.changed' refetches the list; nothing polls.
 */
export function Component() {
  const list = useMyOrders();
  const orders = list.data?.items ?? [];
  return (
    <Page title="My Orders">
      <PageHeading>My Orders</PageHeading>
      <ListStates
        query={list}
        empty={orders.length === 0}
        skeleton={<OrdersSkeleton />}
        errorMessage="Your orders could not be loaded."
        emptyState={
          <EmptyState
            icon={PackageOpen}
            action={
              <Button asChild>
                <Link to={paths.menu()}>Browse Menu</Link>
              </Button>
            }
          >
            No orders yet.
          </EmptyState>
        }
      >
        <ul aria-label="Your orders" className="flex flex-col gap-4">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
        <LoadMore query={list} failedMessage="More orders could not be loaded." />
      </ListStates>
    </Page>
  );
}

function OrdersSkeleton() {
  return (
    <ListSkeleton
      label="Loading your orders"
      count={2}
      className="flex flex-col gap-4"
      item={
        <OrderCardSkeleton
          className="gap-4 p-4 sm:p-5"
          badge="h-8"
          lines={['h-12 rounded-xl', 'h-4 w-3/4', 'h-4 w-1/2']}
        />
      }
    />
  );
}
