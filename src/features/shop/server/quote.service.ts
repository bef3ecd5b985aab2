import { inArray } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { checkRedemptionsForOrder } from '~/features/economy/server/redemptions.service';
import { storeCreditOf } from '~/features/economy/server/store-credit.service';
import { readEconomySettings } from '~/features/economy/server/economy-settings.service';
import { levelPerkOf } from '~/features/economy/server/level-perks.service';
import {
  checkPromoCode,
  countPromoTry,
  promoTriesWaitMs,
  type PromoCheck,
} from '~/features/economy/server/promo-pricing.service';
import type { Executor } from '~/server/db/client';
import { tooManyAttempts } from '~/server/rate-limit';
import { sticker } from '~/server/db/tables/shop.tables';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { OrderQuote, PlaceOrderValues, QuotedLine } from '../orders.schema';
import type { ShopSettings } from '../shop.schema';
import { dailyLimitText, orderLimitText, SIZE_LABELS, type StickerSize } from '../shop.constants';
import { priceOf, readShopSettings, type StickerRow } from './shop.service';
import { lineKey, orderedToday, soldOutMessage } from './stock.service';
import { sizeRulesOf } from './sticker-sizes';
import { quoteDelivery } from './delivery-rules.service';

/** What prices a cart: its lines, its rewards, the order type and, for Delivery, the ZIP code. */
export type CartToPrice = Pick<
  PlaceOrderValues,
  'deliveryMethod' | 'items' | 'rewardIds' | 'zip' | 'promoCode'
>;

/** Why a line cannot be ordered as it is: `stock` when too few are left (a 409 at submit), else the catalogue. */
type LineProblem = { kind: 'stock' | 'catalogue'; message: string };

/** A priced line with what placing the order needs: whether its size is counted, and its problem. */
export interface PricedLine {
  stickerId: string;
  stickerName: string;
  size: StickerSize;
  quantity: number;
  unitPriceCents: number;
  /** The size carries a stock count: placing the order takes the quantity from it (stock.service.ts). */
  counted: boolean;
  problem: LineProblem | null;
}

export interface PricedCart {
  quote: OrderQuote;
  lines: PricedLine[];
  /** Delivery: the fee's area and the ZIP code it was found by (null for Pickup or without areas). */
  delivery: { zip: string; areaName: string } | null;
  /** The rewards that ride on the order; their problem, if any, is the quote's rewardsProblem. */
  rewards: Awaited<ReturnType<typeof checkRedemptionsForOrder>> | null;
  /** The promo code typed, as it applies or why not (null without one). */
  promo: PromoCheck | null;
}

const NOTHING_TO_DELIVER = 'A Free Delivery needs something to deliver: add a sticker or another reward.';
const NOT_ON_MENU = 'A sticker in your cart is no longer on the menu. Remove it and try again.';

/** The cart's lines, the same sticker and size merged into one, in the order the member added them. */
function mergedLines(items: CartToPrice['items']) {
  const merged = new Map<string, { stickerId: string; size: StickerSize; quantity: number }>();
  for (const item of items) {
    const key = lineKey(item);
    merged.set(key, { ...item, quantity: (merged.get(key)?.quantity ?? 0) + item.quantity });
  }
  return [...merged.values()];
}

/** What stops a line: the menu, the per-order limit, the stock, then the member's day. */
function problemOf(
  row: StickerRow | undefined,
  line: { size: StickerSize; quantity: number },
  { orderedToday, threshold }: { orderedToday: number; threshold: number },
): LineProblem | null {
  const catalogue = (message: string): LineProblem => ({ kind: 'catalogue', message });
  if (!row || row.hidden) return catalogue(NOT_ON_MENU);
  if (priceOf(row, line.size) === null) {
    return catalogue(`${row.name} is not offered as a ${SIZE_LABELS[line.size]}.`);
  }
  const { stock, orderLimit, dailyLimit } = sizeRulesOf(row, line.size);
  if (line.quantity > orderLimit) return catalogue(orderLimitText(row.name, line.size, orderLimit));
  if (stock !== null && stock < line.quantity) {
    const message = soldOutMessage({ ...line, stickerName: row.name }, stock, threshold);
    return { kind: 'stock', message };
  }
  if (dailyLimit !== null && orderedToday + line.quantity > dailyLimit) {
    const left = Math.max(0, dailyLimit - orderedToday);
    return catalogue(dailyLimitText(row.name, line.size, dailyLimit, left));
  }
  return null;
}

/**
 * The one price of a cart, for the quote the cart shows and for placing the order (placeOrder): every line at the
 * catalogue's price, flagged when it cannot be ordered as it is (no longer sold, over a limit, too few left), the
 * rewards' effect (a Free Delivery waives the fee), the level perk and the promo code (on the sticker lines, in that
 * order), the delivery terms (the area's fee and minimum, the hours), the store credit it spends on the rest, the
 * total left to pay and the coins it will earn. Later price rules belong here, once.
 */
export async function priceCart(
  tx: Executor,
  member: { id: string },
  cart: CartToPrice,
  { at, settings }: { at: Date; settings: ShopSettings },
): Promise<PricedCart> {
  const wanted = mergedLines(cart.items);
  const stickerIds = [...new Set(wanted.map((line) => line.stickerId))];
  const rows = stickerIds.length
    ? await tx.select().from(sticker).where(inArray(sticker.id, stickerIds))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const limited = wanted.filter((line) => {
    const row = byId.get(line.stickerId);
    return row && sizeRulesOf(row, line.size).dailyLimit !== null;
  });
  const today = await orderedToday(tx, {
    userId: member.id,
    at,
    timeZone: settings.timeZone,
    stickerIds: [...new Set(limited.map((line) => line.stickerId))],
  });

  const lines = wanted.map((line): PricedLine => {
    const row = byId.get(line.stickerId);
    return {
      ...line,
      stickerName: row?.name ?? '',
      unitPriceCents: (row && !row.hidden && priceOf(row, line.size)) || 0,
      counted: row ? sizeRulesOf(row, line.size).stock !== null : false,
      problem: problemOf(row, line, {
        orderedToday: today.get(lineKey(line)) ?? 0,
        threshold: settings.lowStockThreshold,
      }),
    };
  });

  let rewards: PricedCart['rewards'] = null;
  let rewardsProblem: string | null = null;
  try {
    rewards = await checkRedemptionsForOrder(
      tx,
      { userId: member.id, deliveryMethod: cart.deliveryMethod },
      cart.rewardIds,
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    rewardsProblem = error.message;
  }
  if (wanted.length === 0 && rewards?.onlyFreeDelivery) rewardsProblem = NOTHING_TO_DELIVER;

  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  // Discounts on the sticker lines, in order: the level perk, then the promo code on what the perk left.
  const perk = subtotalCents > 0 ? await levelPerkOf(tx, member.id) : null;
  const perkCents = perk ? Math.floor((subtotalCents * perk.percentOff) / 100) : 0;
  const promo = cart.promoCode
    ? await checkPromoCode(tx, {
        userId: member.id,
        code: cart.promoCode,
        stickerSubtotalCents: subtotalCents,
        afterPerkCents: subtotalCents - perkCents,
        at,
      })
    : null;
  const promoCents = promo?.applied ? promo.discountCents : 0;
  const stickersCents = subtotalCents - perkCents - promoCents;
  const isDelivery = cart.deliveryMethod === 'Delivery';
  const delivery = isDelivery
    ? await quoteDelivery(
        tx,
        { zip: cart.zip, stickerSubtotalCents: subtotalCents, rewardOnly: lines.length === 0 },
        { at, settings },
      )
    : null;
  const freeDelivery = isDelivery && Boolean(rewards?.freeDelivery);
  const deliveryFeeCents = delivery && !freeDelivery ? delivery.feeCents : 0;
  // Store credit pays what it can of the whole order, the fee included.
  const storeCreditCents = Math.min(await storeCreditOf(tx, member.id), stickersCents + deliveryFeeCents);
  // Coins per dollar: on the stickers after perk and promo, whole dollars; store credit does not reduce them.
  const { coinsPerDollar } = await readEconomySettings(tx);
  const quoted = lines.map((line): QuotedLine => ({
    stickerId: line.stickerId,
    size: line.size,
    quantity: line.quantity,
    stickerName: line.stickerName || null,
    unitPriceCents: line.unitPriceCents || null,
    lineTotalCents: line.unitPriceCents * line.quantity,
    problem: line.problem?.message ?? null,
  }));
  return {
    quote: {
      lines: quoted,
      subtotalCents,
      perkPercent: perk?.percentOff ?? null,
      perkCents,
      promoCode: promo?.applied ? promo.code.code : null,
      promoCents,
      promoProblem: promo && !promo.applied ? promo.problem : null,
      promoDropped: promo?.applied === false && promo.invalid,
      deliveryFeeCents,
      freeDelivery,
      zipRequired: delivery?.zipRequired ?? false,
      deliveryArea: delivery?.area?.name ?? null,
      deliveryProblem: delivery?.problem ?? null,
      storeCreditCents,
      totalCents: stickersCents + deliveryFeeCents - storeCreditCents,
      rewardsProblem,
      purchaseCoins: coinsPerDollar * Math.floor(stickersCents / 100),
    },
    lines,
    delivery: delivery?.area ? { zip: cart.zip, areaName: delivery.area.name } : null,
    rewards,
    promo,
  };
}

/**
 * POST /api/orders/quote: the cart as the shop prices it now, for the member's cart page. A promo code that is not
 * valid counts against the member's tries (promo-pricing.service.ts); out of tries, the cart is priced without the
 * code, which is not looked at, and the quote says how long to wait.
 */
export async function quoteCart(ctx: ServiceContext, actor: Actor, cart: CartToPrice): Promise<OrderQuote> {
  const waitMs = cart.promoCode ? await promoTriesWaitMs(ctx, actor) : 0;
  const settings = await readShopSettings(ctx.db);
  const toPrice = waitMs > 0 ? { ...cart, promoCode: '' } : cart;
  const priced = await priceCart(ctx.db, actor, toPrice, { at: ctx.now, settings });
  if (waitMs > 0)
    return { ...priced.quote, promoProblem: tooManyAttempts(waitMs).message, promoDropped: true };
  if (priced.promo && !priced.promo.applied && priced.promo.invalid) await countPromoTry(ctx, actor);
  return priced.quote;
}
