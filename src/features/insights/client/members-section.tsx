import { formatDay } from '~/client/lib/format-time';
import type { InsightsResponse } from '../insights.schema';
import { ChartCard } from './chart-card';
import { formatAxisDay, formatCount, formatShare } from './insights-format';
import { SectionFrame, type SectionProps } from './section-frame';
import { StatTile } from './stat-tile';

/** Members: who joined each week (and by referral), the repeat-customer rate, who referred the most. */
export function MembersSection({
  members,
  ...props
}: SectionProps & { members: InsightsResponse['members'] }) {
  const { newPerWeek, repeat, topReferrers } = members;
  return (
    <SectionFrame
      section="members"
      title="Members"
      {...props}
      stats={
        <>
          <StatTile
            label="Repeat customers"
            value={formatShare(repeat.customers ? repeat.share : null)}
            detail={`${formatCount(repeat.repeatCustomers)} of ${formatCount(repeat.customers)} customers ordered twice or more`}
          />
          <StatTile
            label="Joined by referral"
            value={formatCount(newPerWeek.reduce((sum, week) => sum + week.referred, 0))}
            detail={`of ${formatCount(members.newMembers)} new members`}
          />
        </>
      }
    >
      <ChartCard
        title="New members per week"
        empty={members.newMembers === 0 ? 'Nobody joined in these days.' : undefined}
        spec={{
          kind: 'bar',
          stacked: true,
          labels: newPerWeek.map((week) => formatAxisDay(week.weekStart)),
          series: [
            {
              label: 'Joined by referral',
              values: newPerWeek.map((week) => week.referred),
              tone: 'accent',
              unit: 'count',
            },
            {
              label: 'Joined on their own',
              values: newPerWeek.map((week) => week.members - week.referred),
              tone: 'primary',
              unit: 'count',
            },
          ],
        }}
        table={{
          columns: ['Week of', 'New members', 'By referral'],
          rows: newPerWeek.map((week) => [
            formatDay(week.weekStart),
            formatCount(week.members),
            formatCount(week.referred),
          ]),
        }}
      />
      <ChartCard
        title="Top referrers"
        empty={topReferrers.length === 0 ? 'Nobody was referred in these days.' : undefined}
        spec={{
          kind: 'bar',
          horizontal: true,
          labels: topReferrers.map((referrer) => referrer.name),
          series: [
            {
              label: 'Members referred',
              values: topReferrers.map((referrer) => referrer.referred),
              tone: 'accent',
              unit: 'count',
            },
          ],
        }}
        table={{
          columns: ['Member', 'Members referred'],
          rows: topReferrers.map((referrer) => [referrer.name, formatCount(referrer.referred)]),
        }}
      />
    </SectionFrame>
  );
}
