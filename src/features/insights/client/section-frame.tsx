import type { ReactNode } from 'react';
import { ExportButton, exportToasts } from '~/client/components/ui/export-button';
import type { InsightsSection } from '../insights.constants';
import type { InsightsQuery } from '../insights.schema';
import { useExportInsights } from './insights.queries';

/** What every section of the tab is given: the range it shows, and whether its CSV may be downloaded. */
export interface SectionProps {
  range: InsightsQuery;
  canExport: boolean;
}

/**
 * One section of the Overview tab (Sales, Products, ...): its heading, its Export CSV at the right for those who
 * hold export:insights, then its figures (`stats`, a row of tiles) and its charts, a grid on wide screens.
 */
export function SectionFrame({
  section,
  title,
  range,
  canExport,
  stats,
  children,
}: SectionProps & { section: InsightsSection; title: string; stats?: ReactNode; children: ReactNode }) {
  const headingId = `insights-${section}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold tracking-tight">
          {title}
        </h3>
        {canExport && <ExportSectionButton section={section} title={title} range={range} />}
      </div>
      {stats && <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">{stats}</dl>}
      <div className="grid gap-3 lg:grid-cols-2">{children}</div>
    </section>
  );
}

function ExportSectionButton({
  section,
  title,
  range,
}: {
  section: InsightsSection;
  title: string;
  range: InsightsQuery;
}) {
  const exportSection = useExportInsights(exportToasts);
  return (
    <ExportButton
      exporting={exportSection.isPending}
      onExport={() => exportSection.mutate({ section, ...range })}
      title={`Download the ${title.toLowerCase()} figures of these days as a spreadsheet`}
    >
      Export CSV<span className="sr-only"> of {title}</span>
    </ExportButton>
  );
}
