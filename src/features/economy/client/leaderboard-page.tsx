import { Coins, Trophy } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Tabs } from '~/client/components/ui/tabs';
import { LoadMore } from '~/client/components/load-more';
import { Avatar } from '~/client/components/ui/avatar';
import { EmptyState, ListSkeleton, ListStates, SkeletonRow } from '~/client/components/ui/list-states';
import { Page, PageHeading } from '~/client/components/ui/page';
import { paths } from '~/client/lib/paths';
import type { LeaderboardRow } from '../economy.schema';
import type { Leaderboard } from '../economy.constants';
import { useLeaderboard } from './economy.queries';

/** Gold, silver and bronze for the first three ranks; everyone else in the muted tone. */
const PODIUM: Record<number, string> = {
  1: 'bg-coin text-background',
  2: 'bg-text-muted text-background',
  3: 'bg-[#b87333] text-background',
};

const BOARDS: { value: Leaderboard; label: string }[] = [
  { value: 'all', label: 'All Time' },
  { value: 'week', label: 'This Week' },
];

/**
 * /leaderboard: members ranked by Exotic Coins (ties share a rank), a page at a time, on two boards: All Time
 * (the balance) and This Week (coins earned since Monday in the shop's time zone), the board in the URL. The
 * member's own row is marked in the list, or shown above it while it is not among the loaded rows.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const board: Leaderboard = params.get('board') === 'week' ? 'week' : 'all';
  return (
    <Page title="Leaderboard">
      <PageHeading description="Members ranked by Exotic Coins.">Leaderboard</PageHeading>
      <Tabs
        label="Leaderboards"
        value={board}
        onValueChange={(next) =>
          setParams(next === 'all' ? {} : { board: next }, { replace: true, preventScrollReset: true })
        }
        items={BOARDS.map(({ value, label }) => ({
          value,
          label,
          content: value === board ? <Board board={value} /> : null,
        }))}
      />
    </Page>
  );
}

function Board({ board: kind }: { board: Leaderboard }) {
  const board = useLeaderboard(kind);
  const rows = board.data?.items ?? [];
  const first = board.data?.pages[0];
  const me = first?.me ?? null;
  const meLoaded = me !== null && rows.some((row) => row.id === me.id);
  // The member's own row, above the board while it is not among the loaded rows: always in view when the page
  // opens, and never floating over other rows (issue 21).
  const pinned = me && !meLoaded && (
    <section aria-label="Your rank" className="flex flex-col gap-1.5">
      <h2 className="text-sm font-medium text-text-muted">Your rank</h2>
      <LeaderRow row={me} isMe />
    </section>
  );
  return (
    <div className="mt-4 flex flex-col gap-3">
      {first?.weekStart && (
        <p className="text-sm text-text-muted">
          Coins earned since Monday, {formatWeekStart(first.weekStart)}. A new week starts every Monday.
        </p>
      )}
      <ListStates
        query={board}
        empty={rows.length === 0}
        skeleton={<LeaderboardSkeleton />}
        errorMessage="The leaderboard could not be loaded."
        emptyState={
          <>
            {pinned}
            <EmptyState icon={Trophy}>
              {kind === 'week' ? 'No coins earned this week yet.' : 'No ranked members yet.'}
            </EmptyState>
          </>
        }
      >
        {pinned}
        <ol aria-label="Members by coins" className="flex flex-col gap-2">
          {rows.map((row) => (
            <li key={row.id}>
              <LeaderRow row={row} isMe={row.id === me?.id} />
            </li>
          ))}
        </ol>
        <LoadMore query={board} failedMessage="More members could not be loaded." />
      </ListStates>
    </div>
  );
}

/** '2026-06-01' (a date, no time zone) as "June 1". */
const formatWeekStart = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

function LeaderRow({ row, isMe }: { row: LeaderboardRow; isMe: boolean }) {
  return (
    <Link
      to={paths.publicProfile(row.id)}
      aria-current={isMe ? 'true' : undefined}
      className={`flex min-h-16 items-center gap-3 rounded-card border px-3 py-2.5 transition-colors hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:gap-4 sm:px-4 ${
        isMe ? 'border-primary bg-primary/10' : 'border-border bg-surface'
      }`}
    >
      <span
        className={`flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular ${
          PODIUM[row.rank] ?? 'bg-surface-raised text-text'
        }`}
      >
        <span className="sr-only">Rank </span>
        {row.rank}
      </span>
      <Avatar src={row.avatarUrl} size="md" lazy />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-base font-semibold text-text">
          {row.fullName}
          {isMe && <span className="ml-2 text-sm font-medium text-primary">You</span>}
        </span>
        <span className="text-sm text-text-muted">
          {row.levelTitle} · <span className="tabular whitespace-nowrap">Level {row.level}</span>
        </span>
      </span>
      <span className="flex shrink-0 items-center gap-1.5 text-base font-semibold text-coin tabular">
        <Coins className="size-5" aria-hidden />
        {row.coins.toLocaleString('en-US')}
        <span className="sr-only"> coins</span>
      </span>
    </Link>
  );
}

function LeaderboardSkeleton() {
  return (
    <ListSkeleton
      label="Loading the leaderboard"
      count={6}
      className="flex flex-col gap-2"
      item={
        <SkeletonRow
          lead="size-11"
          lines={['h-4 w-2/5', 'h-3 w-1/4']}
          trail="h-5 w-16"
          className="min-h-16 rounded-card border border-border bg-surface px-3 py-2.5"
        />
      }
    />
  );
}
