import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { publish } from '~/server/events';

export interface Award {
  userId: string;
  coins: number;
  xp: number;
  reason: string;
  reference?: string;
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
    createdAt: award.at,
  });
  // The member's browsers refetch their session (coins, XP, level) when this commits.
  await publish(tx, 'session.balance', { userId: award.userId }, [
    { kind: 'users', userIds: [award.userId] },
  ]);
  return balance;
}
