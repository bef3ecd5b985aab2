import { sticker } from '~/server/db/tables/shop.tables';
import { MAX_LINE_QUANTITY } from '../orders.constants';
import type { CatalogSticker, SizeAvailability } from '../shop.schema';
import { STICKER_SIZES, type StickerSize } from '../shop.constants';
import type { StickerRow } from './shop.service';

/**
 * A sticker's sizes as its row holds them: each size's price, count (null: unlimited), most per order (null:
 * MAX_LINE_QUANTITY) and most per member per day (null: none) live in columns named after the size.
 */
const SUFFIX = { '3.5g': '35g', oz: 'Oz', lb: 'Lb' } as const satisfies Record<StickerSize, string>;

/** The columns of a size's count and limits. */
export function sizeColumns(size: StickerSize) {
  const suffix = SUFFIX[size];
  return {
    stockKey: `stock${suffix}`,
    stock: sticker[`stock${suffix}`],
    orderLimit: sticker[`orderLimit${suffix}`],
    dailyLimit: sticker[`dailyLimit${suffix}`],
  } as const;
}

/** A size's count and limits as a row holds them; the per-order limit is never above MAX_LINE_QUANTITY. */
export function sizeRulesOf(row: StickerRow, size: StickerSize) {
  const suffix = SUFFIX[size];
  const orderLimit = row[`orderLimit${suffix}`];
  return {
    stock: row[`stock${suffix}`],
    orderLimit: Math.min(orderLimit ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY),
    dailyLimit: row[`dailyLimit${suffix}`],
  };
}

/** A size as the menu shows it: the count itself only at or below the low-stock threshold. */
export function availabilityOf(row: StickerRow, size: StickerSize, threshold: number): SizeAvailability {
  const { stock, orderLimit, dailyLimit } = sizeRulesOf(row, size);
  return {
    soldOut: stock === 0,
    onlyLeft: stock !== null && stock > 0 && stock <= threshold ? stock : null,
    orderLimit,
    dailyLimit,
  };
}

const perSize = <T>(value: (size: StickerSize) => T) =>
  Object.fromEntries(STICKER_SIZES.map((size) => [size, value(size)])) as Record<StickerSize, T>;

/** The Catalog tab's view of a size's numbers: the counts and the limits exactly as set. */
export function stockFieldsOf(
  row: StickerRow,
): Pick<CatalogSticker, 'stock' | 'orderLimits' | 'dailyLimits'> {
  return {
    stock: perSize((size) => row[`stock${SUFFIX[size]}`]),
    orderLimits: perSize((size) => row[`orderLimit${SUFFIX[size]}`]),
    dailyLimits: perSize((size) => row[`dailyLimit${SUFFIX[size]}`]),
  };
}

/** The columns a catalogue edit sets for its limits; a size left out stays as it is. */
export function limitColumns(limits: {
  orderLimits?: Partial<Record<StickerSize, number | null>> | undefined;
  dailyLimits?: Partial<Record<StickerSize, number | null>> | undefined;
}): Partial<StickerRow> {
  const columns: Record<string, number | null> = {};
  for (const size of STICKER_SIZES) {
    const order = limits.orderLimits?.[size];
    const daily = limits.dailyLimits?.[size];
    if (order !== undefined) columns[`orderLimit${SUFFIX[size]}`] = order;
    if (daily !== undefined) columns[`dailyLimit${SUFFIX[size]}`] = daily;
  }
  return columns as Partial<StickerRow>;
}
