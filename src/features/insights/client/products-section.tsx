import { formatCents } from '~/shared/money';
import type { InsightsResponse, ProductRow } from '../insights.schema';
import { cardClass, ChartCard } from './chart-card';
import { DataTable } from './data-table';
import { formatCount, formatRating } from './insights-format';
import { SectionFrame, type SectionProps } from './section-frame';
import { EmptyState } from '~/client/components/ui/list-states';
import { PackageCheck } from 'lucide-react';

const NO_SALES = 'No stickers were sold in these days.';

/** The best sellers by one measure, as horizontal bars (sticker names are long), each with its rating. */
function TopCard({ title, rows, by }: { title: string; rows: ProductRow[]; by: 'revenue' | 'units' }) {
  return (
    <ChartCard
      title={title}
      empty={rows.length === 0 ? NO_SALES : undefined}
      spec={{
        kind: 'bar',
        horizontal: true,
        labels: rows.map((row) => row.name),
        series: [
          by === 'revenue'
            ? {
                label: 'Revenue',
                values: rows.map((row) => row.revenueCents),
                tone: 'primary',
                unit: 'money',
              }
            : { label: 'Units', values: rows.map((row) => row.units), tone: 'accent', unit: 'count' },
        ],
        notes: rows.map((row) =>
          row.rating === null ? 'No ratings yet' : `Rated ${formatRating(row.rating)}`,
        ),
      }}
      table={{
        columns: [
          'Sticker',
          by === 'revenue' ? 'Revenue' : 'Units',
          by === 'revenue' ? 'Units' : 'Revenue',
          'Rating',
        ],
        rows: rows.map((row) => {
          const revenue = formatCents(row.revenueCents);
          const units = formatCount(row.units);
          return [
            row.name,
            by === 'revenue' ? revenue : units,
            by === 'revenue' ? units : revenue,
            formatRating(row.rating),
          ];
        }),
      }}
    />
  );
}

/** Products: best sellers by revenue and by units, sizes, and the sizes sold out now. */
export function ProductsSection({
  products,
  ...props
}: SectionProps & { products: InsightsResponse['products'] }) {
  const { sizes, soldOut } = products;
  return (
    <SectionFrame section="products" title="Products" {...props}>
      <TopCard title="Top stickers by revenue" rows={products.byRevenue} by="revenue" />
      <TopCard title="Top stickers by units" rows={products.byUnits} by="units" />
      <ChartCard
        title="Sizes"
        empty={sizes.length === 0 ? NO_SALES : undefined}
        spec={{
          kind: 'bar',
          labels: sizes.map((size) => size.size),
          series: [
            { label: 'Units', values: sizes.map((size) => size.units), tone: 'accent', unit: 'count' },
          ],
        }}
        table={{
          columns: ['Size', 'Units', 'Revenue'],
          rows: sizes.map((size) => [size.size, formatCount(size.units), formatCents(size.revenueCents)]),
        }}
      />
      <section aria-labelledby="insights-sold-out" className={`flex min-w-0 flex-col gap-3 ${cardClass}`}>
        <h4 id="insights-sold-out" className="flex min-h-11 items-center text-base font-semibold">
          Sold out now
        </h4>
        {soldOut.length === 0 ? (
          <EmptyState icon={PackageCheck}>Every size on the menu is in stock.</EmptyState>
        ) : (
          <DataTable
            caption="Sold out now"
            columns={['Sticker', 'Size']}
            rows={soldOut.map((item) => [item.name, item.size])}
          />
        )}
      </section>
    </SectionFrame>
  );
}
