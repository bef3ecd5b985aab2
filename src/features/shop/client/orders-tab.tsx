import { Archive, Download, Inbox } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { showErrorToast } from '~/client/lib/error-toast';
import { useMediaQuery } from '~/client/lib/use-media-query';
import type { OrderListView } from '~/features/shop/orders.constants';
import { can } from '~/shared/permissions';
import { EmptyState, ListSkeleton, ListStates } from '~/client/components/ui/list-states';
import { LoadMore } from '~/client/components/load-more';
import type { Actor } from '~/shared/permissions';
import { DeskOrderCard, DeskOrderRow } from './desk-order';
import { OrderCardSkeleton } from './order-card';
import { SegmentedChoice, type Choice } from './segmented-choice';
import { useDeskOrders, useExportOrders } from './shop-admin.queries';
import { TabSection } from '~/client/components/ui/tab-section';

/** Wide enough for the table's six columns; below it orders are stacked cards. */
const TABLE_QUERY = '(min-width: 1200px)';

const headerCell =
  'sticky top-[calc(5.25rem+env(safe-area-inset-top))] z-10 bg-surface px-4 py-3 text-left text-xs font-semibold tracking-wide text-text-muted uppercase';

const VIEWS: Choice<OrderListView>[] = [
  { value: 'active', label: 'Active', Icon: Inbox },
  { value: 'archived', label: 'Archived', Icon: Archive },
];

/**
 * Sticker Orders: the active orders or the archive (completed and cancelled), newest first, each with its status
 * to change; CSV export of the view. The list follows new orders and drivers live through the event stream.
 */
export function OrdersTab({ actor }: { actor: Actor }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: OrderListView = searchParams.get('view') === 'archived' ? 'archived' : 'active';
  const setView = (next: OrderListView) =>
    setSearchParams(
      (params) => {
        if (next === 'active') params.delete('view');
        else params.set('view', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  const list = useDeskOrders(view);
  const orders = list.data?.items ?? [];
  const wide = useMediaQuery(TABLE_QUERY);
  const canManage = can(actor, 'manage:orders');
  const listName = view === 'active' ? 'Active orders' : 'Archived orders';
  // New orders arrive live: the count is read out politely as it changes (an empty list says 0 as well).
  const count = (
    <p aria-live="polite" className="text-sm text-text-muted tabular">
      {orders.length}
      {list.hasNextPage ? '+' : ''} {view} {orders.length === 1 ? 'order' : 'orders'}
    </p>
  );

  return (
    <TabSection
      id="orders-heading"
      title="Sticker Orders"
      action={can(actor, 'export:orders') && <ExportButton view={view} />}
    >
      <SegmentedChoice
        label="Orders shown"
        hideLabel
        value={view}
        onValueChange={setView}
        choices={VIEWS}
        className="sm:max-w-sm"
      />
      <ListStates
        query={list}
        empty={orders.length === 0}
        skeleton={<OrderListSkeleton />}
        errorMessage="The orders could not be loaded."
        emptyState={
          <div className="flex flex-col gap-3">
            {count}
            <EmptyState>{view === 'active' ? 'No active orders.' : 'No archived orders yet.'}</EmptyState>
          </div>
        }
      >
        <div className="flex flex-col gap-3">
          {count}
          {wide ? (
            <div className="overflow-clip rounded-card border border-border bg-surface">
              <table className="w-full border-collapse">
                <caption className="sr-only">{listName}</caption>
                <thead>
                  <tr>
                    {['Order', 'Customer', 'Items', 'Fulfilment'].map((name) => (
                      <th key={name} scope="col" className={headerCell}>
                        {name}
                      </th>
                    ))}
                    <th scope="col" className={`${headerCell} text-right`}>
                      Total
                    </th>
                    <th scope="col" className={headerCell}>
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((order) => (
                    <DeskOrderRow key={order.id} order={order} canManage={canManage} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul aria-label={listName} className="grid items-stretch gap-3 md:grid-cols-2">
              {orders.map((order) => (
                <DeskOrderCard key={order.id} order={order} canManage={canManage} />
              ))}
            </ul>
          )}
          <LoadMore query={list} failedMessage="More orders could not be loaded." />
        </div>
      </ListStates>
    </TabSection>
  );
}

function ExportButton({ view }: { view: OrderListView }) {
  const exportOrders = useExportOrders({
    onSuccess: (filename) => toast.success('Export complete', { description: filename }),
    onError: (error) => showErrorToast(error, 'Export failed'),
  });
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={exportOrders.isPending}
      onClick={() => exportOrders.mutate(view)}
      title={`Download the ${view} orders as a spreadsheet`}
    >
      {exportOrders.isPending ? <Spinner /> : <Download className="size-5" aria-hidden />}
      Export CSV
    </Button>
  );
}

/** Grey blocks shaped like order cards while the first page loads. */
function OrderListSkeleton() {
  return (
    <ListSkeleton
      label="Loading orders"
      count={4}
      className="grid gap-3 md:grid-cols-2"
      item={
        <OrderCardSkeleton
          className="gap-3 p-4"
          badge="h-7"
          lines={['h-4 w-1/2', 'h-4 w-3/4', 'h-11 rounded-xl']}
        />
      }
    />
  );
}
