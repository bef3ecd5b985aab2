import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from '~/features/shop/server/orders-desk.service';
import { writeAudit } from '~/server/audit';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { InsightsSection } from '../insights.constants';
import type { InsightsQuery, InsightsResponse } from '../insights.schema';
import { readInsights } from './insights.service';

/** Each section's tables as CSV rows: a header row per table, a blank row between tables. */
function sectionTables(section: InsightsSection, insights: InsightsResponse): (string | number)[][][] {
  const { sales: s, products: p, members: m, deliveries: d, economy: e } = insights;
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const percent = (value: number | null) => (value === null ? '' : (value * 100).toFixed(1));
  switch (section) {
    case 'sales':
      return [
        [
          ['Day', 'Revenue ($)', 'Revenue without fees ($)', 'Orders'],
          ...s.daily.map((r) => [
            r.day,
            dollars(r.revenueCents),
            dollars(r.revenueWithoutFeesCents),
            r.orders,
          ]),
        ],
        [
          ['Order type', 'Orders', 'Revenue ($)'],
          ...s.methods.map((r) => [r.name, r.orders, dollars(r.revenueCents)]),
        ],
        [
          ['Payment method', 'Orders', 'Revenue ($)'],
          ...s.payments.map((r) => [r.name, r.orders, dollars(r.revenueCents)]),
        ],
        [
          ['Promo code', 'Orders', 'Discount ($)'],
          ...s.promoCodes.map((r) => [r.code, r.orders, dollars(r.discountCents)]),
        ],
        [['Cancelled share (%)'], [percent(s.totals.cancelledShare)]],
      ];
    case 'products':
      return [
        [
          ['Sticker (by revenue)', 'Units', 'Revenue ($)', 'Rating'],
          ...p.byRevenue.map((r) => [r.name, r.units, dollars(r.revenueCents), r.rating ?? '']),
        ],
        [
          ['Sticker (by units)', 'Units', 'Revenue ($)', 'Rating'],
          ...p.byUnits.map((r) => [r.name, r.units, dollars(r.revenueCents), r.rating ?? '']),
        ],
        [['Size', 'Units', 'Revenue ($)'], ...p.sizes.map((r) => [r.size, r.units, dollars(r.revenueCents)])],
        [['Sold out: sticker', 'Size'], ...p.soldOut.map((r) => [r.name, r.size])],
      ];
    case 'members':
      return [
        [
          ['Week starting', 'New members', 'By referral'],
          ...m.newPerWeek.map((r) => [r.weekStart, r.members, r.referred]),
        ],
        [
          ['Active members', 'Customers', 'Repeat customers', 'Repeat rate (%)'],
          [m.activeMembers, m.repeat.customers, m.repeat.repeatCustomers, percent(m.repeat.share)],
        ],
        [['Referrer', 'Members referred'], ...m.topReferrers.map((r) => [r.name, r.referred])],
      ];
    case 'deliveries':
      return [
        [
          ['Delivered', 'Median minutes', '90th percentile minutes', 'On time (%)', 'Photo deliveries'],
          [d.delivered, d.medianMinutes ?? '', d.p90Minutes ?? '', percent(d.onTimeShare), d.photoDeliveries],
        ],
        [['Driver', 'Expired claims'], ...d.expiredClaims.map((r) => [r.name, r.expired])],
        [['Hour', 'Orders placed'], ...d.ordersByHour.map((r) => [r.hour, r.orders])],
      ];
    case 'economy':
      return [
        [
          ['Week starting', 'Coins issued', 'Coins spent'],
          ...e.weekly.map((r) => [r.weekStart, r.issued, r.spent]),
        ],
        [['Cause', 'Coins issued', 'Coins spent'], ...e.byCause.map((r) => [r.label, r.issued, r.spent])],
        [['Reward', 'Redemptions', 'Coins'], ...e.redemptions.map((r) => [r.title, r.redemptions, r.coins])],
        [
          ['XP issued', 'Coins outstanding', 'Store credit outstanding ($)'],
          [e.xpIssued, e.outstandingCoins, dollars(e.storeCreditOutstandingCents)],
        ],
      ];
  }
}

/**
 * GET /api/admin/insights/export: one section of the range as CSV, every cell neutralised against spreadsheet
 * formulas, with an INSIGHTS_EXPORTED audit row. No member contact details are in any section.
 */
export async function exportInsights(
  ctx: ServiceContext,
  actor: Actor,
  { section, from, to }: InsightsQuery & { section: InsightsSection },
): Promise<{ filename: string; csv: string }> {
  const insights = await readInsights(ctx, { from, to });
  const records = sectionTables(section, insights).flatMap((table, index) => [
    ...(index > 0 ? [[]] : []),
    ...table.map((row) => row.map((cell) => neutraliseCell(String(cell)))),
  ]);
  await writeAudit(ctx.db, {
    eventType: 'INSIGHTS_EXPORTED',
    actorId: actor.id,
    meta: { section, from, to },
    at: ctx.now,
  });
  return {
    filename: `insights-${section}-${from}-to-${to}.csv`,
    csv: stringify(records, { record_delimiter: 'windows' }),
  };
}
