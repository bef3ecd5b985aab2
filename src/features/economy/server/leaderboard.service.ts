import { and, asc, desc, eq, getTableColumns, gt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { levelFromXp } from '~/shared/economy';
import { levelTitle } from '~/shared/level-titles';
import { user } from '~/server/db/tables/auth.tables';
import { decodeCursor, exactTime, pageOf } from '~/server/pagination';
import type { Actor, ServiceContext } from '~/server/service-context';
import { avatarUrlOf, type UserRow } from '~/server/session';
import { LEADERBOARD_PAGE_SIZE, type LeaderboardResponse, type LeaderboardRow } from '../economy.schema';

/**
 * Who is ranked: members in good standing. Owners and Admins run the shop and are not ranked; banned members are
 * not shown. The same predicate as the partial index `user_leaderboard_idx`, so pages and counts read the index.
 */
const ranked = and(
  eq(user.banned, false),
  sql`not (${user.roles} && array['Owner', 'Admin']::text[])`,
) as SQL;

/** Most coins first, then the earliest to join, then id: a total order, so pages never overlap. */
const order = [desc(user.exoticCoins), asc(user.createdAt), asc(user.id)] as const;
const cursorKey = z.tuple([z.number().int().nonnegative(), z.iso.datetime(), z.string().min(1).max(64)]);

/** The rows after the cursor's row in that order (coins descending, then join time and id ascending). */
function after(cursor: string | undefined): SQL | undefined {
  if (cursor === undefined) return undefined;
  const [coins, joinedAt, id] = decodeCursor(cursor, cursorKey);
  return or(
    sql`${user.exoticCoins} < ${coins}`,
    sql`${user.exoticCoins} = ${coins} and (${user.createdAt}, ${user.id}) > (${joinedAt}::timestamptz, ${id})`,
  );
}

/**
 * Competition ranking (1, 2, 2, 4): one more than the number of ranked members with more coins. Each distinct
 * balance costs one count over the index, which is O(rank): cheap at the top, where most eyes are.
 */
async function ranksOf({ db }: ServiceContext, balances: number[]): Promise<Map<number, number>> {
  const distinct = [...new Set(balances)];
  const above = await Promise.all(
    distinct.map((coins) => db.$count(user, and(ranked, gt(user.exoticCoins, coins)))),
  );
  return new Map(distinct.map((coins, index) => [coins, above[index]! + 1]));
}

function toRow(row: UserRow, rank: number): LeaderboardRow {
  const { level } = levelFromXp(row.xp);
  return {
    rank,
    id: row.id,
    fullName: row.name,
    avatarUrl: avatarUrlOf(row),
    level,
    levelTitle: levelTitle(level),
    coins: row.exoticCoins,
  };
}

/**
 * A page of the leaderboard, and the asking member's own row wherever it falls (null for the unranked), so the
 * screen can pin it when it is off the page.
 */
export async function leaderboard(
  ctx: ServiceContext,
  actor: Actor,
  { cursor }: { cursor?: string | undefined },
): Promise<LeaderboardResponse> {
  const rows = await ctx.db
    .select({ ...getTableColumns(user), joinedAt: exactTime(user.createdAt) })
    .from(user)
    .where(and(ranked, after(cursor)))
    .orderBy(...order)
    .limit(LEADERBOARD_PAGE_SIZE + 1);
  const page = pageOf(rows, LEADERBOARD_PAGE_SIZE, (last) => [last.exoticCoins, last.joinedAt, last.id]);
  const [me] = await ctx.db
    .select()
    .from(user)
    .where(and(ranked, eq(user.id, actor.id)));
  const ranks = await ranksOf(ctx, [
    ...page.items.map((row) => row.exoticCoins),
    ...(me ? [me.exoticCoins] : []),
  ]);
  return {
    ...page,
    items: page.items.map((row) => toRow(row, ranks.get(row.exoticCoins)!)),
    me: me ? toRow(me, ranks.get(me.exoticCoins)!) : null,
  };
}
