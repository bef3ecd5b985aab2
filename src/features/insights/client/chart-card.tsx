import { ChartNoAxesColumn, Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { EmptyState } from '~/client/components/ui/list-states';
import { DataTable, type TableData } from './data-table';
import { InsightsChart, type ChartSpec } from './insights-chart';

/** Tall enough for a phone to read; horizontal bars grow with their rows so names never overlap. */
function heightOf(spec: ChartSpec): number {
  if (!spec.horizontal) return spec.kind === 'doughnut' ? 240 : 256;
  const legend = spec.series.length > 1 ? 40 : 0;
  return Math.max(120, spec.labels.length * (20 + 16 * spec.series.length) + 48 + legend);
}

/** A card's frame: the raised surface the tab's cards share. */
export const cardClass = 'rounded-card border border-border bg-surface p-4';

/**
 * One chart of the Overview tab under its title, with a Table toggle that shows the same figures as a table. With
 * nothing to show, the `empty` sentence instead of an empty chart.
 */
export function ChartCard({
  title,
  spec,
  table,
  empty,
  className = '',
}: {
  title: string;
  spec: ChartSpec;
  table: TableData;
  /** Said instead of the chart when there is nothing to draw ("No orders in these days."). */
  empty?: string | undefined;
  className?: string;
}) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <section aria-labelledby={headingId} className={`flex min-w-0 flex-col gap-3 ${cardClass} ${className}`}>
      <div className="flex min-h-11 items-center justify-between gap-3">
        <h4 id={headingId} className="text-base font-semibold">
          {title}
        </h4>
        {!empty && (
          <Button
            type="button"
            variant={asTable ? 'secondary' : 'ghost'}
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
            className="-mr-2 shrink-0"
          >
            <Table2 className="size-5" aria-hidden />
            Table
          </Button>
        )}
      </div>
      {empty ? (
        <EmptyState icon={ChartNoAxesColumn}>{empty}</EmptyState>
      ) : asTable ? (
        <DataTable caption={title} {...table} />
      ) : (
        <InsightsChart
          spec={spec}
          label={`${title}: a chart. Press Table for its figures.`}
          height={heightOf(spec)}
        />
      )}
    </section>
  );
}
