import { asc, avg, count, eq, sql } from 'drizzle-orm';
import { DEFAULT_SHOP_NAME } from '~/shared/shop-name';
import { DEFAULT_TIME_ZONE } from '~/shared/time';
import type { Executor } from '~/server/db/client';
import { prepared } from '~/server/db/prepared';
import type { ServiceContext } from '~/server/service-context';
import { pickupLocation, shopSettings, sticker, stickerRating } from '~/server/db/tables/shop.tables';
import type { MenuSticker, RatingSummary, ShopSettings, PickupLocation } from '../shop.schema';
import { publish } from '~/server/events';
import { LOW_STOCK_THRESHOLD, STICKER_SIZES, type StickerSize, type StickerType } from '../shop.constants';
import { availabilityOf } from './sticker-sizes';
import { ASK_AGAIN_DAYS, isJoinMode } from '~/features/accounts/accounts.constants';

export type StickerRow = typeof sticker.$inferSelect;

/** The sticker a request is about: the route's `:stickerId`. */
export interface StickerRef {
  stickerId: string;
}

/** The spec's defaults (section 9 and departure 11); the Settings tab changes them. */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  shopName: DEFAULT_SHOP_NAME,
  contactPhone: '(202) 555-0142',
  deliveryFeeCents: 2000,
  timeZone: DEFAULT_TIME_ZONE,
  requireVerifiedEmail: false,
  joinMode: 'open',
  askAgainDays: ASK_AGAIN_DAYS.default,
  idCheck: false,
  pickupCode: false,
  lowStockThreshold: LOW_STOCK_THRESHOLD.default,
};

/** Members' menus (and the Catalog tab, and carts' quotes) refetch when the catalogue or a shown count changes. */
export const menuChanged = (tx: Executor) => publish(tx, 'shop.menu', {}, [{ kind: 'everyone' }]);

export async function readShopSettings(db: Executor): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) return DEFAULT_SHOP_SETTINGS;
  return {
    shopName: row.shopName,
    contactPhone: row.contactPhone,
    deliveryFeeCents: row.deliveryFeeCents,
    timeZone: row.timeZone,
    requireVerifiedEmail: row.requireVerifiedEmail,
    joinMode: isJoinMode(row.joinMode) ? row.joinMode : 'open',
    askAgainDays: row.askAgainDays,
    idCheck: row.idCheck,
    pickupCode: row.pickupCode,
    lowStockThreshold: row.lowStockThreshold,
  };
}

/** A sticker's price for a size in cents; null when that size is not offered (priced 0). */
export function priceOf(row: StickerRow, size: StickerSize): number | null {
  const cents = { '3.5g': row.price35gCents, oz: row.priceOzCents, lb: row.priceLbCents }[size];
  return cents > 0 ? cents : null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Category averages and the overall rating: the mean of the three averages (departure 4). */
export function summariseRatings(row: {
  count: number;
  smell: string | number | null;
  taste: string | number | null;
  high: string | number | null;
}): RatingSummary {
  if (!row.count) return { count: 0, smell: null, taste: null, high: null, overall: null };
  const smell = Number(row.smell);
  const taste = Number(row.taste);
  const high = Number(row.high);
  return {
    count: row.count,
    smell: round2(smell),
    taste: round2(taste),
    high: round2(high),
    overall: round2((smell + taste + high) / 3),
  };
}

/** Each rated sticker's averages (named, so the menu can join them as a table). */
const ratingAverages = (db: Executor) =>
  db
    .select({
      stickerId: stickerRating.stickerId,
      count: count().as('rating_count'),
      smell: avg(stickerRating.smell).as('rating_smell'),
      taste: avg(stickerRating.taste).as('rating_taste'),
      high: avg(stickerRating.high).as('rating_high'),
    })
    .from(stickerRating)
    .groupBy(stickerRating.stickerId);

/**
 * The menu, read each time a member opens it to order: the stickers with their averages and the shop's low-stock
 * threshold (what "Only N left" shows), one prepared statement.
 */
const menuRows = prepared('vault_menu', (db) => {
  const ratings = ratingAverages(db).as('ratings');
  return db
    .select({
      sticker,
      rating: { count: ratings.count, smell: ratings.smell, taste: ratings.taste, high: ratings.high },
      lowStockThreshold: sql<
        number | null
      >`(select ${shopSettings.lowStockThreshold} from ${shopSettings} where ${shopSettings.id} = 1)`,
    })
    .from(sticker)
    .leftJoin(ratings, eq(ratings.stickerId, sticker.id))
    .where(eq(sticker.hidden, false))
    .orderBy(asc(sticker.name), asc(sticker.id));
});

export async function ratingSummaries(db: Executor, stickerId?: string): Promise<Map<string, RatingSummary>> {
  return summariesOf(
    await ratingAverages(db).where(stickerId ? eq(stickerRating.stickerId, stickerId) : undefined),
  );
}

const summariesOf = (rows: Awaited<ReturnType<typeof ratingAverages>>) =>
  new Map(rows.map((row) => [row.stickerId, summariseRatings(row)]));

/** The menu: every sticker that is not hidden, with its prices, what is left and ratings. */
export async function listMenu({ db }: ServiceContext): Promise<MenuSticker[]> {
  const rows = await menuRows(db).execute();
  return rows.map((row) =>
    toMenuSticker(
      row.sticker,
      summariseRatings(row.rating),
      row.lowStockThreshold ?? DEFAULT_SHOP_SETTINGS.lowStockThreshold,
    ),
  );
}

export function toMenuSticker(
  row: StickerRow,
  rating: RatingSummary | undefined,
  lowStockThreshold: number,
): MenuSticker {
  return {
    id: row.id,
    name: row.name,
    type: row.type as StickerType,
    description: row.description,
    imageUrl: row.imageUrl,
    prices: Object.fromEntries(STICKER_SIZES.map((size) => [size, priceOf(row, size)])) as Record<
      StickerSize,
      number | null
    >,
    availability: Object.fromEntries(
      STICKER_SIZES.map((size) => [size, availabilityOf(row, size, lowStockThreshold)]),
    ) as MenuSticker['availability'],
    rating: rating ?? summariseRatings({ count: 0, smell: null, taste: null, high: null }),
  };
}

export async function listPickupLocations({ db }: ServiceContext): Promise<PickupLocation[]> {
  return db
    .select({ name: pickupLocation.name, displayName: pickupLocation.displayName })
    .from(pickupLocation)
    .orderBy(asc(pickupLocation.name));
}
