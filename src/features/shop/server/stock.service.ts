import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, sql, sum } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { notifyEach } from '~/features/notifications/server/notifications.service';
import { writeAudit } from '~/server/audit';
import { publish } from '~/server/events';
import type { Executor } from '~/server/db/client';
import { orderItem, shopOrder } from '~/server/db/tables/orders.tables';
import { sticker } from '~/server/db/tables/shop.tables';
import { holdersOf } from '~/server/member-standing';
import type { Actor, ServiceContext } from '~/server/service-context';
import {
  MAX_STOCK,
  notEnoughText,
  onlyLeftText,
  sizedName,
  soldOutText,
  type StickerSize,
} from '../shop.constants';
import { menuChanged, readShopSettings, type StickerRef } from './shop.service';
import { sizeColumns, sizeRulesOf } from './sticker-sizes';
import { catalogStickerOf } from './catalog.service';
import type { CatalogSticker } from '../shop.schema';

/**
 * Stock and limits. Each size of a sticker may carry a count (null: unlimited, as before counts existed), a most per
 * order (null: MAX_LINE_QUANTITY) and a most per member per day across orders (null: none). An order takes its
 * counted lines' quantities when it is placed and gives them back when it is cancelled, unless it was completed.
 */

export const lineKey = (line: { stickerId: string; size: string }) => `${line.stickerId}|${line.size}`;

/**
 * How many of each sticker and size the member ordered today (the shop's day, in its time zone), keyed by lineKey;
 * cancelled orders are not counted. The caller holds the member's row locked, so two devices cannot both pass.
 */
export async function orderedToday(
  tx: Executor,
  { userId, at, timeZone, stickerIds }: { userId: string; at: Date; timeZone: string; stickerIds: string[] },
): Promise<Map<string, number>> {
  if (stickerIds.length === 0) return new Map();
  const dayStart = sql`(date_trunc('day', ${at.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;
  const rows = await tx
    .select({ stickerId: orderItem.stickerId, size: orderItem.size, quantity: sum(orderItem.quantity) })
    .from(orderItem)
    .innerJoin(shopOrder, eq(shopOrder.id, orderItem.orderId))
    .where(
      and(
        eq(shopOrder.userId, userId),
        ne(shopOrder.status, 'cancelled'),
        gte(shopOrder.createdAt, dayStart),
        inArray(orderItem.stickerId, stickerIds),
      ),
    )
    .groupBy(orderItem.stickerId, orderItem.size);
  return new Map(
    rows.map((row) => [lineKey({ stickerId: row.stickerId!, size: row.size }), Number(row.quantity)]),
  );
}

/** One line's stock to take or give back. */
export interface StockLine {
  stickerId: string;
  stickerName: string;
  size: StickerSize;
  quantity: number;
}

/** The lines (lineKey) whose size carries a count now. */
export async function countedSizes(tx: Executor, lines: readonly StockLine[]): Promise<Set<string>> {
  const ids = [...new Set(lines.map((line) => line.stickerId))];
  const rows = ids.length ? await tx.select().from(sticker).where(inArray(sticker.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return new Set(
    lines
      .filter((line) => {
        const row = byId.get(line.stickerId);
        return row !== undefined && sizeRulesOf(row, line.size).stock !== null;
      })
      .map(lineKey),
  );
}

/** The Catalog tab's counts refetch (catalogue staff only); menuChanged covers it too. */
const stockChanged = (tx: Executor) =>
  publish(tx, 'shop.stock', {}, [{ kind: 'capability', capability: 'manage:catalog' }]);

/** Lines in one order (sticker, then size), so two orders taking the same rows never wait on each other. */
const inLockOrder = <T extends { stickerId: string; size: string }>(lines: readonly T[]) =>
  [...lines].sort((a, b) => lineKey(a).localeCompare(lineKey(b)));

/**
 * Takes each line's quantity from its size's count: a conditional update (`stock >= quantity`), so of members
 * racing for the last ones exactly as many win as there are. Lines whose size has no count take nothing. A line
 * that finds too few left throws a 409 naming the sticker (the whole order rolls back). Returns the keys
 * (lineKey) of the lines that took stock.
 */
export async function takeStock(
  tx: Executor,
  lines: readonly StockLine[],
  {
    at,
    counted,
    actorId,
    refuse = (line, left, threshold) =>
      new AppError('CONFLICT', soldOutMessage(line, left, threshold), { title: 'Sold Out' }),
  }: {
    at: Date;
    /** The lines (lineKey) whose size carries a count: the rest take nothing. */
    counted: ReadonlySet<string>;
    /** Staff who took it (reopening an order): not told of their own change. */
    actorId?: string;
    /** The error for a line with too few left. */
    refuse?: (line: StockLine, left: number, threshold: number) => AppError;
  },
): Promise<Set<string>> {
  const taken = new Set<string>();
  const toTake = inLockOrder(lines.filter((line) => counted.has(lineKey(line))));
  // Most orders carry no counted size: they read nothing more.
  if (toTake.length === 0) return taken;
  const threshold = (await readShopSettings(tx)).lowStockThreshold;
  let shownChanged = false;
  for (const line of toTake) {
    const { stockKey, stock } = sizeColumns(line.size);
    const [row] = await tx
      .update(sticker)
      .set({ [stockKey]: sql`${stock} - ${line.quantity}` })
      .where(and(eq(sticker.id, line.stickerId), isNotNull(stock), gte(stock, line.quantity)))
      .returning({ left: stock });
    if (!row) {
      const [now] = await tx.select({ left: stock }).from(sticker).where(eq(sticker.id, line.stickerId));
      // Staff made the size unlimited meanwhile: nothing to take.
      if (now?.left === null) continue;
      throw refuse(line, now?.left ?? 0, threshold);
    }
    taken.add(lineKey(line));
    const moved = { from: row.left! + line.quantity, to: row.left!, threshold, at, actorId };
    shownChanged = (await stockMoved(tx, line, moved)) || shownChanged;
  }
  if (shownChanged) await menuChanged(tx);
  else if (taken.size) await stockChanged(tx);
  return taken;
}

/**
 * Why a line cannot have its quantity: the size is sold out, or fewer are left. The count itself only where the menu
 * shows it too (at the low-stock threshold or below), so asking for more never reveals a count above it.
 */
export function soldOutMessage(
  line: Pick<StockLine, 'stickerName' | 'size' | 'quantity'>,
  left: number,
  threshold: number,
): string {
  if (left <= 0) return soldOutText(line.stickerName, line.size);
  if (left <= threshold) return onlyLeftText(line.stickerName, line.size, left);
  return notEnoughText(line.stickerName, line.size, line.quantity);
}

/**
 * A step of the one cancel path (releaseCancelledOrder): the lines that took stock give it back, unless the size has
 * lost its count since. Each line gives back once.
 */
export async function returnStock(tx: Executor, { orderId }: { orderId: string }): Promise<void> {
  const lines = await tx
    .update(orderItem)
    .set({ stockTaken: false })
    .where(and(eq(orderItem.orderId, orderId), eq(orderItem.stockTaken, true)))
    .returning({ stickerId: orderItem.stickerId, size: orderItem.size, quantity: orderItem.quantity });
  // A sticker line keeps its id (reward lines have none, and take no stock); its size is a sticker size.
  const returned = inLockOrder(
    lines.filter((line) => line.stickerId !== null) as Omit<StockLine, 'stickerName'>[],
  );
  for (const line of returned) {
    const { stockKey, stock } = sizeColumns(line.size);
    await tx
      .update(sticker)
      .set({ [stockKey]: sql`${stock} + ${line.quantity}` })
      .where(and(eq(sticker.id, line.stickerId), isNotNull(stock)));
  }
  // The menu may show a count again (it cannot tell which): what it shows is read afresh.
  if (returned.length) await menuChanged(tx);
}

/**
 * A count moved: catalogue staff (but the one who moved it) hear of it once when it falls to the low-stock threshold
 * or below (not again while it stays there), and once more when it sells out. Says whether what the menu shows
 * changed ("Only N left", Sold out).
 */
async function stockMoved(
  tx: Executor,
  line: Pick<StockLine, 'stickerName' | 'size'>,
  moved: { from: number | null; to: number | null; threshold: number; at: Date; actorId?: string },
): Promise<boolean> {
  const { from, to, threshold, at, actorId } = moved;
  const shown = (count: number | null) => count !== null && count <= threshold;
  const fellLow = shown(to) && !shown(from);
  const soldOut = to === 0 && from !== 0;
  if (!fellLow && !soldOut) return shown(from) || shown(to);
  const what = sizedName(line.stickerName, line.size);
  const message = to === 0 ? `${what} is sold out.` : `${what} is down to ${to} left.`;
  const staff = (await holdersOf(tx, 'manage:catalog')).filter((holder) => holder.id !== actorId);
  await notifyEach(
    tx,
    staff.map((holder) => ({
      userId: holder.id,
      message,
      link: '/admin?tab=catalog',
      from: 'staff' as const,
      at,
    })),
  );
  return true;
}

/** A size's count and the sticker's name, read for a staff change. */
async function countOf(tx: Executor, { stickerId, size }: StickerRef & { size: StickerSize }) {
  const { stock } = sizeColumns(size);
  const [row] = await tx
    .select({ name: sticker.name, count: stock })
    .from(sticker)
    .where(eq(sticker.id, stickerId));
  if (!row) throw new AppError('NOT_FOUND', 'This sticker does not exist.');
  return row;
}

const countText = (count: number | null) => (count === null ? 'unlimited' : String(count));

/**
 * Staff set a size's count (null: unlimited) against the count they saw: if it moved meanwhile (an order took some,
 * someone else set it), nothing changes and the answer is 409 "Stock changed" with the count as it is now. Audited.
 */
export async function setStock(
  { db, now }: ServiceContext,
  actor: Actor,
  {
    stickerId,
    size,
    count,
    expected,
  }: StickerRef & { size: StickerSize; count: number | null; expected: number | null },
): Promise<CatalogSticker> {
  return db.transaction(async (tx) => {
    const { stockKey, stock } = sizeColumns(size);
    const [row] = await tx
      .update(sticker)
      .set({ [stockKey]: count, updatedAt: now })
      .where(and(eq(sticker.id, stickerId), expected === null ? isNull(stock) : eq(stock, expected)))
      .returning();
    if (!row) {
      const current = await countOf(tx, { stickerId, size });
      throw new AppError(
        'CONFLICT',
        `The count changed since you opened it: it is ${countText(current.count)} now. Look at it again and save.`,
        { title: 'Stock changed' },
      );
    }
    await writeAudit(tx, {
      eventType: 'STOCK_SET',
      actorId: actor.id,
      meta: { stickerId, size, from: expected, to: count },
      at: now,
    });
    const threshold = (await readShopSettings(tx)).lowStockThreshold;
    const moved = { from: expected, to: count, threshold, at: now, actorId: actor.id };
    await stockMoved(tx, { stickerName: row.name, size }, moved);
    await menuChanged(tx);
    return catalogStickerOf(tx, row);
  });
}

/**
 * Staff add what arrived or take away what left (`by`, + or −) whatever the count is now: one conditional update,
 * never below 0. A size with no count has nothing to adjust. Audited with the count before and after.
 */
export async function adjustStock(
  { db, now }: ServiceContext,
  actor: Actor,
  { stickerId, size, by }: StickerRef & { size: StickerSize; by: number },
): Promise<CatalogSticker> {
  return db.transaction(async (tx) => {
    const { stockKey, stock } = sizeColumns(size);
    const [row] = await tx
      .update(sticker)
      .set({ [stockKey]: sql`${stock} + ${by}`, updatedAt: now })
      .where(
        and(
          eq(sticker.id, stickerId),
          isNotNull(stock),
          gte(sql`${stock} + ${by}`, 0),
          lte(sql`${stock} + ${by}`, MAX_STOCK),
        ),
      )
      .returning();
    if (!row) {
      const current = await countOf(tx, { stickerId, size });
      throw current.count === null
        ? new AppError('BAD_REQUEST', 'This size has no count (unlimited): set a count first.', {
            title: 'Stock not changed',
          })
        : new AppError(
            'CONFLICT',
            by < 0
              ? `Only ${current.count} in stock: you cannot take away ${-by}.`
              : `${current.count} in stock: a count can be at most ${MAX_STOCK.toLocaleString('en-US')}.`,
            { title: 'Stock not changed' },
          );
    }
    const to = sizeRulesOf(row, size).stock!;
    await writeAudit(tx, {
      eventType: 'STOCK_ADJUSTED',
      actorId: actor.id,
      meta: { stickerId, size, by, from: to - by, to },
      at: now,
    });
    const threshold = (await readShopSettings(tx)).lowStockThreshold;
    const moved = { from: to - by, to, threshold, at: now, actorId: actor.id };
    await stockMoved(tx, { stickerName: row.name, size }, moved);
    await menuChanged(tx);
    return catalogStickerOf(tx, row);
  });
}
