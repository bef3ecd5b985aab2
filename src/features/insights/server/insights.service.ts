import { sql, type SQL } from 'drizzle-orm';
import { daysBetween, DEFAULT_TIME_ZONE, shiftDay } from '~/shared/time';
import { LEDGER_REASONS } from '~/features/economy/economy.constants';
import type { Executor } from '~/server/db/client';
import { shopSettings } from '~/server/db/tables/shop.tables';
import type { ServiceContext } from '~/server/service-context';
import type { InsightsQuery, InsightsResponse, ProductRow, SalesTotals } from '../insights.schema';

/**
 * The Overview tab's figures (decision 043): aggregates in SQL over the tables' indexes, counted when asked, never
 * stored, so they are always current and every instance agrees. Days are the shop's: a range's bounds are its first
 * day's midnight and the midnight after its last day in the shop's time zone, computed by the database.
 */

const TOP = 10;

const daysIn = ({ from, to }: InsightsQuery) => daysBetween(from, to);

type Row = Record<string, unknown>;
async function rows(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** A range's bounds as timestamps: midnight of its first day to midnight after its last, in the shop's zone. */
interface Bounds {
  start: SQL;
  end: SQL;
  zone: string;
}
const boundsOf = (from: string, to: string, zone: string): Bounds => ({
  start: sql`((${from}::date)::timestamp at time zone ${zone})`,
  end: sql`(((${to}::date) + 1)::timestamp at time zone ${zone})`,
  zone,
});
const within = (column: SQL, { start, end }: Bounds) => sql`${column} >= ${start} and ${column} < ${end}`;

/** Orders by created_at, cancelled ones left out unless asked for. */
async function salesTotals(db: Executor, bounds: Bounds): Promise<SalesTotals> {
  const [row] = await rows(
    db,
    sql`select
      coalesce(sum(total_cents) filter (where status <> 'cancelled'), 0)::bigint as revenue,
      coalesce(sum(greatest(total_cents - delivery_fee_cents, 0)) filter (where status <> 'cancelled'), 0)::bigint as revenue_without_fees,
      (count(*) filter (where status <> 'cancelled'))::int as orders,
      (count(*) filter (where status = 'cancelled'))::int as cancelled,
      count(*)::int as placed
    from shop_order where ${within(sql`created_at`, bounds)}`,
  );
  const orders = num(row?.orders);
  const revenueCents = num(row?.revenue);
  return {
    revenueCents,
    revenueWithoutFeesCents: num(row?.revenue_without_fees),
    orders,
    averageOrderCents: orders ? Math.round(revenueCents / orders) : 0,
    cancelledShare: share(num(row?.cancelled), num(row?.placed)),
  };
}

async function sales(
  db: Executor,
  bounds: Bounds,
  previous: Bounds,
  range: InsightsQuery,
): Promise<InsightsResponse['sales']> {
  // One pass over the range's standing orders: per day, per order type, per payment method, per promo code.
  const [previousTotals, grouped] = await Promise.all([
    salesTotals(db, previous),
    rows(
      db,
      sql`select day, delivery_method, payment_method, promo_code, grouping(day) as no_day,
        grouping(delivery_method) as no_method, grouping(payment_method) as no_payment,
        count(*)::int as orders, coalesce(sum(total_cents), 0)::bigint as revenue,
        coalesce(sum(greatest(total_cents - delivery_fee_cents, 0)), 0)::bigint as revenue_without_fees,
        coalesce(sum(promo_cents), 0)::bigint as discount
      from (
        select to_char((created_at at time zone ${bounds.zone})::date, 'YYYY-MM-DD') as day, delivery_method,
          payment_method, promo_code, total_cents, delivery_fee_cents, promo_cents
        from shop_order where ${within(sql`created_at`, bounds)} and status <> 'cancelled'
      ) standing
      group by grouping sets ((day), (delivery_method), (payment_method), (promo_code))`,
    ),
  ]);
  const totals = await salesTotals(db, bounds);
  const set = (flag: 'no_day' | 'no_method' | 'no_payment' | 'promo') =>
    grouped.filter((row) =>
      flag === 'promo'
        ? num(row.no_day) === 1 &&
          num(row.no_method) === 1 &&
          num(row.no_payment) === 1 &&
          row.promo_code !== null
        : num(row[flag]) === 0,
    );
  const found = new Map(set('no_day').map((row) => [String(row.day), row]));
  const daily = Array.from({ length: daysIn(range) }, (_, index) => {
    const day = shiftDay(range.from, index);
    const row = found.get(day);
    return {
      day,
      revenueCents: num(row?.revenue),
      revenueWithoutFeesCents: num(row?.revenue_without_fees),
      orders: num(row?.orders),
    };
  });
  const split = (flag: 'no_method' | 'no_payment', column: string) =>
    set(flag)
      .map((row) => ({ name: String(row[column]), orders: num(row.orders), revenueCents: num(row.revenue) }))
      .sort((a, b) => b.orders - a.orders || a.name.localeCompare(b.name));
  const promoCodes = set('promo')
    .map((row) => ({
      code: String(row.promo_code),
      orders: num(row.orders),
      discountCents: num(row.discount),
    }))
    .sort((a, b) => b.orders - a.orders || a.code.localeCompare(b.code));
  return {
    totals,
    previous: previousTotals,
    daily,
    methods: split('no_method', 'delivery_method'),
    payments: split('no_payment', 'payment_method'),
    promoCodes,
  };
}

async function products(db: Executor, bounds: Bounds): Promise<InsightsResponse['products']> {
  // One pass over the range's lines: per sticker and per size at once.
  const grouped = await rows(
    db,
    sql`select i.sticker_id, max(i.sticker_name) as name, i.size, grouping(i.size) as per_sticker,
      sum(i.quantity)::int as units, sum(i.line_total_cents)::bigint as revenue
    from order_item i join shop_order o on o.id = i.order_id
    where ${within(sql`o.created_at`, bounds)} and o.status <> 'cancelled' and i.size <> 'Reward'
    group by grouping sets ((i.sticker_id), (i.size))`,
  );
  const perSticker = grouped
    .filter((row) => num(row.per_sticker) === 1)
    .map((row) => ({
      stickerId: row.sticker_id === null ? null : String(row.sticker_id),
      name: String(row.name),
      units: num(row.units),
      revenueCents: num(row.revenue),
    }));
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const byRevenue = [...perSticker]
    .sort((a, b) => b.revenueCents - a.revenueCents || b.units - a.units || byName(a, b))
    .slice(0, TOP);
  const byUnits = [...perSticker]
    .sort((a, b) => b.units - a.units || b.revenueCents - a.revenueCents || byName(a, b))
    .slice(0, TOP);
  const shown = [
    ...new Set([...byRevenue, ...byUnits].flatMap((row) => (row.stickerId ? [row.stickerId] : []))),
  ];
  const ratings = new Map(
    shown.length
      ? (
          await rows(
            db,
            sql`select sticker_id, round(((avg(smell) + avg(taste) + avg(high)) / 3)::numeric, 2) as rating
            from sticker_rating where sticker_id in (${sql.join(
              shown.map((id) => sql`${id}`),
              sql`, `,
            )}) group by sticker_id`,
          )
        ).map((row) => [String(row.sticker_id), numOrNull(row.rating)])
      : [],
  );
  const rated = (row: Omit<ProductRow, 'rating'>): ProductRow => ({
    ...row,
    rating: row.stickerId ? (ratings.get(row.stickerId) ?? null) : null,
  });
  const sizes = grouped
    .filter((row) => num(row.per_sticker) === 0)
    .map((row) => ({ size: String(row.size), units: num(row.units), revenueCents: num(row.revenue) }))
    .sort((a, b) => b.units - a.units || a.size.localeCompare(b.size));
  const soldOut = (
    await rows(
      db,
      sql`select s.id, s.name, z.size from sticker s
      cross join lateral (values ('3.5g', s.stock35g), ('oz', s.stock_oz), ('lb', s.stock_lb)) as z(size, stock)
      where not s.hidden and z.stock = 0 order by s.name, z.size`,
    )
  ).map((row) => ({ stickerId: String(row.id), name: String(row.name), size: String(row.size) }));
  return { byRevenue: byRevenue.map(rated), byUnits: byUnits.map(rated), sizes, soldOut };
}

/** Members who ordered, posted or commented in the range. */
async function activeMembers(db: Executor, bounds: Bounds): Promise<number> {
  const [row] = await rows(
    db,
    sql`select count(*)::int as active from (
      select user_id from shop_order where ${within(sql`created_at`, bounds)}
      union select user_id from feed_post where ${within(sql`created_at`, bounds)}
      union select user_id from feed_comment where ${within(sql`created_at`, bounds)}
    ) active`,
  );
  return num(row?.active);
}

async function newMemberCount(db: Executor, bounds: Bounds): Promise<number> {
  const [row] = await rows(
    db,
    sql`select count(*)::int as joined from "user" where ${within(sql`created_at`, bounds)}`,
  );
  return num(row?.joined);
}

async function members(db: Executor, bounds: Bounds, previous: Bounds): Promise<InsightsResponse['members']> {
  const newPerWeek = (
    await rows(
      db,
      sql`select to_char(date_trunc('week', created_at at time zone ${bounds.zone})::date, 'YYYY-MM-DD') as week_start,
        count(*)::int as members, (count(*) filter (where referred_by is not null))::int as referred
      from "user" where ${within(sql`created_at`, bounds)} group by 1 order by 1`,
    )
  ).map((row) => ({
    weekStart: String(row.week_start),
    members: num(row.members),
    referred: num(row.referred),
  }));
  // Each customer's standing orders by the range's end, counted up to 2 on the (user_id, created_at) index.
  const [repeat] = await rows(
    db,
    sql`select count(*)::int as customers, (count(*) filter (where orders >= 2))::int as repeat_customers
    from (
      select (select count(*) from (
        select 1 from shop_order e where e.user_id = c.user_id and e.status <> 'cancelled' and e.created_at < ${bounds.end} limit 2
      ) two) as orders
      from (select distinct user_id from shop_order where ${within(sql`created_at`, bounds)} and status <> 'cancelled') c
    ) counted`,
  );
  const topReferrers = (
    await rows(
      db,
      sql`select r.id, r.name, count(*)::int as referred from "user" m join "user" r on r.id = m.referred_by
      where ${within(sql`m.created_at`, bounds)} group by r.id, r.name order by 3 desc, 2 limit ${TOP}`,
    )
  ).map((row) => ({ memberId: String(row.id), name: String(row.name), referred: num(row.referred) }));
  const customers = num(repeat?.customers);
  const repeatCustomers = num(repeat?.repeat_customers);
  return {
    newPerWeek,
    newMembers: await newMemberCount(db, bounds),
    previousNewMembers: await newMemberCount(db, previous),
    activeMembers: await activeMembers(db, bounds),
    previousActiveMembers: await activeMembers(db, previous),
    repeat: { customers, repeatCustomers, share: share(repeatCustomers, customers) },
    topReferrers,
  };
}

async function deliveries(db: Executor, bounds: Bounds): Promise<InsightsResponse['deliveries']> {
  const [row] = await rows(
    db,
    sql`select count(*)::int as delivered,
      percentile_cont(0.5) within group (order by extract(epoch from completed_at - claimed_at) / 60) as median,
      percentile_cont(0.9) within group (order by extract(epoch from completed_at - claimed_at) / 60) as p90,
      (count(*) filter (where eta_submitted_at is not null))::int as with_eta,
      (count(*) filter (where completed_at <= eta_submitted_at + make_interval(mins => eta_minutes)))::int as on_time,
      (count(*) filter (where left_at_door_at is not null))::int as photo
    from shop_order
    where ${within(sql`created_at`, bounds)} and delivery_method = 'Delivery' and status = 'completed'
      and claimed_at is not null and completed_at is not null`,
  );
  const expiredClaims = (
    await rows(
      db,
      sql`select a.meta ->> 'driverId' as driver_id, coalesce(u.name, 'Former member') as name, count(*)::int as expired
      from audit_log a left join "user" u on u.id = a.meta ->> 'driverId'
      where a.event_type = 'CLAIM_EXPIRED' and ${within(sql`a.created_at`, bounds)} and a.meta ->> 'driverId' is not null
      group by 1, 2 order by 3 desc, 2 limit ${TOP}`,
    )
  ).map((r) => ({ driverId: String(r.driver_id), name: String(r.name), expired: num(r.expired) }));
  const hours = new Map(
    (
      await rows(
        db,
        sql`select extract(hour from created_at at time zone ${bounds.zone})::int as hour, count(*)::int as orders
        from shop_order where ${within(sql`created_at`, bounds)} group by 1`,
      )
    ).map((r) => [num(r.hour), num(r.orders)]),
  );
  const withEta = num(row?.with_eta);
  const round = (value: unknown) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
  return {
    delivered: num(row?.delivered),
    medianMinutes: round(row?.median),
    p90Minutes: round(row?.p90),
    onTimeShare: withEta ? num(row?.on_time) / withEta : null,
    photoDeliveries: num(row?.photo),
    expiredClaims,
    ordersByHour: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: hours.get(hour) ?? 0 })),
  };
}

/** Ledger reasons that are not coins issued or spent: a seeded opening balance, a deleted account's forfeit. */
const NOT_FLOW = ['opening-balance', 'account-deleted'];

async function economy(db: Executor, bounds: Bounds): Promise<InsightsResponse['economy']> {
  const flow = sql`from ledger_entry where ${within(sql`created_at`, bounds)} and reason not in (${sql.join(
    NOT_FLOW.map((reason) => sql`${reason}`),
    sql`, `,
  )})`;
  // One pass over the range's ledger: per week, per cause, and the XP issued in all.
  const grouped = await rows(
    db,
    sql`select week_start, reason, grouping(reason) as per_week,
      coalesce(sum(delta_coins) filter (where delta_coins > 0), 0)::bigint as issued,
      coalesce(-sum(delta_coins) filter (where delta_coins < 0), 0)::bigint as spent,
      coalesce(sum(delta_xp) filter (where delta_xp > 0), 0)::bigint as xp
    from (
      select to_char(date_trunc('week', created_at at time zone ${bounds.zone})::date, 'YYYY-MM-DD') as week_start,
        reason, delta_coins, delta_xp
      ${flow}
    ) flow
    group by grouping sets ((week_start), (reason))`,
  );
  const weeks = grouped.filter((row) => num(row.per_week) === 1);
  const weekly = weeks
    .map((row) => ({ weekStart: String(row.week_start), issued: num(row.issued), spent: num(row.spent) }))
    .sort((a, b) => a.weekStart.localeCompare(b.weekStart));
  const byCause = grouped
    .filter((row) => num(row.per_week) === 0)
    .map((row) => ({
      cause: String(row.reason),
      label: LEDGER_REASONS[String(row.reason)] ?? String(row.reason),
      issued: num(row.issued),
      spent: num(row.spent),
    }))
    .filter((row) => row.issued > 0 || row.spent > 0)
    .sort((a, b) => b.issued - a.issued || b.spent - a.spent || a.cause.localeCompare(b.cause));
  const xpIssued = weeks.reduce((sum, row) => sum + num(row.xp), 0);
  const redemptions = (
    await rows(
      db,
      sql`select r.reward_id, max(r.title) as title, count(*)::int as redemptions, sum(r.cost_coins)::bigint as coins
      from reward_redemption r where ${within(sql`r.created_at`, bounds)} and r.status <> 'refused'
      group by 1 order by 3 desc, 2`,
    )
  ).map((row) => ({
    rewardId: String(row.reward_id),
    title: String(row.title),
    redemptions: num(row.redemptions),
    coins: num(row.coins),
  }));
  const [held] = await rows(
    db,
    sql`select coalesce(sum(exotic_coins) filter (where deleted_at is null and not (roles && array['Owner', 'Admin']::text[])), 0)::bigint as coins,
      coalesce(sum(store_credit_cents), 0)::bigint as credit from "user"`,
  );
  return {
    weekly,
    byCause,
    xpIssued,
    redemptions,
    outstandingCoins: num(held?.coins),
    storeCreditOutstandingCents: num(held?.credit),
  };
}

async function shopTimeZone(db: Executor): Promise<string> {
  const [row] = await db.select({ timeZone: shopSettings.timeZone }).from(shopSettings).limit(1);
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** GET /api/admin/insights: every figure of the range, beside the period of the same length just before it. */
export async function readInsights({ db }: ServiceContext, range: InsightsQuery): Promise<InsightsResponse> {
  const timeZone = await shopTimeZone(db);
  const days = daysIn(range);
  const previousTo = shiftDay(range.from, -1);
  const previousFrom = shiftDay(range.from, -days);
  const bounds = boundsOf(range.from, range.to, timeZone);
  const previous = boundsOf(previousFrom, previousTo, timeZone);
  // The sections at once: on PostgreSQL each takes a connection of the pool (PGlite runs them in turn).
  const [salesFigures, productFigures, memberFigures, deliveryFigures, economyFigures] = await Promise.all([
    sales(db, bounds, previous, range),
    products(db, bounds),
    members(db, bounds, previous),
    deliveries(db, bounds),
    economy(db, bounds),
  ]);
  return {
    range: { ...range, days, previousFrom, previousTo, timeZone },
    sales: salesFigures,
    products: productFigures,
    members: memberFigures,
    deliveries: deliveryFigures,
    economy: economyFigures,
  };
}
