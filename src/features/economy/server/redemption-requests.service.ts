import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { formatCents } from '~/shared/money';
import { notify } from '~/features/notifications/server/notifications.service';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { rewardRedemption } from '~/server/db/tables/rewards.tables';
import { pageOf, timeKeyset } from '~/server/pagination';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { CashRewardsResponse, RedemptionRequestsPage } from '../rewards.schema';
import { PAY_AS_NEEDED, type PayAs } from '../rewards.constants';
import { applyAward } from './ledger.service';
import { countTowardsMilestones, redemptionsChanged, type RedemptionRow } from './redemptions.service';
import { changeStoreCredit } from './store-credit.service';

/**
 * The staff's side of redemptions (the Economy tab): requests approved or refused, and rewards worth store credit
 * paid as credit (decision 041). Only one staff member decides a request, never the member who asked.
 */

const REQUESTS_PAGE_SIZE = 20;
/** More than the shop could sensibly have waiting; the list is not paged. */
const CASH_REWARDS_LIMIT = 200;

const oldestFirst = timeKeyset({
  time: rewardRedemption.createdAt,
  id: rewardRedemption.id,
  direction: 'asc',
});

/** Requests waiting for a decision, oldest first, a page at a time; the member by name only. */
export async function listRedemptionRequests(
  { db }: ServiceContext,
  { cursor }: { cursor?: string | undefined },
): Promise<RedemptionRequestsPage> {
  const rows = await db
    .select({ redemption: rewardRedemption, name: user.name, cursorAt: oldestFirst.cursorAt })
    .from(rewardRedemption)
    .innerJoin(user, eq(user.id, rewardRedemption.userId))
    .where(and(eq(rewardRedemption.status, 'requested'), oldestFirst.after(cursor)))
    .orderBy(...oldestFirst.orderBy)
    .limit(REQUESTS_PAGE_SIZE + 1);
  const page = pageOf(rows, REQUESTS_PAGE_SIZE, (last) => [last.cursorAt, last.redemption.id]);
  return {
    ...page,
    items: page.items.map(({ redemption, name }) => ({
      id: redemption.id,
      member: { id: redemption.userId, name },
      title: redemption.title,
      costCoins: redemption.costCoins,
      creditCents: redemption.creditCents,
      createdAt: redemption.createdAt.toISOString(),
    })),
  };
}

/** Takes a request for a decision: only one staff member decides it, and never the member who asked. */
async function decide(
  tx: Executor,
  actor: Actor,
  redemptionId: string,
  decision: { status: 'in-cart' | 'refused' | 'credited'; note?: string; at: Date },
): Promise<RedemptionRow> {
  const [row] = await tx
    .select()
    .from(rewardRedemption)
    .where(eq(rewardRedemption.id, redemptionId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'This request does not exist.');
  if (row.userId === actor.id) {
    throw new AppError('FORBIDDEN', 'Another staff member must decide your own request.', {
      title: 'Not Allowed',
    });
  }
  if (row.status !== 'requested') {
    throw new AppError('CONFLICT', 'This request has already been decided.', { title: 'Already Decided' });
  }
  const [decided] = await tx
    .update(rewardRedemption)
    .set({
      status: decision.status,
      note: decision.note ?? null,
      decidedBy: actor.id,
      decidedAt: decision.at,
      updatedAt: decision.at,
    })
    .where(and(eq(rewardRedemption.id, redemptionId), eq(rewardRedemption.status, 'requested')))
    .returning();
  return decided!;
}

/** Pays a redemption as store credit: the ledger row and the balance, once per redemption. */
async function payAsCredit(tx: Executor, actor: Actor, redemption: RedemptionRow, at: Date): Promise<void> {
  await changeStoreCredit(tx, {
    userId: redemption.userId,
    deltaCents: redemption.creditCents!,
    reason: 'reward',
    reference: redemption.id,
    createdBy: actor.id,
    at,
  });
}

const creditText = (redemption: RedemptionRow) =>
  `${formatCents(redemption.creditCents!)} of store credit is in your balance: it pays for your next orders.`;

/**
 * Approves a request: the reward goes to the member's cart, counts towards their milestones, and they hear of it.
 * A reward worth store credit is paid as the staff member chooses: credit to the member's balance, or cash by hand
 * (the reward rides on an order as a $0 line, as any other).
 */
export async function approveRedemption(
  { db, now }: ServiceContext,
  actor: Actor,
  { redemptionId, payAs }: { redemptionId: string; payAs?: PayAs | undefined },
): Promise<void> {
  await db.transaction(async (tx) => {
    const asCredit = payAs === 'credit';
    const redemption = await decide(tx, actor, redemptionId, {
      status: asCredit ? 'credited' : 'in-cart',
      at: now,
    });
    // Thrown after the decision, the transaction undoes it.
    if (redemption.creditCents !== null && !payAs) {
      throw new AppError('BAD_REQUEST', PAY_AS_NEEDED, { fields: { payAs: PAY_AS_NEEDED } });
    }
    if (redemption.creditCents === null && asCredit) {
      throw new AppError('BAD_REQUEST', 'This reward is not worth store credit: approve it as it is.');
    }
    if (asCredit) await payAsCredit(tx, actor, redemption, now);
    await writeAudit(tx, {
      eventType: 'REWARD_REQUEST_APPROVED',
      actorId: actor.id,
      meta: {
        redemptionId,
        rewardId: redemption.rewardId,
        memberId: redemption.userId,
        ...(asCredit ? { creditCents: redemption.creditCents! } : {}),
      },
      at: now,
    });
    await countTowardsMilestones(tx, redemption, now);
    await notify(tx, {
      userId: redemption.userId,
      message: asCredit
        ? `Your "${redemption.title}" reward was approved. ${creditText(redemption)}`
        : `Your "${redemption.title}" reward was approved. It is in your cart.`,
      link: '/cart',
      from: 'staff',
      at: now,
    });
    await redemptionsChanged(tx, redemption.userId);
  });
}

/** Approved rewards worth store credit that no order has used yet, oldest first: staff may pay one as credit. */
export async function listCashRewards({ db }: ServiceContext): Promise<CashRewardsResponse> {
  const rows = await db
    .select({ redemption: rewardRedemption, name: user.name })
    .from(rewardRedemption)
    .innerJoin(user, eq(user.id, rewardRedemption.userId))
    .where(
      and(isNotNull(rewardRedemption.creditCents), inArray(rewardRedemption.status, ['unused', 'in-cart'])),
    )
    .orderBy(rewardRedemption.createdAt, rewardRedemption.id)
    .limit(CASH_REWARDS_LIMIT);
  return {
    redemptions: rows.map(({ redemption, name }) => ({
      id: redemption.id,
      member: { id: redemption.userId, name },
      title: redemption.title,
      creditCents: redemption.creditCents!,
      status: redemption.status as 'unused' | 'in-cart',
      createdAt: redemption.createdAt.toISOString(),
    })),
  };
}

/**
 * Pays an approved, unused reward worth store credit as credit instead of cash: it leaves the member's cart and
 * "Your rewards", and its worth goes to their balance. A reward an order holds is refused (cancel the order first).
 */
export async function convertRedemptionToCredit(
  { db, now }: ServiceContext,
  actor: Actor,
  { redemptionId }: { redemptionId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [redemption] = await tx
      .update(rewardRedemption)
      .set({ status: 'credited', updatedAt: now })
      .where(
        and(
          eq(rewardRedemption.id, redemptionId),
          isNotNull(rewardRedemption.creditCents),
          inArray(rewardRedemption.status, ['unused', 'in-cart']),
        ),
      )
      .returning();
    if (!redemption) {
      const [row] = await tx.select().from(rewardRedemption).where(eq(rewardRedemption.id, redemptionId));
      if (!row) throw new AppError('NOT_FOUND', 'This reward does not exist.');
      if (row.creditCents === null)
        throw new AppError('BAD_REQUEST', 'This reward is not worth store credit.');
      const why =
        row.status === 'used'
          ? 'An order already used this reward. Cancel that order first if it should be store credit instead.'
          : row.status === 'credited'
            ? 'This reward was already paid as store credit.'
            : 'Decide this request first: approve it as store credit or cash.';
      throw new AppError('CONFLICT', why, { title: 'Not Converted' });
    }
    if (redemption.userId === actor.id) {
      throw new AppError('FORBIDDEN', 'Another staff member must pay your own reward.', {
        title: 'Not Allowed',
      });
    }
    await payAsCredit(tx, actor, redemption, now);
    await writeAudit(tx, {
      eventType: 'REWARD_CONVERTED_TO_CREDIT',
      actorId: actor.id,
      meta: {
        redemptionId,
        rewardId: redemption.rewardId,
        memberId: redemption.userId,
        creditCents: redemption.creditCents!,
      },
      at: now,
    });
    await notify(tx, {
      userId: redemption.userId,
      message: `Your "${redemption.title}" reward was paid as store credit. ${creditText(redemption)}`,
      link: '/cart',
      from: 'staff',
      at: now,
    });
    await redemptionsChanged(tx, redemption.userId);
  });
}

/** Refuses a request: the coins go back through the ledger, and the member reads the reason. */
export async function refuseRedemption(
  { db, now }: ServiceContext,
  actor: Actor,
  { redemptionId, reason }: { redemptionId: string; reason: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const redemption = await decide(tx, actor, redemptionId, { status: 'refused', note: reason, at: now });
    await applyAward(tx, {
      userId: redemption.userId,
      coins: redemption.costCoins,
      xp: 0,
      reason: 'redeem-refund',
      reference: redemption.id,
      note: redemption.title,
      at: now,
    });
    await writeAudit(tx, {
      eventType: 'REWARD_REQUEST_REFUSED',
      actorId: actor.id,
      meta: { redemptionId, rewardId: redemption.rewardId, memberId: redemption.userId, reason },
      at: now,
    });
    await notify(tx, {
      userId: redemption.userId,
      message: `Your request for "${redemption.title}" was refused: “${reason}”. Your ${redemption.costCoins.toLocaleString('en-US')} coins are back in your balance.`,
      link: '/rewards-center',
      from: 'staff',
      at: now,
    });
    await redemptionsChanged(tx, redemption.userId);
  });
}
