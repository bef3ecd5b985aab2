import { and, asc, eq, getTableColumns, gt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { levelFromXp } from '~/shared/economy';
import { levelTitle } from '~/shared/level-titles';
import { user } from '~/server/db/tables/auth.tables';
import { weeklyCoins } from '~/server/db/tables/economy.tables';
import { decodeCursor, exactTime, pageOf } from '~/server/pagination';
import type { Actor, ServiceContext } from '~/server/service-context';
import { avatarUrlOf, type UserRow } from '~/server/session';
import type { LeaderboardResponse, LeaderboardRow } from '../economy.schema';
import { LEADERBOARD_PAGE_SIZE, type Leaderboard } from '../economy.constants';
import { weekStartOf } from './ledger.service';

/**
 * Who is ranked: members in good standing. Owners and Admins run the shop and are not ranked; banned members and
 * those staff have not let in (pending, declined) are not shown. The same predicate as the partial index `user_leaderboard_idx`, so pages and counts read the index.
 */
const ranked = and(
  eq(user.banned, false),
  sql`${user.status} = 'approved'`,
  sql`not (${user.roles} && array['Owner', 'Admin']::text[])`,
) as SQL;

/** Everyone `ranked` leaves out: the same predicate as the partial index `user_unranked_idx`. */
const unrankedMember = sql`(${user.banned} = true or ${user.status} <> 'approved' or ${user.roles} && array['Owner', 'Admin']::text[])`;

const cursorKey = z.tuple([z.number().int().nonnegative(), z.iso.datetime(), z.string().min(1).max(64)]);

/**
 * What a board ranks by, and over which rows: All Time by the balance over `user` (the partial index), This Week
 * by the week's total in `weekly_coins` (kept by the ledger; its index on week and coins), members with none this
 * week left out. Both order by coins descending, then the earliest to join, then id: a total order, so pages never
 * overlap.
 */
interface Board {
  coins: SQL<number>;
  /** The board's rows: `select` from `user`, joined to the week's totals for This Week. */
  rows: SQL;
  weekStart: string | null;
}

async function boardOf(ctx: ServiceContext, kind: Leaderboard): Promise<Board> {
  if (kind === 'all') return { coins: sql<number>`${user.exoticCoins}`, rows: ranked, weekStart: null };
  const [week] = await ctx.db.select({ start: weekStartOf(ctx.now) }).from(sql`(select 1) as one`);
  const weekStart = week!.start;
  return {
    coins: sql<number>`${weeklyCoins.coins}`,
    rows: and(ranked, eq(weeklyCoins.weekStart, weekStart), gt(weeklyCoins.coins, 0)) as SQL,
    weekStart,
  };
}

/** This Week's join: the member's total for the board's week (inner: members with none are not on it). */
const thisWeeks = (weekStart: string) =>
  and(eq(weeklyCoins.userId, user.id), eq(weeklyCoins.weekStart, weekStart));

/** The rows after the cursor's row in the board's order (coins descending, then join time and id ascending). */
function after(board: Board, cursor: string | undefined): SQL | undefined {
  if (cursor === undefined) return undefined;
  const [coins, joinedAt, id] = decodeCursor(cursor, cursorKey);
  return or(
    sql`${board.coins} < ${coins}`,
    sql`${board.coins} = ${coins} and (${user.createdAt}, ${user.id}) > (${joinedAt}::timestamptz, ${id})`,
  );
}

/**
 * How many ranked members have more coins than `coins` on the board (or at least as many). All Time: one count
 * over its partial index. This Week: the week's totals above it (an index-only count on `weekly_coins`) less the
 * few of them held by unranked members (banned, not yet approved, Owners, Admins: `user_unranked_idx`), so neither count joins every
 * member. Each is O(rank).
 */
async function countAbove(ctx: ServiceContext, board: Board, coins: number, orEqual = false) {
  const above = orEqual ? sql`${board.coins} >= ${coins}` : sql`${board.coins} > ${coins}`;
  const n = { n: sql<number>`count(*)::int` };
  if (board.weekStart === null) {
    const [row] = await ctx.db.select(n).from(user).where(and(board.rows, above));
    return row?.n ?? 0;
  }
  const thisWeek = and(eq(weeklyCoins.weekStart, board.weekStart), gt(weeklyCoins.coins, 0), above);
  const [[all], [staff]] = await Promise.all([
    ctx.db.select(n).from(weeklyCoins).where(thisWeek),
    ctx.db
      .select(n)
      .from(user)
      .innerJoin(weeklyCoins, eq(weeklyCoins.userId, user.id))
      .where(and(unrankedMember, thisWeek)),
  ]);
  return (all?.n ?? 0) - (staff?.n ?? 0);
}

/**
 * Competition ranks (1, 2, 2, 4) for a page's balances, in order: a rank is one more than the members with more
 * coins. Two counts serve the whole page: the members above its first balance, and those at or above it; a later
 * balance adds the page's rows between the two. Each count is O(rank): cheap at the top, where most eyes are.
 */
async function pageRanks(ctx: ServiceContext, board: Board, balances: number[]): Promise<number[]> {
  const first = balances[0];
  if (first === undefined) return [];
  const [above, atLeast] = await Promise.all([
    countAbove(ctx, board, first),
    countAbove(ctx, board, first, true),
  ]);
  return balances.map((coins, index) =>
    coins === first
      ? above + 1
      : atLeast + balances.slice(0, index).filter((earlier) => earlier < first && earlier > coins).length + 1,
  );
}

function toRow(row: UserRow, coins: number, rank: number): LeaderboardRow {
  const { level } = levelFromXp(row.xp);
  return {
    rank,
    id: row.id,
    fullName: row.name,
    avatarUrl: avatarUrlOf(row),
    level,
    levelTitle: levelTitle(level),
    coins,
  };
}

/**
 * A page of a leaderboard (All Time or This Week), and the asking member's own row wherever it falls (null for
 * the unranked; on This Week with 0 coins when they have earned none yet), so the screen can pin it when it is
 * off the page.
 */
export async function leaderboard(
  ctx: ServiceContext,
  actor: Actor,
  { cursor, board: kind }: { cursor?: string | undefined; board: Leaderboard },
): Promise<LeaderboardResponse> {
  const board = await boardOf(ctx, kind);
  const columns = {
    member: getTableColumns(user),
    coins: sql<number>`${board.coins}`.mapWith(Number),
    joinedAt: exactTime(user.createdAt),
  };
  const where = and(board.rows, after(board, cursor));
  // `desc nulls last`, as both indexes are built (a plain `desc` sorts nulls first and cannot use them).
  const order = [sql`${board.coins} desc nulls last`, asc(user.createdAt), asc(user.id)] as const;
  const limit = LEADERBOARD_PAGE_SIZE + 1;
  const rows =
    board.weekStart === null
      ? await ctx.db
          .select(columns)
          .from(user)
          .where(where)
          .orderBy(...order)
          .limit(limit)
      : await ctx.db
          .select(columns)
          .from(user)
          .innerJoin(weeklyCoins, thisWeeks(board.weekStart))
          .where(where)
          .orderBy(...order)
          .limit(limit);
  const page = pageOf(rows, LEADERBOARD_PAGE_SIZE, (last) => [last.coins, last.joinedAt, last.member.id]);
  const me = await myStanding(ctx, board, actor);
  const [ranks, meAbove] = await Promise.all([
    pageRanks(
      ctx,
      board,
      page.items.map((row) => row.coins),
    ),
    me ? countAbove(ctx, board, me.coins) : Promise.resolve(0),
  ]);
  return {
    ...page,
    items: page.items.map((row, index) => toRow(row.member, row.coins, ranks[index]!)),
    me: me ? toRow(me.member, me.coins, meAbove + 1) : null,
    weekStart: board.weekStart,
  };
}

/** The asking member and their coins on the board; null when they are not ranked at all. */
async function myStanding(ctx: ServiceContext, board: Board, actor: Actor) {
  const [member] = await ctx.db
    .select()
    .from(user)
    .where(and(ranked, eq(user.id, actor.id)));
  if (!member) return null;
  if (board.weekStart === null) return { member, coins: member.exoticCoins };
  const [week] = await ctx.db
    .select({ coins: weeklyCoins.coins })
    .from(weeklyCoins)
    .where(and(eq(weeklyCoins.userId, actor.id), eq(weeklyCoins.weekStart, board.weekStart)));
  return { member, coins: week?.coins ?? 0 };
}
