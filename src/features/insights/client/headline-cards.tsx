import { formatCents } from '~/shared/money';
import type { InsightsResponse } from '../insights.schema';
import { formatCount, formatShare } from './insights-format';
import { StatTile } from './stat-tile';

/** The range at a glance: sales and members, each beside the period before it (`period`: "the previous 7 days"). */
export function HeadlineCards({ data, period }: { data: InsightsResponse; period: string }) {
  const { totals, previous } = data.sales;
  const { members } = data;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      <StatTile
        label="Revenue"
        value={formatCents(totals.revenueCents)}
        detail={`${formatCents(totals.revenueWithoutFeesCents)} without fees`}
        change={{ current: totals.revenueCents, previous: previous.revenueCents, period }}
      />
      <StatTile
        label="Orders"
        value={formatCount(totals.orders)}
        change={{ current: totals.orders, previous: previous.orders, period }}
      />
      <StatTile
        label="Average order"
        value={formatCents(totals.averageOrderCents)}
        change={{ current: totals.averageOrderCents, previous: previous.averageOrderCents, period }}
      />
      <StatTile
        label="Cancelled"
        value={formatShare(totals.cancelledShare)}
        detail="of orders placed"
        change={{
          current: totals.cancelledShare,
          previous: previous.cancelledShare,
          kind: 'points',
          goodWhen: 'down',
          period,
        }}
      />
      <StatTile
        label="New members"
        value={formatCount(members.newMembers)}
        change={{ current: members.newMembers, previous: members.previousNewMembers, period }}
      />
      <StatTile
        label="Active members"
        value={formatCount(members.activeMembers)}
        detail="ordered, posted or commented"
        change={{ current: members.activeMembers, previous: members.previousActiveMembers, period }}
      />
    </dl>
  );
}
