import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { DEFAULT_TIME_ZONE } from '~/shared/time';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { ledgerEntry, weeklyCoins } from '~/server/db/tables/economy.tables';
import { shopSettings } from '~/server/db/tables/shop.tables';
import { publish } from '~/server/events';
import { pageOf, timeKeyset } from '~/server/pagination';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { LedgerPage } from '../economy.schema';
import { LEDGER_REASONS } from '../economy.constants';

/** Entries a history page holds. */
const LEDGER_PAGE_SIZE = 20;

export interface Award {
  userId: string;
  coins: number;
  xp: number;
  reason: string;
  reference?: string;
  /** Staff's reason for a manual adjustment. */
  note?: string;
  at: Date;
}

/**
 * The only way coins or XP change: the balance and its ledger row in the caller's transaction. A spend that
 * would take a balance below zero changes nothing and throws; the database CHECK is the backstop.
 */
export async function applyAward(tx: Executor, award: Award): Promise<{ exoticCoins: number; xp: number }> {
  const [balance] = await tx
    .update(user)
    .set({
      exoticCoins: sql`${user.exoticCoins} + ${award.coins}`,
      xp: sql`${user.xp} + ${award.xp}`,
    })
    .where(
      and(
        eq(user.id, award.userId),
        gte(sql`${user.exoticCoins} + ${award.coins}`, 0),
        gte(sql`${user.xp} + ${award.xp}`, 0),
      ),
    )
    .returning({ exoticCoins: user.exoticCoins, xp: user.xp });
  if (!balance) {
    const [exists] = await tx.select({ id: user.id }).from(user).where(eq(user.id, award.userId));
    if (!exists) throw new AppError('NOT_FOUND', 'This member does not exist or has been removed.');
    throw new AppError('NOT_ENOUGH_COINS', 'Not enough coins for this.', { title: 'Not Enough Coins' });
  }
  await tx.insert(ledgerEntry).values({
    id: randomUUID(),
    userId: award.userId,
    deltaCoins: award.coins,
    deltaXp: award.xp,
    reason: award.reason,
    reference: award.reference ?? null,
    note: award.note ?? null,
    createdAt: award.at,
  });
  if (award.coins !== 0 && !NOT_EARNINGS.has(award.reason)) await addToWeek(tx, award);
  // The member's browsers refetch their session (coins, XP, level) when this commits.
  await publish(tx, 'session.balance', { userId: award.userId }, [
    { kind: 'users', userIds: [award.userId] },
  ]);
  return balance;
}

/** Ledger reasons that are not coins earned: spending, its refund, a seeded opening balance. */
const NOT_EARNINGS = new Set(['redeem', 'redeem-refund', 'opening-balance', 'account-deleted']);

/** The shop's time zone, read where it is stored (the shop's settings row), in the statement that needs it. */
const shopTimeZone = sql`coalesce((select ${shopSettings.timeZone} from ${shopSettings} where ${shopSettings.id} = 1), ${DEFAULT_TIME_ZONE})`;

/** The Monday (a date) of the week `at` falls in, in the shop's time zone. */
export const weekStartOf = (at: Date) =>
  sql<string>`(date_trunc('week', ${at.toISOString()}::timestamptz at time zone ${shopTimeZone}))::date`;

/** Adds the award's coins to the member's total for this week (never below 0), for the This Week board. */
async function addToWeek(tx: Executor, award: Award) {
  await tx
    .insert(weeklyCoins)
    .values({ userId: award.userId, weekStart: weekStartOf(award.at), coins: Math.max(0, award.coins) })
    .onConflictDoUpdate({
      target: [weeklyCoins.userId, weeklyCoins.weekStart],
      set: { coins: sql`greatest(0, ${weeklyCoins.coins} + ${award.coins})` },
    });
}

const newestFirst = timeKeyset({ time: ledgerEntry.createdAt, id: ledgerEntry.id, direction: 'desc' });

/** The member's own coin and XP history, newest first, a page at a time. */
export async function listLedger(
  { db }: ServiceContext,
  actor: Actor,
  { cursor }: { cursor?: string | undefined },
): Promise<LedgerPage> {
  const rows = await db
    .select({ entry: ledgerEntry, cursorAt: newestFirst.cursorAt })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.userId, actor.id), newestFirst.after(cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(LEDGER_PAGE_SIZE + 1);
  const page = pageOf(rows, LEDGER_PAGE_SIZE, (last) => [last.cursorAt, last.entry.id]);
  return {
    ...page,
    items: page.items.map(({ entry }) => ({
      id: entry.id,
      reason: LEDGER_REASONS[entry.reason] ?? entry.reason,
      note: entry.note,
      coins: entry.deltaCoins,
      xp: entry.deltaXp,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
