import { PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import { EmptyState, ListSkeleton, ListStates, SkeletonBlock } from '~/client/components/ui/list-states';
import { paths } from '~/client/lib/paths';
import { OrderCard } from './order-card';
import { useMyOrders } from './orders.queries';

/**
 * /orders: the member's own orders, newest first, each following its status live (ARCHITECTURE.md departure
 * 10). The event stream's 'orders.changed' refetches the list; nothing polls.
 */
export function Component() {
  const list = useMyOrders();
  const orders = list.data?.items ?? [];
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <title>My Orders · The Vault</title>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Orders</h1>
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
    </main>
  );
}

function OrdersSkeleton() {
  return (
    <ListSkeleton
      label="Loading your orders"
      count={2}
      className="flex flex-col gap-4"
      item={
        <div className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5">
          <div className="flex justify-between gap-4">
            <div className="flex flex-col gap-2">
              <SkeletonBlock className="h-5 w-32" />
              <SkeletonBlock className="h-3.5 w-40" />
            </div>
            <SkeletonBlock className="h-8 w-24 rounded-full" />
          </div>
          <SkeletonBlock className="h-12 rounded-xl" />
          <SkeletonBlock className="h-4 w-3/4" />
          <SkeletonBlock className="h-4 w-1/2" />
        </div>
      }
    />
  );
}
