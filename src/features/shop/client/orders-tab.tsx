import { Archive, Inbox } from 'lucide-react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButton, exportToasts } from '~/client/components/ui/export-button';
import type { OrderListView } from '~/features/shop/orders.constants';
import type { AdminOrderView } from '~/features/shop/orders.schema';
import { can } from '~/shared/permissions';
import { CardTable, type CardTableColumn } from '~/client/components/ui/card-table';
import { EmptyState, ListSkeleton, ListStates } from '~/client/components/ui/list-states';
import { LoadMore } from '~/client/components/load-more';
import type { Actor } from '~/shared/permissions';
import { DeskOrderRow } from './desk-order';
import { OrderCardSkeleton } from './order-card';
import { SegmentedChoice, type Choice } from '~/client/components/ui/segmented-choice';
import { useDeskOrders, useExportOrders } from './shop-admin.queries';
import { TabSection } from '~/client/components/ui/tab-section';

/** The table's columns, where there is room for all six (the dashboard's full width); below it, stacked cards. */
const COLUMNS: CardTableColumn[] = [
  { title: 'Order', width: 'auto' },
  { title: 'Customer', width: 'minmax(10rem,12rem)' },
  { title: 'Items', width: 'minmax(10rem,1fr)' },
  { title: 'Fulfilment', width: 'minmax(10rem,12rem)' },
  { title: 'Total', width: 'auto', align: 'end' },
  { title: 'Status', width: 'auto' },
];

const VIEWS: Choice<OrderListView>[] = [
  { value: 'active', label: 'Active', Icon: Inbox },
  { value: 'archived', label: 'Archived', Icon: Archive },
];

/**
 * Sticker Orders: the active orders or the archive (completed and cancelled), newest first, each with its status
 * to change; CSV export of the view. The list follows new orders and drivers live through the event stream.
 */
export function OrdersTab({
  actor,
  RunActions,
}: {
  actor: Actor;
  /** A delivery order's dispatch (the delivery feature's, composed by the dashboard). */
  RunActions?: ComponentType<{ order: AdminOrderView }>;
}) {
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
      action={can(actor, 'export:orders') && <ExportOrdersButton view={view} />}
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
          <CardTable label={listName} columns={COLUMNS} tableFrom="xl" twoCards="equal-height">
            {orders.map((order) => (
              <DeskOrderRow key={order.id} order={order} canManage={canManage} RunActions={RunActions} />
            ))}
          </CardTable>
          <LoadMore query={list} failedMessage="More orders could not be loaded." />
        </div>
      </ListStates>
    </TabSection>
  );
}

function ExportOrdersButton({ view }: { view: OrderListView }) {
  const exportOrders = useExportOrders(exportToasts);
  return (
    <ExportButton
      exporting={exportOrders.isPending}
      onExport={() => exportOrders.mutate(view)}
      title={`Download the ${view} orders as a spreadsheet`}
    />
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
