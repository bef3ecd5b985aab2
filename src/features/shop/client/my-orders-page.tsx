import { PackageOpen, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { paths } from '~/client/lib/paths';
import { OrderCard } from './order-card';
import { useMyOrders } from './orders.queries';

/**
 * /orders: the member's own orders, newest first, each following its status live (ARCHITECTURE.md departure
 * 10). The event stream's 'orders.changed' refetches the list; nothing polls.
 */
export function Component() {
  const list = useMyOrders();
  const orders = list.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <title>My Orders · The Vault</title>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Orders</h1>
      {list.isPending ? (
        <OrdersSkeleton />
      ) : list.isError && orders.length === 0 ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-card border border-danger/50 bg-surface px-6 py-10 text-center"
        >
          <p className="text-base">Your orders could not be loaded.</p>
          <Button variant="secondary" disabled={list.isFetching} onClick={() => void list.refetch()}>
            {list.isFetching ? <Spinner /> : <RotateCw className="size-5" aria-hidden />}
            Try Again
          </Button>
        </div>
      ) : orders.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
          <PackageOpen className="size-8 text-text-muted" aria-hidden />
          <p className="text-base text-text-muted">No orders yet.</p>
          <Button asChild>
            <Link to={paths.menu()}>Browse Menu</Link>
          </Button>
        </div>
      ) : (
        <>
          <ul aria-label="Your orders" className="flex flex-col gap-4">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            onLoad={() => void list.fetchNextPage()}
            failedMessage="More orders could not be loaded."
          />
        </>
      )}
    </main>
  );
}

function OrdersSkeleton() {
  return (
    <div role="status" aria-label="Loading your orders" className="flex flex-col gap-4">
      {[0, 1].map((card) => (
        <div
          key={card}
          aria-hidden
          className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
        >
          <div className="flex justify-between gap-4">
            <div className="flex flex-col gap-2">
              <div className="h-5 w-32 animate-pulse rounded bg-surface-raised" />
              <div className="h-3.5 w-40 animate-pulse rounded bg-surface-raised" />
            </div>
            <div className="h-8 w-24 animate-pulse rounded-full bg-surface-raised" />
          </div>
          <div className="h-12 animate-pulse rounded-xl bg-surface-raised" />
          <div className="h-4 w-3/4 animate-pulse rounded bg-surface-raised" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-surface-raised" />
        </div>
      ))}
    </div>
  );
}
