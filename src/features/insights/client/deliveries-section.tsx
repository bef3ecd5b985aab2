import type { InsightsResponse } from '../insights.schema';
import { ChartCard } from './chart-card';
import { formatCount, formatHour, formatMinutes, formatShare } from './insights-format';
import { SectionFrame, type SectionProps } from './section-frame';
import { StatTile } from './stat-tile';

/** Deliveries: how fast and how punctual, photo deliveries, expired claims per driver, the busy hours. */
export function DeliveriesSection({
  deliveries,
  ...props
}: SectionProps & { deliveries: InsightsResponse['deliveries'] }) {
  const { ordersByHour, expiredClaims } = deliveries;
  const placed = ordersByHour.reduce((sum, hour) => sum + hour.orders, 0);
  return (
    <SectionFrame
      section="deliveries"
      title="Deliveries"
      {...props}
      stats={
        <>
          <StatTile
            label="Delivered"
            value={formatCount(deliveries.delivered)}
            detail="delivery orders completed"
          />
          <StatTile
            label="Claim to delivered"
            value={formatMinutes(deliveries.medianMinutes)}
            detail={
              deliveries.p90Minutes === null
                ? 'median, once deliveries are made'
                : `median; 9 in 10 within ${formatMinutes(deliveries.p90Minutes)}`
            }
          />
          <StatTile
            label="On time"
            value={formatShare(deliveries.onTimeShare)}
            detail={deliveries.onTimeShare === null ? 'no ETAs given' : 'delivered by the ETA given'}
          />
          <StatTile
            label="Photo deliveries"
            value={formatCount(deliveries.photoDeliveries)}
            detail="left at the door with a photo"
          />
        </>
      }
    >
      <ChartCard
        title="Orders by hour of the day"
        empty={placed === 0 ? 'No orders in these days.' : undefined}
        spec={{
          kind: 'bar',
          labels: ordersByHour.map((hour) => formatHour(hour.hour)),
          series: [
            {
              label: 'Orders placed',
              values: ordersByHour.map((hour) => hour.orders),
              tone: 'primary',
              unit: 'count',
            },
          ],
        }}
        table={{
          columns: ['Hour', 'Orders placed'],
          rows: ordersByHour.map((hour) => [formatHour(hour.hour), formatCount(hour.orders)]),
        }}
      />
      <ChartCard
        title="Expired claims by driver"
        empty={expiredClaims.length === 0 ? 'No claims expired in these days.' : undefined}
        spec={{
          kind: 'bar',
          horizontal: true,
          labels: expiredClaims.map((driver) => driver.name),
          series: [
            {
              label: 'Expired claims',
              values: expiredClaims.map((driver) => driver.expired),
              tone: 'danger',
              unit: 'count',
            },
          ],
        }}
        table={{
          columns: ['Driver', 'Expired claims'],
          rows: expiredClaims.map((driver) => [driver.name, formatCount(driver.expired)]),
        }}
      />
    </SectionFrame>
  );
}
