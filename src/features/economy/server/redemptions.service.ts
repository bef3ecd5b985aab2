import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { notify } from '~/features/notifications/server/notifications.service';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { reward, rewardRedemption } from '~/server/db/tables/rewards.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { MyRedemptionsResponse, RedemptionView } from '../rewards.schema';
import {
  orderRewardsProblem,
  type RedemptionStatus,
  type RewardArt,
  type RewardKind,
} from '../rewards.constants';
import { awardRewardMilestones } from './awards.service';
import { applyAward } from './ledger.service';
import { holdsCapability } from '~/server/member-standing';

/**
 * Redemptions: a member spends coins on a reward, and the reward waits in their cart until an order uses it
 * (docs/decisions/021). Every move is one conditional statement on the redemption's status, so a double tap, two
 * devices or two orders at once never spend or use a reward twice.
 */

export type RedemptionRow = typeof rewardRedemption.$inferSelect;

/** The statuses that count as coins spent on rewards (a request is not yet, a refused one never). */
const SPENT: RedemptionStatus[] = ['unused', 'in-cart', 'used', 'credited'];
/** What "Your rewards" and the cart show. */
const OPEN: RedemptionStatus[] = ['requested', 'unused', 'in-cart'];
/** More than a member could sensibly hold; the list is not paged. */
const OPEN_LIMIT = 200;

const columns = {
  redemption: rewardRedemption,
  art: reward.art,
  imageUrl: reward.imageUrl,
};

function toView({ redemption, art, imageUrl }: { redemption: RedemptionRow; art: string; imageUrl: string }) {
  return {
    id: redemption.id,
    rewardId: redemption.rewardId,
    title: redemption.title,
    costCoins: redemption.costCoins,
    kind: redemption.kind as RewardKind,
    art: art as RewardArt,
    imageUrl,
    status: redemption.status as RedemptionStatus,
    createdAt: redemption.createdAt.toISOString(),
  } satisfies RedemptionView;
}

async function viewOf(db: Executor, id: string): Promise<RedemptionView> {
  const [row] = await db
    .select(columns)
    .from(rewardRedemption)
    .innerJoin(reward, eq(reward.id, rewardRedemption.rewardId))
    .where(eq(rewardRedemption.id, id));
  return toView(row!);
}

/** The member's browsers (their cart, "Your rewards") and the staff's queue of requests refetch. */
export async function redemptionsChanged(tx: Executor, userId: string): Promise<void> {
  await publish(tx, 'rewards.redemptions', { userId }, [
    { kind: 'users', userIds: [userId] },
    { kind: 'capability', capability: 'manage:rewards' },
  ]);
}

/** Coins the member has spent on rewards that count (requests waiting and refusals do not). */
async function spentOnRewards(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ coins: sql<number>`coalesce(sum(${rewardRedemption.costCoins}), 0)::int` })
    .from(rewardRedemption)
    .where(and(eq(rewardRedemption.userId, userId), inArray(rewardRedemption.status, SPENT)));
  return row?.coins ?? 0;
}

/** A redemption now counts as spent: the milestones it passes pay their XP. */
export async function countTowardsMilestones(tx: Executor, redemption: RedemptionRow, at: Date) {
  const spentAfter = await spentOnRewards(tx, redemption.userId);
  await awardRewardMilestones(
    tx,
    {
      id: redemption.id,
      userId: redemption.userId,
      spentBefore: spentAfter - redemption.costCoins,
      spentAfter,
    },
    at,
  );
}

/**
 * Redeems a reward in one transaction: the cost the member saw is checked (a changed cost is a 409 naming the new
 * one), the redemption row is inserted under the member's idempotency key (a double tap gets the first one), the
 * coins are debited through the ledger only if the balance covers them, and the audit row is written. A reward
 * that needs approval waits as `requested`; any other goes straight to the cart.
 */
export async function redeemReward(
  { db, now }: ServiceContext,
  actor: Actor,
  input: { rewardId: string; expectedCost: number; idempotencyKey: string },
): Promise<{ redemption: RedemptionView; created: boolean }> {
  return db.transaction(async (tx) => {
    const [earlier] = await tx
      .select({ id: rewardRedemption.id })
      .from(rewardRedemption)
      .where(
        and(eq(rewardRedemption.userId, actor.id), eq(rewardRedemption.idempotencyKey, input.idempotencyKey)),
      );
    if (earlier) return { redemption: await viewOf(tx, earlier.id), created: false };

    const [item] = await tx.select().from(reward).where(eq(reward.id, input.rewardId));
    if (!item || item.hidden) {
      throw new AppError('NOT_FOUND', 'This reward is no longer available.', { title: 'Reward Unavailable' });
    }
    if (item.costCoins !== input.expectedCost) {
      throw new AppError(
        'COST_CHANGED',
        `"${item.title}" now costs ${item.costCoins.toLocaleString('en-US')} coins. Check the new cost and redeem again.`,
        { title: 'Cost Changed' },
      );
    }
    const [redemption] = await tx
      .insert(rewardRedemption)
      .values({
        id: `redemption-${randomUUID()}`,
        userId: actor.id,
        rewardId: item.id,
        title: item.title,
        costCoins: item.costCoins,
        kind: item.kind,
        creditCents: item.creditCents,
        status: item.needsApproval ? 'requested' : 'in-cart',
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
        updatedAt: now,
      })
      // The same key at the same moment (two taps): the other request's redemption stands.
      .onConflictDoNothing({ target: [rewardRedemption.userId, rewardRedemption.idempotencyKey] })
      .returning();
    if (!redemption) {
      const [winner] = await tx
        .select({ id: rewardRedemption.id })
        .from(rewardRedemption)
        .where(
          and(
            eq(rewardRedemption.userId, actor.id),
            eq(rewardRedemption.idempotencyKey, input.idempotencyKey),
          ),
        );
      if (!winner) throw new AppError('CONFLICT', 'This reward is already being redeemed. Check your cart.');
      return { redemption: await viewOf(tx, winner.id), created: false };
    }
    try {
      await applyAward(tx, {
        userId: actor.id,
        coins: -item.costCoins,
        xp: 0,
        reason: 'redeem',
        reference: redemption.id,
        note: item.title,
        at: now,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_ENOUGH_COINS')) throw error;
      const [balance] = await tx.select({ coins: user.exoticCoins }).from(user).where(eq(user.id, actor.id));
      const short = item.costCoins - (balance?.coins ?? 0);
      throw new AppError(
        'NOT_ENOUGH_COINS',
        `You need ${short.toLocaleString('en-US')} more coins to redeem "${item.title}".`,
        { title: 'Not Enough Coins' },
      );
    }
    await writeAudit(tx, {
      eventType: 'REWARD_REDEEMED',
      actorId: actor.id,
      meta: { rewardId: item.id, redemptionId: redemption.id, cost: item.costCoins },
      at: now,
    });
    if (item.needsApproval) await notifyRewardStaff(tx, actor, redemption, now);
    else await countTowardsMilestones(tx, redemption, now);
    await redemptionsChanged(tx, actor.id);
    return { redemption: await viewOf(tx, redemption.id), created: true };
  });
}

/** Everyone who decides requests hears of a new one (never the member themself). */
async function notifyRewardStaff(tx: Executor, actor: Actor, redemption: RedemptionRow, at: Date) {
  const staff = await tx.select({ id: user.id }).from(user).where(holdsCapability('manage:rewards'));
  for (const { id } of staff) {
    if (id === actor.id) continue;
    await notify(tx, {
      userId: id,
      message: `${actor.name} asked for "${redemption.title}" (${redemption.costCoins.toLocaleString('en-US')} coins). Approve or refuse it in the Economy tab.`,
      link: '/admin?tab=economy',
      from: 'staff',
      at,
    });
  }
}

/** The member's open redemptions, newest first: waiting for staff, in the cart, and kept for later. */
export async function listMyRedemptions(
  { db }: ServiceContext,
  actor: Actor,
): Promise<MyRedemptionsResponse> {
  const rows = await db
    .select(columns)
    .from(rewardRedemption)
    .innerJoin(reward, eq(reward.id, rewardRedemption.rewardId))
    .where(and(eq(rewardRedemption.userId, actor.id), inArray(rewardRedemption.status, OPEN)))
    .orderBy(desc(rewardRedemption.createdAt), desc(rewardRedemption.id))
    .limit(OPEN_LIMIT);
  return { redemptions: rows.map(toView) };
}

/**
 * Moves one of the member's rewards into their cart or out of it (back to "Your rewards"). Asking for where it
 * already is changes nothing; a used, requested or refused one cannot move.
 */
export async function setRedemptionInCart(
  { db, now }: ServiceContext,
  actor: Actor,
  { redemptionId, inCart }: { redemptionId: string; inCart: boolean },
): Promise<RedemptionView> {
  return db.transaction(async (tx) => {
    const target: RedemptionStatus = inCart ? 'in-cart' : 'unused';
    const [moved] = await tx
      .update(rewardRedemption)
      .set({ status: target, updatedAt: now })
      .where(
        and(
          eq(rewardRedemption.id, redemptionId),
          eq(rewardRedemption.userId, actor.id),
          eq(rewardRedemption.status, inCart ? 'unused' : 'in-cart'),
        ),
      )
      .returning({ id: rewardRedemption.id });
    if (moved) {
      await redemptionsChanged(tx, actor.id);
      return viewOf(tx, moved.id);
    }
    const [row] = await tx
      .select()
      .from(rewardRedemption)
      .where(and(eq(rewardRedemption.id, redemptionId), eq(rewardRedemption.userId, actor.id)));
    if (!row) throw new AppError('NOT_FOUND', 'This reward is not one of yours.');
    if (row.status === target) return viewOf(tx, row.id);
    throw new AppError('CONFLICT', unavailableText(row), { title: 'Reward Unavailable' });
  });
}

function unavailableText(row: RedemptionRow): string {
  switch (row.status) {
    case 'used':
      return `"${row.title}" has already been used on an order.`;
    case 'requested':
      return `"${row.title}" is waiting for the Vault Team's approval.`;
    case 'refused':
      return `"${row.title}" was refused and its coins returned.`;
    default:
      return `"${row.title}" is no longer in your cart. Refresh your cart and try again.`;
  }
}

type OrderRewards = {
  lines: { redemptionId: string; title: string }[];
  freeDelivery: boolean;
  /** Every reward is a Free Delivery: nothing to deliver without a sticker. */
  onlyFreeDelivery: boolean;
};
type OrderForRewards = { userId: string; deliveryMethod: 'Delivery' | 'Pickup' };

/**
 * The rewards an order would carry, checked without taking them: refused (and the order with it) when one is not
 * the member's, not in the cart or already used, when a Free Delivery rides on a Pickup order, or when the order
 * carries more than one Free Delivery. `takeRedemptionsForOrder` checks again under lock and takes them.
 */
export async function checkRedemptionsForOrder(
  tx: Executor,
  order: OrderForRewards,
  redemptionIds: readonly string[],
): Promise<OrderRewards> {
  return checked(order, redemptionIds, await redemptionRows(tx, redemptionIds, { lock: false }));
}

/**
 * A step of placing an order, after the order row is in: its rewards become `used` by it. The rows are locked, so
 * two orders racing for one redemption: one wins, the other is refused and rolls back.
 */
export async function takeRedemptionsForOrder(
  tx: Executor,
  order: OrderForRewards & { id: string; at: Date },
  redemptionIds: readonly string[],
): Promise<OrderRewards> {
  const rewards = checked(order, redemptionIds, await redemptionRows(tx, redemptionIds, { lock: true }));
  if (rewards.lines.length === 0) return rewards;
  await tx
    .update(rewardRedemption)
    .set({ status: 'used', orderId: order.id, updatedAt: order.at })
    .where(
      and(
        inArray(
          rewardRedemption.id,
          rewards.lines.map((line) => line.redemptionId),
        ),
        eq(rewardRedemption.status, 'in-cart'),
      ),
    );
  await redemptionsChanged(tx, order.userId);
  return rewards;
}

async function redemptionRows(tx: Executor, ids: readonly string[], { lock }: { lock: boolean }) {
  if (ids.length === 0) return [];
  const query = tx
    .select()
    .from(rewardRedemption)
    .where(inArray(rewardRedemption.id, [...new Set(ids)]))
    .orderBy(rewardRedemption.createdAt, rewardRedemption.id);
  return lock ? query.for('update') : query;
}

function checked(order: OrderForRewards, ids: readonly string[], rows: RedemptionRow[]): OrderRewards {
  const refuse = (message: string) => new AppError('BAD_REQUEST', message, { title: 'Cannot submit order' });
  for (const id of new Set(ids)) {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row || row.userId !== order.userId) {
      throw refuse('A reward in your cart is not one of yours. Refresh your cart and try again.');
    }
    if (row.status !== 'in-cart') throw refuse(unavailableText(row));
  }
  const problem = orderRewardsProblem(
    rows.map((row) => row.kind as RewardKind),
    order.deliveryMethod,
  );
  if (problem) throw refuse(problem);
  return {
    lines: rows.map((row) => ({ redemptionId: row.id, title: row.title })),
    freeDelivery: rows.some((row) => row.kind === 'free-delivery'),
    onlyFreeDelivery: rows.length > 0 && rows.every((row) => row.kind === 'free-delivery'),
  };
}

/** A step of cancelling an order: the rewards it used go back to their member, unused. How many went back. */
export async function returnRedemptionsOfOrder(
  tx: Executor,
  order: { id: string; userId: string; at: Date },
): Promise<number> {
  const returned = await tx
    .update(rewardRedemption)
    .set({ status: 'unused', orderId: null, updatedAt: order.at })
    .where(and(eq(rewardRedemption.orderId, order.id), eq(rewardRedemption.status, 'used')))
    .returning({ id: rewardRedemption.id });
  if (returned.length) await redemptionsChanged(tx, order.userId);
  return returned.length;
}

// The staff's side: requests for rewards that need approval.
