import { ListSkeleton, SkeletonBlock } from '~/client/components/ui/list-states';

/** Grey blocks shaped like member rows while the first page loads. */
export function MemberListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <ListSkeleton
      label="Loading members"
      count={rows}
      item={
        <div className="flex items-center gap-3 rounded-card border border-border bg-surface p-4">
          <SkeletonBlock className="size-11 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <SkeletonBlock className="h-4 w-2/5" />
            <SkeletonBlock className="h-3 w-3/5" />
          </div>
          <SkeletonBlock className="hidden h-11 w-28 rounded-xl sm:block" />
        </div>
      }
    />
  );
}
