import type { ReactNode } from 'react';
import { LoadMore } from '~/client/components/load-more';
import { EmptyState, ListSkeleton, ListStates, SkeletonRow } from '~/client/components/ui/list-states';
import type { useMemberList } from './members.queries';

/**
 * What the Members and the Roles tab list around their entries: the skeleton while the first page loads, the
 * error with Try Again, No members found., and Load more under the list.
 */
export function MemberList({
  list,
  empty,
  searching,
  children,
}: {
  list: ReturnType<typeof useMemberList>;
  empty: boolean;
  /** Busy while a search typed into the box has not yet replaced the list (useMemberSearch). */
  searching: boolean;
  children: ReactNode;
}) {
  return (
    <ListStates
      query={list}
      empty={empty}
      skeleton={<MemberListSkeleton />}
      errorMessage="The members could not be loaded."
      emptyState={<EmptyState>No members found.</EmptyState>}
    >
      <div aria-busy={searching} className="flex flex-col gap-3">
        {children}
        <LoadMore query={list} failedMessage="More members could not be loaded." />
      </div>
    </ListStates>
  );
}

/** Grey blocks shaped like member rows while the first page loads. */
function MemberListSkeleton() {
  return (
    <ListSkeleton
      label="Loading members"
      count={4}
      item={
        <SkeletonRow
          className="rounded-card border border-border bg-surface p-4"
          lead="size-11"
          lines={['h-4 w-2/5', 'h-3 w-3/5']}
          trail="hidden h-11 w-28 rounded-xl sm:block"
        />
      }
    />
  );
}
