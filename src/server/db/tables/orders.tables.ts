import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';
import { rewardRedemption } from './rewards.tables';
import { sticker } from './shop.tables';

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
    /** The level perk and the promo code (its text then, the code's row in promo_use) taken off the stickers. */
    perkCents: integer().notNull().default(0),
    promoCode: text(),
    promoCents: integer().notNull().default(0),
    deliveryFeeCents: integer().notNull(),
    /** Store credit the order spent (subtotal + fee - credit = total, what is left to pay); a cancel gives it back. */
    storeCreditCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    /** The delivery area its ZIP fell in (its name then); null for Pickup or when the shop had no areas. */
    deliveryZip: text(),
    deliveryAreaName: text(),
    /** Coins it pays when completed: coins per dollar on the stickers after perk and promo, as set when placed. */
    purchaseCoins: integer().notNull().default(0),
    status: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The driver flow.
    assignedDriverId: text().references(() => user.id, { onDelete: 'set null' }),
    claimedAt: timestamp({ withTimezone: true }),
    etaMinutes: integer(),
    etaSubmittedAt: timestamp({ withTimezone: true }),
    /** When the driver told the customer they are on the way: once per order. */
    customerNotifiedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    /** When staff confirmed the order; null while it never was (or since it went back to the queue or pending). */
    confirmedAt: timestamp({ withTimezone: true }),
    /** Wrong handover codes typed by the driver; at HANDOVER_TRIES only staff can complete the order. */
    handoverTries: integer().notNull().default(0),
    /**
     * Delivered with a photo at the door (nobody answered): when, the driver's note, and the photo, a private file
     * (src/server/uploads/private-files.ts) whose key is dropped after DOOR_PHOTO_KEPT_DAYS. The time and note stay.
     */
    leftAtDoorAt: timestamp({ withTimezone: true }),
    doorNote: text(),
    doorPhotoKey: text(),
    /**
     * The staff member who gave this run to its driver (dispatch); null when the driver called dibs. An assigned
     * run may be declined, or left to expire, without a strike.
     */
    assignedById: text().references(() => user.id, { onDelete: 'set null' }),
    /** When the member cancelled the order themselves: such an order is never reopened. */
    cancelledByMemberAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shop_order_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('shop_order_user_created_idx').on(t.userId, t.createdAt),
    index('shop_order_status_created_idx').on(t.status, t.createdAt),
    // The desk's lists, newest first (orders.service.ts): the archive walks every order's (created_at, id) and
    // stops after a page; the active orders, a few among years of archive, have a partial index of their own.
    index('shop_order_created_idx').on(t.createdAt, t.id),
    index('shop_order_active_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} not in ('completed', 'cancelled')`),
    // A driver's runs and history (delivery.service.ts), and the foreign key when a driver's account goes.
    index('shop_order_driver_idx').on(t.assignedDriverId, t.status, t.completedAt, t.id),
    // The door photos the hourly sweep deletes once their time is up.
    index('shop_order_door_photo_idx')
      .on(t.leftAtDoorAt)
      .where(sql`${t.doorPhotoKey} is not null`),
    check(
      'shop_order_amounts_non_negative',
      sql`${t.subtotalCents} >= 0 and ${t.deliveryFeeCents} >= 0 and ${t.totalCents} >= 0 and ${t.storeCreditCents} >= 0 and ${t.perkCents} >= 0 and ${t.promoCents} >= 0 and ${t.purchaseCoins} >= 0`,
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
    /** 3.5g, oz or lb; `Reward` for a reward line (its name starts 'REWARD: ', its price is 0). */
    size: text().notNull(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    lineTotalCents: integer().notNull(),
    /** A reward line's redemption (src/server/db/tables/rewards.tables.ts). */
    redemptionId: text().references(() => rewardRedemption.id, { onDelete: 'set null' }),
    /** The line took its quantity from the sticker's stock (a counted size), so a cancel gives it back. */
    stockTaken: boolean().notNull().default(false),
  },
  (t) => [
    index('order_item_order_idx').on(t.orderId),
    check('order_item_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Every change of a member's store credit, in cents, written with the change of user.store_credit_cents in one
 * transaction: a reward paid as credit (+), an order paying with it (-), its cancel giving it back (+). One row per
 * cause (`reason`, `reference`), so a raced or retried cause moves the balance once.
 */
export const storeCreditEntry = pgTable(
  'store_credit_entry',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deltaCents: integer().notNull(),
    /** reward (a redemption paid as credit), order (spent on it), order-refund (its cancel). */
    reason: text().notNull(),
    /** The redemption or order id. */
    reference: text().notNull(),
    /** The staff member who turned a reward into credit; null for the member's own orders. */
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_credit_entry_cause_idx').on(t.reason, t.reference),
    index('store_credit_entry_user_idx').on(t.userId, t.createdAt),
    check('store_credit_entry_reason', sql`${t.reason} in ('reward', 'order', 'order-refund')`),
    check('store_credit_entry_delta_nonzero', sql`${t.deltaCents} <> 0`),
  ],
);
