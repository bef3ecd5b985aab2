import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Inbox } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '~/client/lib/toast';
import {
  EmptyState,
  ListItem,
  ListSkeleton,
  ListStates,
  SkeletonCard,
} from '~/client/components/ui/list-states';
import { SwitchField } from '~/client/components/ui/switch-field';
import { Tabs, type TabItem } from '~/client/components/ui/tabs';
import { showErrorToast } from '~/client/lib/error-toast';
import type { DriverOrderView } from '../delivery.schema';
import { DriverOrderCard, type CardContext } from './driver-order-card';
import { driverQueueQueryKey, useDriverQueue, type DriverQueue } from './delivery.queries';
import { useSetOnline } from './run.queries';

type TabId = 'available' | 'my-runs' | 'history' | 'all-runs';

/**
 * The queue: Available, My Runs and History for a driver; for staff (the admin driver-queue tab, `staff`) the
 * available orders and every run in flight, without Call Dibs.
 */
export function DriverQueueView({ staff = false }: { staff?: boolean }) {
  const queue = useDriverQueue();

  return (
    <ListStates
      query={queue}
      empty={!queue.data}
      skeleton={<QueueSkeleton />}
      errorMessage="The queue could not be loaded."
      emptyState={null}
    >
      {queue.data && <Queue queue={queue.data} staff={staff} />}
    </ListStates>
  );
}

function Queue({ queue, staff }: { queue: DriverQueue; staff: boolean }) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useQueueTab(staff);
  // The run just claimed: My Runs opens with it in view and its ETA field focused.
  const [focusRunId, setFocusRunId] = useState<string | null>(null);
  // A claim past its window shows as available from the next queue read: ask now rather than wait for the
  // sweep's event.
  const onClaimExpired = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: driverQueueQueryKey }),
    [queryClient],
  );
  const context: CardContext = {
    cannotClaimBecause: staff ? 'Staff view' : queue.me.cannotClaimBecause,
    clockOffsetMs: queue.clockOffsetMs,
    onClaimExpired,
    onClaimed: (orderId) => {
      setTab('my-runs');
      setFocusRunId(orderId);
    },
    focusRunId,
    onRunFocused: () => setFocusRunId(null),
  };
  const list = (orders: DriverOrderView[], empty: string) => (
    <OrderList orders={orders} empty={empty} context={context} />
  );
  const tabs: TabItem<TabId>[] = staff
    ? [
        {
          value: 'all-runs',
          label: `Runs (${queue.allRuns?.length ?? 0})`,
          content: list(queue.allRuns ?? [], 'No runs in progress.'),
        },
        {
          value: 'available',
          label: `Available (${queue.available.length})`,
          content: list(queue.available, 'No delivery orders are waiting.'),
        },
      ]
    : [
        {
          value: 'available',
          label: `Available (${queue.available.length})`,
          content: list(
            queue.available,
            'No delivery orders are waiting. New ones appear here as they come in.',
          ),
        },
        {
          value: 'my-runs',
          label: `My Runs (${queue.myRuns.length})`,
          content: list(queue.myRuns, 'You have no runs. Call dibs on an available order.'),
        },
        {
          value: 'history',
          label: 'History',
          content: list(queue.history, 'Your delivered orders will show here.'),
        },
      ];

  return (
    <div className="flex flex-col gap-5">
      {!staff && queue.me.holdsDriverRole && <DriverStatusCard queue={queue} />}
      {!staff && queue.me.cannotClaimBecause && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-coin/40 bg-surface px-4 py-3 text-base text-text"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-coin" aria-hidden />
          {queue.me.cannotClaimBecause}
        </p>
      )}
      <Tabs
        label="Driver queue"
        value={tab}
        onValueChange={setTab}
        items={tabs}
        variant="segmented"
        accent
        className="gap-4"
      />
    </div>
  );
}

/**
 * The open list: in the URL for a driver (`?list=my-runs`, so the ETA banner can link to it and a reload keeps
 * it), on the screen for staff (the dashboard's own tab is in the URL).
 */
function useQueueTab(staff: boolean): [TabId, (tab: TabId) => void] {
  const [params, setParams] = useSearchParams();
  const [staffTab, setStaffTab] = useState<TabId>('all-runs');
  if (staff) return [staffTab, setStaffTab];
  const list = params.get('list');
  const tab: TabId = list === 'my-runs' || list === 'history' ? list : 'available';
  return [tab, (next) => setParams(next === 'available' ? {} : { list: next }, { replace: true })];
}

function OrderList({
  orders,
  empty,
  context,
}: {
  orders: DriverOrderView[];
  empty: string;
  context: CardContext;
}) {
  if (orders.length === 0) return <EmptyState icon={Inbox}>{empty}</EmptyState>;
  return (
    <ul aria-live="polite" className="grid gap-4 lg:grid-cols-2">
      {orders.map((order) => (
        <ListItem key={order.id}>
          <DriverOrderCard order={order} context={context} />
        </ListItem>
      ))}
    </ul>
  );
}

function DriverStatusCard({ queue }: { queue: DriverQueue }) {
  const setOnline = useSetOnline({
    onSuccess: ({ user }) => toast.success(user.isOnline ? 'You are online' : 'You are offline'),
    onError: (error) => showErrorToast(error, 'Status not changed'),
  });
  const { me } = queue;
  return (
    <section
      aria-label="Your driver status"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-center sm:gap-6"
    >
      <div className="flex-1">
        <SwitchField
          label="Online"
          description={me.isOnline ? 'You get new delivery orders.' : 'Switch on to take orders.'}
          checked={me.isOnline}
          disabled={setOnline.isPending}
          onCheckedChange={(checked) => setOnline.mutate(checked)}
        />
      </div>
      <dl className="flex gap-6 text-sm sm:border-l sm:border-border sm:pl-6">
        <div>
          <dt className="text-text-muted">Strikes</dt>
          <dd className={`text-2xl font-bold tabular ${me.strikes > 0 ? 'text-danger' : 'text-text'}`}>
            {me.strikes}
          </dd>
        </div>
        <div>
          <dt className="text-text-muted">Approved</dt>
          <dd className="text-2xl font-bold">{me.isApprovedDriver ? 'Yes' : 'Not yet'}</dd>
        </div>
      </dl>
    </section>
  );
}

function QueueSkeleton() {
  return (
    <ListSkeleton
      label="Loading the queue"
      count={2}
      className="flex flex-col gap-4"
      item={<SkeletonCard className="gap-3 p-5" lines={['h-6 w-1/3', 'h-4 w-2/3', 'h-12 rounded-xl']} />}
    />
  );
}
