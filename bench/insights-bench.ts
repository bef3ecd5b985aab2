import { sql } from 'drizzle-orm';
import { insertMember } from '~/app/server/seed/seed';
import { insertSticker } from '~/features/shop/server/shop.seed';
import { DAY_MS, dayIn } from '~/shared/time';
import type { ScenarioContext, ScenarioExtras } from './scenarios';
import { signInForBench } from './servers';

/**
 * Orders the Overview scenario counts: 2000 in a normal run (CI's short bench stays short); 100000 to check the
 * issue's goal, with a tenth as many members: `BENCH_INSIGHTS_ORDERS=100000 BENCH_ONLY=insights npm run bench`.
 */
export const BENCH_INSIGHTS_ORDERS = Number(process.env.BENCH_INSIGHTS_ORDERS || 2000);

/** The last 30 days in the shop's time zone (the seed's America/New_York), as the tab asks for them. */
const today = dayIn(new Date(), 'America/New_York');
export const BENCH_INSIGHTS_PATH = `/api/admin/insights?from=${dayIn(new Date(Date.now() - 29 * DAY_MS), 'America/New_York')}&to=${today}`;

/**
 * BENCH_INSIGHTS_ORDERS orders spread over the last 180 days (a line each, every 12th cancelled, a third delivered
 * by a driver), BENCH_INSIGHTS_ORDERS / 10 members who placed them, and a ledger entry per order, written with
 * generate_series; then an Admin signed in through the real sign-in route.
 */
let reader: Promise<ScenarioExtras> | undefined;
export function benchInsights(context: ScenarioContext): Promise<ScenarioExtras> {
  reader ??= (async () => {
    const { db } = context.deps.database;
    const members = Math.max(10, Math.floor(BENCH_INSIGHTS_ORDERS / 10));
    const password = 'bench-password-1';
    await insertSticker(db, {
      id: 'bench-insights-sticker',
      name: 'Insights Sticker',
      type: 'Hybrid',
      description: 'x',
      price35gCents: 4500,
    });
    await db.transaction((tx) =>
      insertMember(
        tx,
        { name: 'Insights Admin', email: 'insights@bench.example', roles: ['Admin'] },
        password,
        new Date(),
      ),
    );
    await db.execute(sql`
      insert into "user" (id, name, email, referral_code, created_at, updated_at, referred_by)
      select 'bench-customer-' || g, 'Customer ' || g, 'customer' || g || '@bench.example',
             'VAULT-C' || lpad(g::text, 7, '0'), now() - (g % 365) * interval '1 day', now(),
             case when g % 4 = 0 and g > 1 then 'bench-customer-' || (g / 4) end
      from generate_series(1, ${members}) as g`);
    await db.execute(sql`
      insert into shop_order (id, user_id, idempotency_key, user_name, user_email, user_phone, pickup_location,
        delivery_method, payment_method, subtotal_cents, delivery_fee_cents, total_cents, status, created_at, updated_at,
        claimed_at, eta_submitted_at, eta_minutes, completed_at)
      select 'bench-insights-' || g, 'bench-customer-' || (1 + g % ${members}), 'bench-insights-' || g, 'Customer', 'c@bench.example',
             '2025550100', 'van ness', case when g % 3 = 0 then 'Delivery' else 'Pickup' end,
             (array['Cash', 'Cash App', 'Apple Pay'])[1 + g % 3], 4500, case when g % 3 = 0 then 2000 else 0 end,
             case when g % 3 = 0 then 6500 else 4500 end, case when g % 12 = 0 then 'cancelled' else 'completed' end,
             now() - (g % 180) * interval '1 day' - (g % 1440) * interval '1 minute', now(),
             now() - (g % 180) * interval '1 day', now() - (g % 180) * interval '1 day', 30,
             now() - (g % 180) * interval '1 day' + (10 + g % 40) * interval '1 minute'
      from generate_series(1, ${BENCH_INSIGHTS_ORDERS}) as g`);
    await db.execute(sql`
      insert into order_item (id, order_id, sticker_id, sticker_name, size, quantity, unit_price_cents, line_total_cents)
      select 'bench-insights-' || g || '-0', 'bench-insights-' || g, 'bench-insights-sticker', 'Insights Sticker', '3.5g', 1, 4500, 4500
      from generate_series(1, ${BENCH_INSIGHTS_ORDERS}) as g`);
    await db.execute(sql`
      insert into ledger_entry (id, user_id, delta_coins, delta_xp, reason, reference, created_at)
      select 'bench-insights-ledger-' || g, 'bench-customer-' || (1 + g % ${members}), 45, 150, 'purchase-coins',
             'bench-insights-' || g, now() - (g % 180) * interval '1 day'
      from generate_series(1, ${BENCH_INSIGHTS_ORDERS}) as g`);
    for (const table of ['"user"', 'shop_order', 'order_item', 'ledger_entry']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
    return signInForBench(context.url, 'insights@bench.example', password);
  })();
  return reader;
}
