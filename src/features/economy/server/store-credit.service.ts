import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { storeCreditEntry } from '~/server/db/tables/orders.tables';
import { publish } from '~/server/events';

/** Why a member's store credit changed: a reward paid as credit, an order paying with it, its cancel. */
export type StoreCreditReason = 'reward' | 'order' | 'order-refund';

export interface StoreCreditChange {
  userId: string;
  /** Cents: positive adds, negative spends. */
  deltaCents: number;
  reason: StoreCreditReason;
  /** The redemption or order it is about: one change per (reason, reference). */
  reference: string;
  /** The staff member who paid a reward as credit. */
  createdBy?: string;
  at: Date;
}

/**
 * The only way store credit changes: the ledger row and the balance in the caller's transaction. A cause already
 * recorded changes nothing and returns false (a retried or raced cancel gives credit back once); a spend that would
 * take the balance below zero changes nothing and throws (the database CHECK is the backstop).
 */
export async function changeStoreCredit(tx: Executor, change: StoreCreditChange): Promise<boolean> {
  const [entry] = await tx
    .insert(storeCreditEntry)
    .values({
      id: randomUUID(),
      userId: change.userId,
      deltaCents: change.deltaCents,
      reason: change.reason,
      reference: change.reference,
      createdBy: change.createdBy ?? null,
      createdAt: change.at,
    })
    .onConflictDoNothing({ target: [storeCreditEntry.reason, storeCreditEntry.reference] })
    .returning({ id: storeCreditEntry.id });
  if (!entry) return false;
  const [balance] = await tx
    .update(user)
    .set({ storeCreditCents: sql`${user.storeCreditCents} + ${change.deltaCents}` })
    .where(and(eq(user.id, change.userId), gte(sql`${user.storeCreditCents} + ${change.deltaCents}`, 0)))
    .returning({ storeCreditCents: user.storeCreditCents });
  if (!balance) {
    throw new AppError('CONFLICT', 'Your store credit changed. Check your cart and submit again.', {
      title: 'Store Credit Changed',
    });
  }
  // The member's browsers refetch their session (its balance) and their cart's quote when this commits.
  await publish(tx, 'session.balance', { userId: change.userId }, [
    { kind: 'users', userIds: [change.userId] },
  ]);
  return true;
}

/** A member's store credit now, in cents. */
export async function storeCreditOf(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx.select({ cents: user.storeCreditCents }).from(user).where(eq(user.id, userId));
  return row?.cents ?? 0;
}
