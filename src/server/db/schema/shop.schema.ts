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
import { user } from './auth.schema';

/** A sticker on the menu. A price of 0 cents means that size is not offered. */
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

/** A pickup location, stored trimmed and lowercased; unique ignoring case. */
export const pickupLocation = pgTable('pickup_location', {
  name: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The shop's settings: one row (id 1). */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer().primaryKey().default(1),
    shopName: text().notNull(),
    /** The number a member calls to confirm an order, shown after submitting. */
    contactPhone: text().notNull(),
    deliveryFeeCents: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_fee_non_negative', sql`${t.deliveryFeeCents} >= 0`),
  ],
);

/** An order, priced by the server at the time of ordering (integer cents). */
export const shopOrder = pgTable(
  'shop_order',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** A retried or double-tapped submit carries the same key and gets the same order. */
    idempotencyKey: text().notNull(),
    userName: text().notNull(),
    userEmail: text().notNull(),
    userPhone: text().notNull(),
    /** Null for pickup. */
    userAddress: text(),
    pickupLocation: text().notNull(),
    /** Delivery or Pickup. */
    deliveryMethod: text().notNull(),
    paymentMethod: text().notNull(),
    notes: text().notNull().default(''),
    subtotalCents: integer().notNull(),
    deliveryFeeCents: integer().notNull(),
    totalCents: integer().notNull(),
    status: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The driver flow.
    assignedDriverId: text().references(() => user.id, { onDelete: 'set null' }),
    claimedAt: timestamp({ withTimezone: true }),
    etaMinutes: integer(),
    etaSubmittedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shop_order_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('shop_order_user_created_idx').on(t.userId, t.createdAt),
    index('shop_order_status_created_idx').on(t.status, t.createdAt),
    check(
      'shop_order_amounts_non_negative',
      sql`${t.subtotalCents} >= 0 and ${t.deliveryFeeCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

/** One line of an order, with the name and price it had when ordered. */
export const orderItem = pgTable(
  'order_item',
  {
    id: text().primaryKey(),
    orderId: text()
      .notNull()
      .references(() => shopOrder.id, { onDelete: 'cascade' }),
    stickerId: text().references(() => sticker.id, { onDelete: 'set null' }),
    stickerName: text().notNull(),
    /** 3.5g, oz or lb. */
    size: text().notNull(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    lineTotalCents: integer().notNull(),
  },
  (t) => [
    index('order_item_order_idx').on(t.orderId),
    check('order_item_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
