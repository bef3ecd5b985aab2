import { formatDay } from '~/client/lib/format-time';
import { formatCents } from '~/shared/money';
import type { InsightsResponse } from '../insights.schema';
import { ChartCard } from './chart-card';
import { formatAxisDay, formatCount } from './insights-format';
import { SectionFrame, type SectionProps } from './section-frame';
import { StatTile } from './stat-tile';

const NO_COINS = 'No coins changed hands in these days.';

/** Economy: coins issued against spent (per week and by cause), XP issued, rewards redeemed, what members hold. */
export function EconomySection({
  economy,
  ...props
}: SectionProps & { economy: InsightsResponse['economy'] }) {
  const { weekly, byCause, redemptions } = economy;
  return (
    <SectionFrame
      section="economy"
      title="Economy"
      {...props}
      stats={
        <>
          <StatTile
            label="Coins outstanding"
            value={<span className="text-coin">{formatCount(economy.outstandingCoins)}</span>}
            detail="held by members now"
          />
          <StatTile
            label="Store credit outstanding"
            value={formatCents(economy.storeCreditOutstandingCents)}
            detail="held by members now"
          />
          <StatTile label="XP issued" value={formatCount(economy.xpIssued)} detail="in these days" />
          <StatTile
            label="Rewards redeemed"
            value={formatCount(redemptions.reduce((sum, reward) => sum + reward.redemptions, 0))}
            detail="in these days"
          />
        </>
      }
    >
      <ChartCard
        title="Coins issued and spent per week"
        empty={weekly.length === 0 ? NO_COINS : undefined}
        spec={{
          kind: 'bar',
          labels: weekly.map((week) => formatAxisDay(week.weekStart)),
          series: [
            { label: 'Issued', values: weekly.map((week) => week.issued), tone: 'coin', unit: 'count' },
            { label: 'Spent', values: weekly.map((week) => week.spent), tone: 'primary', unit: 'count' },
          ],
        }}
        table={{
          columns: ['Week of', 'Issued', 'Spent'],
          rows: weekly.map((week) => [
            formatDay(week.weekStart),
            formatCount(week.issued),
            formatCount(week.spent),
          ]),
        }}
      />
      <ChartCard
        title="Coins by cause"
        empty={byCause.length === 0 ? NO_COINS : undefined}
        spec={{
          kind: 'bar',
          horizontal: true,
          labels: byCause.map((cause) => cause.label),
          series: [
            { label: 'Issued', values: byCause.map((cause) => cause.issued), tone: 'coin', unit: 'count' },
            { label: 'Spent', values: byCause.map((cause) => cause.spent), tone: 'primary', unit: 'count' },
          ],
        }}
        table={{
          columns: ['Cause', 'Issued', 'Spent'],
          rows: byCause.map((cause) => [cause.label, formatCount(cause.issued), formatCount(cause.spent)]),
        }}
      />
      <ChartCard
        title="Redemptions by reward"
        className="lg:col-span-2"
        empty={redemptions.length === 0 ? 'No rewards were redeemed in these days.' : undefined}
        spec={{
          kind: 'bar',
          horizontal: true,
          labels: redemptions.map((reward) => reward.title),
          series: [
            {
              label: 'Redemptions',
              values: redemptions.map((reward) => reward.redemptions),
              tone: 'accent',
              unit: 'count',
            },
          ],
          notes: redemptions.map((reward) => `${formatCount(reward.coins)} coins`),
        }}
        table={{
          columns: ['Reward', 'Redemptions', 'Coins'],
          rows: redemptions.map((reward) => [
            reward.title,
            formatCount(reward.redemptions),
            formatCount(reward.coins),
          ]),
        }}
      />
    </SectionFrame>
  );
}
