import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { orderItem, shopOrder } from '~/server/db/tables/orders.tables';
import { sticker } from '~/server/db/tables/shop.tables';
import type { Actor, ServiceContext } from '~/server/service-context';
import { sizedName, STICKER_SIZES, type StickerSize } from '../shop.constants';
import type { ReorderResponse } from '../orders.schema';
import type { OrderRef } from './orders.service';
import { priceOf } from './shop.service';

const isStickerSize = (size: string): size is StickerSize =>
  (STICKER_SIZES as readonly string[]).includes(size);

/**
 * Order again: the sticker lines of one of the member's past orders, at today's prices, for their cart. A sticker
 * no longer on the menu, or no longer sold in that size, is left out and named; reward lines are never repeated
 * (a reward is redeemed once). Another member's order is "not found". The cart prices what it holds again when it
 * shows, and the order's submit checks the total (decision 009).
 */
export async function reorderLines(
  { db }: ServiceContext,
  actor: Actor,
  { orderId }: OrderRef,
): Promise<ReorderResponse> {
  const [order] = await db
    .select({ id: shopOrder.id, deliveryMethod: shopOrder.deliveryMethod })
    .from(shopOrder)
    .where(and(eq(shopOrder.id, orderId), eq(shopOrder.userId, actor.id)));
  if (!order) throw new AppError('NOT_FOUND', 'This order does not exist.');
  const items = await db.select().from(orderItem).where(eq(orderItem.orderId, orderId)).orderBy(orderItem.id);
  const stickerLines = items.filter((item) => item.redemptionId === null && item.size !== 'Reward');
  const stickerIds = [...new Set(stickerLines.flatMap((item) => (item.stickerId ? [item.stickerId] : [])))];
  const stickers = new Map(
    stickerIds.length
      ? (await db.select().from(sticker).where(inArray(sticker.id, stickerIds))).map((row) => [row.id, row])
      : [],
  );
  const lines: ReorderResponse['lines'] = [];
  const skipped: string[] = [];
  for (const item of stickerLines) {
    const current = item.stickerId ? stickers.get(item.stickerId) : undefined;
    const size = isStickerSize(item.size) ? item.size : null;
    const price = current && !current.hidden && size ? priceOf(current, size) : null;
    // Each line names its size: the same sticker may still be sold in another.
    if (!current || !size || price === null) {
      skipped.push(size ? sizedName(item.stickerName, size) : item.stickerName);
      continue;
    }
    lines.push({
      stickerId: current.id,
      stickerName: current.name,
      size,
      quantity: item.quantity,
      unitPriceCents: price,
    });
  }
  return { deliveryMethod: order.deliveryMethod as ReorderResponse['deliveryMethod'], lines, skipped };
}
