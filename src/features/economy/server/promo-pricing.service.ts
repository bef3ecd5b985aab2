import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { formatCents } from '~/shared/money';
import type { Executor } from '~/server/db/client';
import { promoCode, promoUse } from '~/server/db/tables/loyalty.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { hitRateLimit, rateLimitWaitMs } from '~/server/rate-limit';
import type { Actor, ServiceContext } from '~/server/service-context';
import { PROMO_NOT_VALID } from '../loyalty.constants';
import { promoStateOn, shopToday, type PromoCodeRow } from './promo-codes.service';

/**
 * A promo code at checkout: whether it applies to a cart (the quote), taking its use with the order, and giving it
 * back when the order is cancelled. The shop's priceCart calls these (decision 042).
 */

export type PromoCheck =
  | { applied: true; code: PromoCodeRow; discountCents: number }
  /** `invalid`: a code the member cannot act on (unknown, paused, not started, ended, used up): one message for all. */
  | { applied: false; problem: string; invalid: boolean };

const notValid: PromoCheck = { applied: false, problem: PROMO_NOT_VALID, invalid: true };
const rule = (problem: string): PromoCheck => ({ applied: false, problem, invalid: false });

export const ALREADY_USED = 'You have already used this code.';
export const FIRST_ORDER_ONLY = 'This code is for a first order only.';

/**
 * What a code takes off a cart: a percentage (rounded down to the cent) or an amount, of what the level perk left of
 * the sticker lines, never more. Refused with PROMO_NOT_VALID unless it is active today; with a rule the member can
 * act on for its minimum (on the sticker subtotal, before discounts), first order only and once per member. In
 * placeOrder this runs under the lock on the member's row, so "first order" and "once" hold against two devices.
 */
export async function checkPromoCode(
  tx: Executor,
  input: { userId: string; code: string; stickerSubtotalCents: number; afterPerkCents: number; at: Date },
): Promise<PromoCheck> {
  const [row] = await tx.select().from(promoCode).where(eq(promoCode.code, input.code));
  if (!row || promoStateOn(row, await shopToday(tx, input.at)) !== 'active') return notValid;
  if (row.minOrderCents !== null && input.stickerSubtotalCents < row.minOrderCents) {
    const short = row.minOrderCents - input.stickerSubtotalCents;
    return rule(
      `This code needs ${formatCents(row.minOrderCents)} of stickers: add ${formatCents(short)} more to use it.`,
    );
  }
  if (row.firstOrderOnly) {
    const earlier = await tx.$count(
      shopOrder,
      and(eq(shopOrder.userId, input.userId), ne(shopOrder.status, 'cancelled')),
    );
    if (earlier > 0) return rule(FIRST_ORDER_ONLY);
  }
  if (row.oncePerMember) {
    const used = await tx.$count(
      promoUse,
      and(eq(promoUse.promoCodeId, row.id), eq(promoUse.userId, input.userId)),
    );
    if (used > 0) return rule(ALREADY_USED);
  }
  const discountCents =
    row.kind === 'percent'
      ? Math.floor((input.afterPerkCents * (row.percentOff ?? 0)) / 100)
      : Math.min(row.amountOffCents ?? 0, input.afterPerkCents);
  return { applied: true, code: row, discountCents };
}

/**
 * The order's use of its code, in the order's transaction: the count by one conditional update (of many members
 * racing for the last use, one wins) and the use's row, unique per (code, member) for a once-per-member code.
 */
export async function takePromoUse(
  tx: Executor,
  use: { code: PromoCodeRow; userId: string; orderId: string; discountCents: number; at: Date },
): Promise<void> {
  const [counted] = await tx
    .update(promoCode)
    .set({ uses: sql`${promoCode.uses} + 1` })
    .where(
      and(
        eq(promoCode.id, use.code.id),
        eq(promoCode.paused, false),
        sql`(${promoCode.maxUses} is null or ${promoCode.uses} < ${promoCode.maxUses})`,
      ),
    )
    .returning({ id: promoCode.id });
  if (!counted)
    throw new AppError('CONFLICT', `${PROMO_NOT_VALID} Remove it and submit again.`, { title: 'Promo Code' });
  const [row] = await tx
    .insert(promoUse)
    .values({
      orderId: use.orderId,
      promoCodeId: use.code.id,
      userId: use.userId,
      onceKey: use.code.oncePerMember ? use.userId : null,
      discountCents: use.discountCents,
      createdAt: use.at,
    })
    .onConflictDoNothing()
    .returning({ orderId: promoUse.orderId });
  if (!row) throw new AppError('CONFLICT', ALREADY_USED, { title: 'Promo Code' });
}

/** A cancelled order's code use goes back: its row and its count. Whether it had one. */
export async function returnPromoUse(tx: Executor, orderId: string): Promise<boolean> {
  const [use] = await tx
    .delete(promoUse)
    .where(eq(promoUse.orderId, orderId))
    .returning({ promoCodeId: promoUse.promoCodeId });
  if (!use) return false;
  await tx
    .update(promoCode)
    .set({ uses: sql`greatest(0, ${promoCode.uses} - 1)` })
    .where(eq(promoCode.id, use.promoCodeId));
  return true;
}

/** The member's key for codes that did not apply (RATE_LIMIT_PROMO_CODES_PER_USER). */
const triesKey = (userId: string) => `promo-code:${userId}`;

/**
 * Before a code is looked at: how long a member who has used up their tries waits (0 when they have tries left). They
 * are refused without learning whether this code would apply: only codes that do not apply are counted, so checking
 * after would tell them.
 */
export function promoTriesWaitMs(ctx: ServiceContext, actor: Actor): Promise<number> {
  return rateLimitWaitMs(ctx, triesKey(actor.id), ctx.config.rateLimits.promoCodes);
}

/** A code that did not apply counts as a try, outside the order's transaction (a refused order rolls back). */
export async function countPromoTry(ctx: ServiceContext, actor: Actor): Promise<void> {
  await hitRateLimit(ctx, triesKey(actor.id), ctx.config.rateLimits.promoCodes);
}
