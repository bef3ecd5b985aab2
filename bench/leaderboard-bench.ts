import { sql } from 'drizzle-orm';
import { insertMember } from '~/app/server/seed/seed';
import type { ScenarioContext, ScenarioExtras } from './scenarios';
import { signInForBench } from './servers';

/** How many ranked members the leaderboard scenario runs against: 2000 in a normal run; 100000 to check scale. */
export const BENCH_LEADERBOARD_MEMBERS = Number(process.env.BENCH_LEADERBOARD_MEMBERS || 2000);

/**
 * BENCH_LEADERBOARD_MEMBERS members with spread-out balances (many ties, as real boards have), written with
 * generate_series, and a viewer in the middle of the board (their own row is ranked on every request, the
 * O(rank) count the service's comment names).
 */
let viewer: Promise<ScenarioExtras> | undefined;
export function benchLeaderboard(context: ScenarioContext): Promise<ScenarioExtras> {
  viewer ??= (async () => {
    const { db } = context.deps.database;
    const password = 'bench-password-1';
    const email = 'leader@bench.example';
    const viewerId = await db.transaction((tx) =>
      insertMember(tx, { name: 'Bench Leader', email, roles: ['Member'] }, password, new Date()),
    );
    await db.execute(sql`
      insert into "user" (id, name, email, referral_code, exotic_coins, xp, created_at, updated_at)
      select 'bench-leader-' || g, 'Ranked Member ' || g, 'ranked' || g || '@bench.example',
             'VAULT-B' || lpad(g::text, 7, '0'), (g * 7919) % 5000, (g::bigint * 104729) % 90000,
             now() - g * interval '1 minute', now()
      from generate_series(1, ${BENCH_LEADERBOARD_MEMBERS}) as g`);
    await db.execute(sql`update "user" set exotic_coins = 2500 where id = ${viewerId}`);
    // This Week: most ranked members earned something this week (and last week, which the board skips).
    const thisWeek = sql`(date_trunc('week', now() at time zone 'America/New_York'))::date`;
    await db.execute(sql`
      insert into weekly_coins (user_id, week_start, coins)
      select 'bench-leader-' || g, week, (g * 31) % 400 + 1
      from generate_series(1, ${BENCH_LEADERBOARD_MEMBERS}) as g,
           (values (${thisWeek}), (${thisWeek} - 7)) as weeks(week)
      where g % 5 <> 0`);
    await db.execute(
      sql`insert into weekly_coins (user_id, week_start, coins) values (${viewerId}, ${thisWeek}, 150)`,
    );
    // As autovacuum would have by now: statistics, and the visibility map that lets counts read the index only.
    await db.execute(sql`vacuum analyze "user"`);
    await db.execute(sql`vacuum analyze weekly_coins`);
    return signInForBench(context.url, email, password);
  })();
  return viewer;
}
