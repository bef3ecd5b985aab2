import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Timer } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '~/client/lib/paths';
import { ClaimCountdown } from './claim-countdown';
import { driverQueueQueryKey, useDriverQueue } from './delivery.queries';

/**
 * While one of the driver's claimed runs waits for its ETA: the running countdown under the header on every page,
 * linking to My Runs (hidden on My Runs itself, which shows it on the run). Render it only for members who can
 * call dibs.
 */
export function EtaDueBanner() {
  const queryClient = useQueryClient();
  const queue = useDriverQueue().data;
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onExpired = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: driverQueueQueryKey }),
    [queryClient],
  );
  const due = queue?.myRuns
    .filter((run) => run.status === 'claimed' && run.claimExpiresAt)
    .sort((a, b) => Date.parse(a.claimExpiresAt!) - Date.parse(b.claimExpiresAt!))[0];
  const onMyRuns = pathname === paths.driverQueue() && params.get('list') === 'my-runs';
  if (!queue || !due?.claimExpiresAt || onMyRuns) return null;
  return (
    <Link
      to={paths.driverQueue('my-runs')}
      className="flex min-h-11 items-center justify-center gap-2 border-t border-coin/40 bg-background px-4 text-base text-text transition-colors duration-150 hover:bg-surface-raised"
    >
      <Timer className="size-5 shrink-0 text-coin" aria-hidden />
      <span className="truncate">
        ETA due for <span className="font-semibold tabular">#{due.shortId}</span>
      </span>
      <ClaimCountdown
        inline
        expiresAt={due.claimExpiresAt}
        clockOffsetMs={queue.clockOffsetMs}
        onExpired={onExpired}
      />
      <span className="ml-1 inline-flex shrink-0 items-center font-semibold text-primary">
        My Runs
        <ChevronRight className="size-5" aria-hidden />
      </span>
    </Link>
  );
}
