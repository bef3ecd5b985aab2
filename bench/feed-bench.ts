import { sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { insertMember } from '~/server/db/seed/seed';
import type { ScenarioContext, ScenarioExtras } from './scenarios';
import { signInForBench } from './servers';

/** How many posts the feed scenarios run against: 200 in a normal run; 100000 or 1000000 to check scale. */
export const BENCH_FEED_POSTS = Number(process.env.BENCH_FEED_POSTS || 200);

/**
 * Writes `posts` posts by `authors` members with generate_series, the way bench/README.md describes for 100k
 * (PGlite) and 1M (PostgreSQL): every 10th anonymous, counts of likes and comments on the rows, one a minute
 * back from now, and the text a search can find. The same SQL runs from psql (see the README).
 */
export async function insertScalePosts(db: Executor, posts: number): Promise<void> {
  await db.execute(sql`
    with authors as (select array_agg(id order by id) as ids from "user")
    insert into feed_post (id, user_id, content, is_anonymous, like_count, comment_count, created_at)
    select 'bench-post-' || g,
           ids[1 + g % array_length(ids, 1)],
           'Bench post ' || g || ' about ' || (array['stickers', 'music', 'the city', 'weekend plans'])[1 + g % 4],
           g % 10 = 0,
           g % 50,
           g % 7,
           now() - g * interval '1 minute'
    from authors, generate_series(1, ${posts}) as g`);
  await db.execute(sql`analyze feed_post`);
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
