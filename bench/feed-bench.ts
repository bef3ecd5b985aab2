import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { insertMember } from '~/app/server/seed/seed';
import type { ScenarioContext, ScenarioExtras } from './scenarios';
import { signInForBench } from './servers';

/**
 * `BENCH_SCALE=1000000`: the feed scenario runs at 1,000 posts, then `feed-at-scale` grows the feed to this many
 * and runs the same page again, for issue 27's "p99 at 1,000,000 posts / at 1,000" (bench/goals.ts).
 */
export const BENCH_SCALE = Number(process.env.BENCH_SCALE || 0);

/** How many posts the feed scenarios run against: 200 in a normal run (1,000 with BENCH_SCALE), or as set. */
export const BENCH_FEED_POSTS = Number(process.env.BENCH_FEED_POSTS || (BENCH_SCALE ? 1000 : 200));

/**
 * Writes `posts` posts by `authors` members with generate_series, the way bench/README.md describes for 100k
 * (PGlite) and 1M (PostgreSQL): every 10th anonymous, counts of likes and comments on the rows, one a minute
 * back from now, and the text a search can find (one post in 100,000 names Zanzibar, a rare term). The same SQL runs from psql (see the README). `after`: the
 * number of bench posts already there, so a feed can grow (the new posts are older than those).
 */
export async function insertScalePosts(db: Executor, posts: number, after = 0): Promise<void> {
  await db.execute(sql`
    with authors as (select array_agg(id order by id) as ids from "user")
    insert into feed_post (id, user_id, content, is_anonymous, like_count, comment_count, created_at)
    select 'bench-post-' || g,
           ids[1 + g % array_length(ids, 1)],
           'Bench post ' || g || ' about ' || (array['stickers', 'music', 'the city', 'weekend plans'])[1 + g % 4]
             || case when g % 100000 = 0 then ', and a trip to Zanzibar' else '' end,
           g % 10 = 0,
           g % 50,
           g % 7,
           now() - g * interval '1 minute'
    from authors, generate_series(${after + 1}::integer, ${after + posts}::integer) as g`);
  // Vacuumed as well as analysed: otherwise autovacuum starts on the new rows during the measured load (it did,
  // doubling the p99 of the page at 1M posts) and every first read of a page sets its hint bits.
  await db.execute(sql`vacuum (analyze) feed_post`);
}

/** Twenty authors, BENCH_FEED_POSTS posts, and a reader signed in through the real sign-in route. */
let reader: Promise<ScenarioExtras> | undefined;
export function benchFeed(context: ScenarioContext): Promise<ScenarioExtras> {
  reader ??= (async () => {
    const { db } = context.deps.database;
    const password = 'bench-password-1';
    await db.transaction(async (tx) => {
      for (let i = 0; i < 20; i += 1) {
        await insertMember(
          tx,
          { name: `Feed Author ${i + 1}`, email: `feed${i}@bench.example`, roles: ['Member'] },
          password,
          new Date(),
        );
      }
    });
    await insertScalePosts(db, BENCH_FEED_POSTS);
    return signInForBench(context.url, 'feed0@bench.example', password);
  })();
  return reader;
}

/** The same reader's feed grown to BENCH_SCALE posts (run after `benchFeed`, whose page it compares with). */
let grown: Promise<ScenarioExtras> | undefined;
export function benchFeedAtScale(context: ScenarioContext): Promise<ScenarioExtras> {
  grown ??= (async () => {
    const extras = await benchFeed(context);
    const started = performance.now();
    await insertScalePosts(context.deps.database.db, BENCH_SCALE - BENCH_FEED_POSTS, BENCH_FEED_POSTS);
    console.error(
      `  (wrote ${BENCH_SCALE - BENCH_FEED_POSTS} more posts in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    return extras;
  })();
  return grown;
}
