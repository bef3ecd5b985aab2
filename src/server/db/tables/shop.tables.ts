import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

/**
 * A sticker on the menu. A price of 0 cents means that size is not offered. Each size may also carry a stock count
 * (null: unlimited), a most per order (null: MAX_LINE_QUANTITY) and a most per member per day (null: none); see
 * stock.service.ts.
 */
export const sticker = pgTable(
  'sticker',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    /** Indica, Sativa or Hybrid. */
    type: text().notNull(),
    description: text().notNull(),
    /** Our own URL (an upload or a bundled artwork); empty for none. */
    imageUrl: text().notNull().default(''),
    price35gCents: integer().notNull().default(0),
    priceOzCents: integer().notNull().default(0),
    priceLbCents: integer().notNull().default(0),
    stock35g: integer(),
    stockOz: integer(),
    stockLb: integer(),
    orderLimit35g: integer(),
    orderLimitOz: integer(),
    orderLimitLb: integer(),
    dailyLimit35g: integer(),
    dailyLimitOz: integer(),
    dailyLimitLb: integer(),
    /** Hidden stickers leave the menu; past orders keep their lines. */
    hidden: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'sticker_prices_non_negative',
      sql`${t.price35gCents} >= 0 and ${t.priceOzCents} >= 0 and ${t.priceLbCents} >= 0`,
    ),
    check('sticker_stock_non_negative', sql`${t.stock35g} >= 0 and ${t.stockOz} >= 0 and ${t.stockLb} >= 0`),
    check(
      'sticker_limits_positive',
      sql`${t.orderLimit35g} >= 1 and ${t.orderLimitOz} >= 1 and ${t.orderLimitLb} >= 1 and ${t.dailyLimit35g} >= 1 and ${t.dailyLimitOz} >= 1 and ${t.dailyLimitLb} >= 1`,
    ),
  ],
);

/** One member's rating of a sticker: smell, taste and high, each 1 to 5. */
export const stickerRating = pgTable(
  'sticker_rating',
  {
    id: text().primaryKey(),
    stickerId: text()
      .notNull()
      .references(() => sticker.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    smell: smallint().notNull(),
    taste: smallint().notNull(),
    high: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sticker_rating_sticker_idx').on(t.stickerId),
    check(
      'sticker_rating_range',
      sql`${t.smell} between 1 and 5 and ${t.taste} between 1 and 5 and ${t.high} between 1 and 5`,
    ),
  ],
);

/**
 * A pickup location: `name` is the key, stored trimmed and lowercased so it is unique ignoring case (orders keep
 * it); `displayName` is how members read it, as the admin typed it.
 */
export const pickupLocation = pgTable('pickup_location', {
  name: text().primaryKey(),
  displayName: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A delivery area (the Locations tab): the ZIP codes it covers, its own fee and minimum order. With no areas the
 * shop delivers anywhere at the settings' fee; with areas, a Delivery order's ZIP must be in one (quote.service.ts).
 */
export const deliveryArea = pgTable(
  'delivery_area',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    feeCents: integer().notNull(),
    /** The sticker subtotal a Delivery order needs here; 0 for none. Reward-only orders are exempt. */
    minimumCents: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('delivery_area_name_idx').on(sql`lower(${t.name})`),
    check('delivery_area_amounts', sql`${t.feeCents} >= 0 and ${t.minimumCents} >= 0`),
  ],
);

/** A ZIP code a delivery area covers: each ZIP in at most one area. */
export const deliveryAreaZip = pgTable(
  'delivery_area_zip',
  {
    zip: text().primaryKey(),
    areaId: text()
      .notNull()
      .references(() => deliveryArea.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('delivery_area_zip_area_idx').on(t.areaId),
    check('delivery_area_zip_five_digits', sql`${t.zip} ~ '^[0-9]{5}$'`),
  ],
);

/**
 * When the shop delivers, per weekday (1 Monday … 7 Sunday) in its time zone: minutes from midnight, the closing
 * minute excluded. No rows: always open; with rows, a weekday without one is closed.
 */
export const deliveryHours = pgTable(
  'delivery_hours',
  {
    weekday: smallint().primaryKey(),
    opensAt: smallint().notNull(),
    closesAt: smallint().notNull(),
  },
  (t) => [
    check('delivery_hours_weekday', sql`${t.weekday} between 1 and 7`),
    check(
      'delivery_hours_window',
      sql`0 <= ${t.opensAt} and ${t.opensAt} < ${t.closesAt} and ${t.closesAt} <= 1440`,
    ),
  ],
);

/** The shop's settings: one row (id 1). */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer().primaryKey().default(1),
    shopName: text().notNull(),
    /** The number a member calls to confirm an order, shown after submitting. */
    contactPhone: text().notNull(),
    deliveryFeeCents: integer().notNull(),
    /** Mass SMS: how many messages may be queued in any 24 hours (a send over it is refused whole). */
    smsDailyCap: integer().notNull().default(500),
    /** The shop's IANA time zone: where its weeks start (Monday 00:00) for the leaderboard's This Week board. */
    timeZone: text().notNull().default('America/New_York'),
    /** Members must confirm their e-mail before they can sign in (off: they may, with a banner until they do). */
    requireVerifiedEmail: boolean().notNull().default(false),
    /**
     * How new members join (JOIN_MODES, accounts.constants.ts): open to anyone, with a member's referral code, after
     * a staff review, or both.
     */
    joinMode: text().notNull().default('open'),
    /** Days a declined member waits before they may ask again; their contact fields are erased after it. */
    askAgainDays: integer().notNull().default(30),
    /** Under staff approval, a pending member gives a photo of a government ID and a date of birth (21 or older). */
    idCheck: boolean().notNull().default(false),
    /** Pickup orders: the member shows the handover code at the counter and staff type it to mark Completed. */
    pickupCode: boolean().notNull().default(false),
    /** The menu says "Only N left" for a size with this many or fewer; catalogue staff are told when one falls to it. */
    lowStockThreshold: integer().notNull().default(5),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_fee_non_negative', sql`${t.deliveryFeeCents} >= 0`),
    check('shop_settings_sms_cap_non_negative', sql`${t.smsDailyCap} >= 0`),
    check(
      'shop_settings_join_mode',
      sql`${t.joinMode} in ('open', 'referral', 'approval', 'referral-approval')`,
    ),
    check('shop_settings_ask_again_days', sql`${t.askAgainDays} between 1 and 365`),
    check('shop_settings_low_stock_threshold', sql`${t.lowStockThreshold} between 0 and 1000`),
  ],
);
