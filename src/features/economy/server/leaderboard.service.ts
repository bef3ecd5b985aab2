import { and, asc, desc, eq, getTableColumns, gt, gte, or, sql, type SQL } from 'drizzle-orm';
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

/** How many ranked members hold more coins than `coins` (or at least as many): one count over the index. */
const countAbove = ({ db }: ServiceContext, coins: number, orEqual = false) =>
  db.$count(user, and(ranked, orEqual ? gte(user.exoticCoins, coins) : gt(user.exoticCoins, coins)));

/**
 * Competition ranks (1, 2, 2, 4) for a page's balances, in order: a rank is one more than the members with more
 * coins. Two counts serve the whole page: the members above its first balance, and those at or above it; a later
 * balance adds the page's rows between the two. Each count is O(rank): cheap at the top, where most eyes are.
 */
async function pageRanks(ctx: ServiceContext, balances: number[]): Promise<number[]> {
  const first = balances[0];
  if (first === undefined) return [];
  const [above, atLeast] = await Promise.all([countAbove(ctx, first), countAbove(ctx, first, true)]);
  return balances.map((coins, index) =>
    coins === first
      ? above + 1
      : atLeast + balances.slice(0, index).filter((earlier) => earlier < first && earlier > coins).length + 1,
  );
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
  const [ranks, meAbove] = await Promise.all([
    pageRanks(
      ctx,
      page.items.map((row) => row.exoticCoins),
    ),
    me ? countAbove(ctx, me.exoticCoins) : Promise.resolve(0),
  ]);
  return {
    ...page,
    items: page.items.map((row, index) => toRow(row, ranks[index]!)),
    me: me ? toRow(me, meAbove + 1) : null,
  };
}
