import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth.tables';
import { shopOrder } from './orders.tables';

/**
 * A promo code the Economy tab runs (decision 042): percent or amount off the sticker lines, with optional limits.
 * `uses` counts the orders using it now, taken in the order's transaction by one conditional update (so of many
 * members racing for the last use, one wins) and given back when such an order is cancelled.
 */
export const promoCode = pgTable(
  'promo_code',
  {
    id: text().primaryKey(),
    /** As members type it, normalised (normalizePromoCode): upper case, no spaces. */
    code: text().notNull(),
    /** percent or amount. */
    kind: text().notNull(),
    percentOff: integer(),
    amountOffCents: integer(),
    /** On the sticker subtotal, before discounts. */
    minOrderCents: integer(),
    /** First and last day it works, in the shop's time zone, both included. */
    startsOn: date({ mode: 'string' }),
    endsOn: date({ mode: 'string' }),
    maxUses: integer(),
    uses: integer().notNull().default(0),
    oncePerMember: boolean().notNull().default(false),
    firstOrderOnly: boolean().notNull().default(false),
    paused: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_code_code_idx').on(t.code),
    check('promo_code_kind', sql`${t.kind} in ('percent', 'amount')`),
    check('promo_code_uses', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

/**
 * An order that used a promo code, written in the order's transaction and deleted when the order is cancelled (its
 * use goes back). `onceKey` is the member's id for a once-per-member code and null otherwise, so the unique
 * (code, onceKey) lets a member use such a code once however many devices submit at once.
 */
export const promoUse = pgTable(
  'promo_use',
  {
    orderId: text()
      .primaryKey()
      .references(() => shopOrder.id, { onDelete: 'cascade' }),
    promoCodeId: text()
      .notNull()
      .references(() => promoCode.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    onceKey: text(),
    discountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_use_once_idx').on(t.promoCodeId, t.onceKey),
    index('promo_use_user_idx').on(t.userId),
  ],
);

/** A level perk: from `fromLevel` on, `percentOff` off the sticker lines (the highest level reached applies). */
export const levelPerk = pgTable(
  'level_perk',
  {
    fromLevel: integer().primaryKey(),
    percentOff: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('level_perk_percent', sql`${t.percentOff} between 1 and 100`)],
);
