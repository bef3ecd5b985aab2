import { History } from 'lucide-react';
import { LoadMore } from '~/client/components/load-more';
import { EmptyState, ListSkeleton, ListStates, SkeletonRow } from '~/client/components/ui/list-states';
import { formatDateTime } from '~/client/lib/format-time';
import { SectionCard } from '~/client/components/ui/section-card';
import { useLedgerHistory } from './profiles.queries';

const signed = (n: number) => `${n > 0 ? '+' : ''}${n.toLocaleString('en-US')}`;

/** Every change of the member's coins and XP, newest first: what earned or spent it, and staff's reason. */
export function HistorySection() {
  const history = useLedgerHistory();
  const entries = history.data?.items ?? [];
  return (
    <SectionCard title="Coin and XP History" description="What you earned and spent, newest first.">
      <ListStates
        query={history}
        empty={entries.length === 0}
        skeleton={<HistorySkeleton />}
        errorMessage="Your history could not be loaded."
        emptyState={<EmptyState icon={History}>Nothing earned yet. Post, rate or order to start.</EmptyState>}
      >
        <ul aria-label="Coin and XP history" className="flex flex-col divide-y divide-border">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-base font-medium text-text">{entry.reason}</p>
                {entry.note && <p className="text-sm break-words text-text-muted">{entry.note}</p>}
                <p className="text-xs text-text-muted">{formatDateTime(entry.createdAt)}</p>
              </div>
              <p className="flex shrink-0 flex-col items-end text-sm font-semibold tabular">
                {entry.coins !== 0 && (
                  <span className={entry.coins > 0 ? 'text-coin' : 'text-danger'}>
                    {signed(entry.coins)} coins
                  </span>
                )}
                {entry.xp !== 0 && (
                  <span className={entry.xp > 0 ? 'text-primary' : 'text-danger'}>{signed(entry.xp)} XP</span>
                )}
              </p>
            </li>
          ))}
        </ul>
        <LoadMore query={history} failedMessage="More history could not be loaded." />
      </ListStates>
    </SectionCard>
  );
}

function HistorySkeleton() {
  return (
    <ListSkeleton
      label="Loading your history"
      count={3}
      className="flex flex-col divide-y divide-border"
      item={<SkeletonRow lines={['h-4 w-1/3', 'h-3 w-1/4']} trail="h-4 w-16" className="py-3" />}
    />
  );
}
