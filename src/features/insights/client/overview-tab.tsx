import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListStates } from '~/client/components/ui/list-states';
import { TabSection } from '~/client/components/ui/tab-section';
import { can, type Actor } from '~/shared/permissions';
import type { InsightsQuery, InsightsResponse } from '../insights.schema';
import { DeliveriesSection } from './deliveries-section';
import { EconomySection } from './economy-section';
import { HeadlineCards } from './headline-cards';
import { useInsights } from './insights.queries';
import { formatRange } from './insights-format';
import { shiftDay } from '~/shared/time';
import { daysIn, previousPeriod, rangeOf, todayIn } from './insights-range';
import { MembersSection } from './members-section';
import { OVERVIEW_DESCRIPTION, OVERVIEW_TITLE, OverviewSkeleton } from './overview-skeleton';
import { ProductsSection } from './products-section';
import { RangePicker } from './range-picker';
import { SalesSection } from './sales-section';

/**
 * The Overview tab (issue 49): how the shop is doing over a range of days, beside the period just before it, in
 * headline cards and a section per subject, each chart with its table and each section with its CSV. The range
 * lives in the URL (`?tab=overview&from=…&to=…`), so a reload or a shared link shows the same days.
 */
export function OverviewTab({ actor }: { actor: Actor }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Today is the shop's: the browser's until the first answer names the shop's time zone.
  const [timeZone, setTimeZone] = useState<string>();
  const today = todayIn(timeZone);
  const from = searchParams.get('from');
  const to = searchParams.get('to');
  const range = useMemo(() => rangeOf({ from, to }, today), [from, to, today]);
  const insights = useInsights(range);
  const shopZone = insights.data?.range.timeZone;
  if (shopZone && shopZone !== timeZone) setTimeZone(shopZone);

  const setRange = (next: InsightsQuery) =>
    setSearchParams(
      (params) => {
        params.set('tab', 'overview');
        params.set('from', next.from);
        params.set('to', next.to);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <TabSection id="overview-heading" title={OVERVIEW_TITLE} description={OVERVIEW_DESCRIPTION}>
      <RangePicker range={range} today={today} onChange={setRange} />
      <ListStates
        query={insights}
        empty={!insights.data}
        skeleton={<OverviewSkeleton />}
        errorMessage="The overview could not be loaded."
        emptyState={<OverviewSkeleton />}
      >
        {insights.data && (
          <Figures
            data={insights.data}
            range={range}
            canExport={can(actor, 'export:insights')}
            updating={insights.isPlaceholderData}
          />
        )}
      </ListStates>
    </TabSection>
  );
}

/** Every figure of the range; dimmed while a new range's figures are on their way. */
function Figures({
  data,
  range,
  canExport,
  updating,
}: {
  data: InsightsResponse;
  range: InsightsQuery;
  canExport: boolean;
  updating: boolean;
}) {
  const days = daysIn(range);
  const period = previousPeriod(days);
  const section = { range, canExport };
  return (
    <div
      aria-busy={updating || undefined}
      className={`flex flex-col gap-8 transition-opacity duration-150 ${updating ? 'opacity-60' : ''}`}
    >
      <div className="flex flex-col gap-3">
        <p aria-live="polite" className="text-sm text-text-muted">
          {formatRange(range.from, range.to)}, compared with{' '}
          {formatRange(shiftDay(range.from, -days), shiftDay(range.from, -1))}
          {data.range.timeZone && ` · ${data.range.timeZone}`}
        </p>
        <HeadlineCards data={data} period={period} />
      </div>
      <SalesSection sales={data.sales} {...section} />
      <ProductsSection products={data.products} {...section} />
      <MembersSection members={data.members} {...section} />
      <DeliveriesSection deliveries={data.deliveries} {...section} />
      <EconomySection economy={data.economy} {...section} />
    </div>
  );
}
