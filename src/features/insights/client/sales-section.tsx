import { formatCents } from '~/shared/money';
import type { InsightsResponse, SalesSplit } from '../insights.schema';
import { ChartCard } from './chart-card';
import { formatAxisDay, formatCount } from './insights-format';
import { SectionFrame, type SectionProps } from './section-frame';

const NO_ORDERS = 'No orders in these days.';

/** A split of the orders (delivery or pickup, payment methods) as a doughnut by orders, and its table. */
function SplitCard({ title, first, splits }: { title: string; first: string; splits: SalesSplit[] }) {
  return (
    <ChartCard
      title={title}
      empty={splits.length === 0 ? NO_ORDERS : undefined}
      spec={{
        kind: 'doughnut',
        labels: splits.map((split) => split.name),
        series: [
          { label: 'Orders', values: splits.map((split) => split.orders), tone: 'primary', unit: 'count' },
        ],
      }}
      table={{
        columns: [first, 'Orders', 'Revenue'],
        rows: splits.map((split) => [split.name, formatCount(split.orders), formatCents(split.revenueCents)]),
      }}
    />
  );
}

/** Sales: revenue and orders per day, delivery or pickup, payment methods, promo codes. */
export function SalesSection({ sales, ...props }: SectionProps & { sales: InsightsResponse['sales'] }) {
  const { daily, promoCodes } = sales;
  return (
    <SectionFrame section="sales" title="Sales" {...props}>
      <ChartCard
        title="Revenue and orders per day"
        className="lg:col-span-2"
        empty={sales.totals.orders === 0 ? NO_ORDERS : undefined}
        spec={{
          kind: 'bar',
          labels: daily.map((day) => formatAxisDay(day.day)),
          series: [
            {
              label: 'Revenue',
              values: daily.map((day) => day.revenueCents),
              tone: 'primary',
              unit: 'money',
            },
            {
              label: 'Orders',
              values: daily.map((day) => day.orders),
              tone: 'accent',
              unit: 'count',
              line: true,
            },
          ],
        }}
        table={{
          // Without fees per day is in the CSV: four columns fit a phone.
          columns: ['Day', 'Revenue', 'Orders', 'Average order'],
          rows: daily.map((day) => [
            formatAxisDay(day.day),
            formatCents(day.revenueCents),
            formatCount(day.orders),
            day.orders ? formatCents(Math.round(day.revenueCents / day.orders)) : '–',
          ]),
        }}
      />
      <SplitCard title="Delivery or pickup" first="Order type" splits={sales.methods} />
      <SplitCard title="Payment methods" first="Payment method" splits={sales.payments} />
      <ChartCard
        title="Promo codes"
        className="lg:col-span-2"
        empty={promoCodes.length === 0 ? 'No promo codes were used in these days.' : undefined}
        spec={{
          kind: 'bar',
          horizontal: true,
          labels: promoCodes.map((promo) => promo.code),
          series: [
            {
              label: 'Orders',
              values: promoCodes.map((promo) => promo.orders),
              tone: 'primary',
              unit: 'count',
            },
          ],
          notes: promoCodes.map((promo) => `${formatCents(promo.discountCents)} off in all`),
        }}
        table={{
          columns: ['Promo code', 'Orders', 'Discount'],
          rows: promoCodes.map((promo) => [
            promo.code,
            formatCount(promo.orders),
            formatCents(promo.discountCents),
          ]),
        }}
      />
    </SectionFrame>
  );
}
