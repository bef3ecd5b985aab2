import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Inbox, RotateCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '~/client/components/ui/button';
import { SwitchField } from '~/client/components/ui/switch-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { onStreamEvent } from '~/client/lib/event-stream';
import type { DriverOrderView } from '../delivery.schema';
import { DriverOrderCard, type CardContext } from './driver-order-card';
import { driverQueueQueryKey, useDriverQueue, useSetOnline, type DriverQueue } from './delivery.queries';

type TabId = 'available' | 'my-runs' | 'history' | 'all-runs';

/**
 * The queue: Available, My Runs and History for a driver; for staff (the admin driver-queue tab, `staff`) the
 * available orders and every run in flight, without Call Dibs.
 */
export function DriverQueueView({ staff = false }: { staff?: boolean }) {
  const queue = useDriverQueue();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabId>(staff ? 'all-runs' : 'available');
  // The sweep runs with every queue read: ask now rather than wait for the next event.
  const onClaimExpired = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: driverQueueQueryKey }),
    [queryClient],
  );

  // The server re-queued one of this driver's claims (the window ran out): say so wherever they are in the queue.
  useEffect(
    () =>
      onStreamEvent((event) => {
        if (event.topic === 'orders.requeued') {
          toast.error('Order Re-queued', { description: 'You ran out of time to submit an ETA.' });
        }
      }),
    [],
  );

  if (queue.isPending) return <QueueSkeleton />;
  if (queue.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-card border border-danger/50 bg-surface px-6 py-10 text-center"
      >
        <p className="text-base text-text">The queue could not be loaded.</p>
        <Button variant="secondary" onClick={() => void queue.refetch()}>
          <RotateCw className="size-5" aria-hidden />
          Try again
        </Button>
      </div>
    );
  }

  const data = queue.data;
  const context: CardContext = {
    cannotClaimBecause: staff ? 'Staff view' : data.me.cannotClaimBecause,
    clockOffsetMs: data.clockOffsetMs,
    onClaimExpired,
  };
  const tabs: { id: TabId; label: string; orders: DriverOrderView[]; empty: string }[] = staff
    ? [
        {
          id: 'all-runs',
          label: `Runs (${data.allRuns?.length ?? 0})`,
          orders: data.allRuns ?? [],
          empty: 'No runs in progress.',
        },
        {
          id: 'available',
          label: `Available (${data.available.length})`,
          orders: data.available,
          empty: 'No delivery orders are waiting.',
        },
      ]
    : [
        {
          id: 'available',
          label: `Available (${data.available.length})`,
          orders: data.available,
          empty: 'No delivery orders are waiting. New ones appear here as they come in.',
        },
        {
          id: 'my-runs',
          label: `My Runs (${data.myRuns.length})`,
          orders: data.myRuns,
          empty: 'You have no runs. Call dibs on an available order.',
        },
        {
          id: 'history',
          label: 'History',
          orders: data.history,
          empty: 'Your delivered orders will show here.',
        },
      ];

  return (
    <div className="flex flex-col gap-5">
      {!staff && data.me.holdsDriverRole && <DriverStatusCard queue={data} />}
      {!staff && data.me.cannotClaimBecause && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-coin/40 bg-surface px-4 py-3 text-base text-text"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-coin" aria-hidden />
          {data.me.cannotClaimBecause}
        </p>
      )}
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setTab(value as TabId)}
        className="flex flex-col gap-4"
      >
        <Tabs.List
          aria-label="Driver queue"
          className="grid grid-flow-col gap-1 rounded-xl border border-border bg-surface p-1"
        >
          {tabs.map((t) => (
            <Tabs.Trigger
              key={t.id}
              value={t.id}
              className="min-h-11 rounded-lg px-2 text-base font-semibold text-text-muted tabular transition-colors duration-150 hover:text-text data-[state=active]:bg-primary data-[state=active]:text-on-primary"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Content key={t.id} value={t.id} className="outline-none">
            {t.orders.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
                <Inbox className="size-8 text-text-muted" aria-hidden />
                <p className="text-base text-text-muted">{t.empty}</p>
              </div>
            ) : (
              <ul aria-live="polite" className="grid gap-4 lg:grid-cols-2">
                {t.orders.map((order) => (
                  <li key={order.id} className="animate-fade-in">
                    <DriverOrderCard order={order} context={context} />
                  </li>
                ))}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
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
    <div role="status" aria-label="Loading the queue" className="flex flex-col gap-4">
      <div className="h-12 animate-pulse rounded-xl bg-surface" />
      {[0, 1].map((index) => (
        <div
          key={index}
          className="flex animate-pulse flex-col gap-3 rounded-card border border-border bg-surface p-5"
        >
          <div className="h-6 w-1/3 rounded bg-surface-raised" />
          <div className="h-4 w-2/3 rounded bg-surface-raised" />
          <div className="h-12 rounded-xl bg-surface-raised" />
        </div>
      ))}
    </div>
  );
}
