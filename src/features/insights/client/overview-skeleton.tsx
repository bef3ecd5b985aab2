import { SkeletonBlock, SkeletonCard } from '~/client/components/ui/list-states';
import { TabSection } from '~/client/components/ui/tab-section';

/** The title and description the Overview tab opens with, so its loading state and its figures share one header. */
export const OVERVIEW_TITLE = 'Overview';
export const OVERVIEW_DESCRIPTION = 'How the shop is doing, counted in its own time zone.';

/** Grey blocks shaped like the figures: six headline cards, then two charts. */
export function OverviewSkeleton() {
  return (
    <div role="status" aria-label="Loading overview" className="flex flex-col gap-6">
      <div aria-hidden className="grid animate-pulse grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, index) => (
          <SkeletonCard key={index} lines={['h-4 w-1/2', 'h-7 w-3/4', 'h-4 w-1/3']} />
        ))}
      </div>
      <div aria-hidden className="grid animate-pulse gap-3 lg:grid-cols-2">
        <SkeletonCard lines={['h-5 w-2/5']} className="gap-4 p-4 lg:col-span-2">
          <SkeletonBlock className="h-64 rounded-xl" />
        </SkeletonCard>
        <SkeletonCard lines={['h-5 w-1/3']} className="gap-4 p-4">
          <SkeletonBlock className="h-60 rounded-xl" />
        </SkeletonCard>
        <SkeletonCard lines={['h-5 w-1/3']} className="gap-4 p-4">
          <SkeletonBlock className="h-60 rounded-xl" />
        </SkeletonCard>
      </div>
    </div>
  );
}

/** The whole tab while its code loads (the chart library comes with it, never in a first load). */
export function OverviewLoading() {
  return (
    <TabSection id="overview-heading" title={OVERVIEW_TITLE} description={OVERVIEW_DESCRIPTION}>
      <SkeletonBlock className="h-[4.5rem] w-full sm:w-56" />
      <OverviewSkeleton />
    </TabSection>
  );
}
