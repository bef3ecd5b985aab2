import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

/**
 * A reward members spend coins on (the Rewards Center). Staff edit the catalogue; a hidden reward leaves the
 * Rewards Center at once, and redemptions already made keep their title and cost.
 */
export const reward = pgTable(
  'reward',
  {
    id: text().primaryKey(),
    title: text().notNull(),
    description: text().notNull(),
    costCoins: integer().notNull(),
    /** `free-delivery` makes a Delivery order's fee $0; an `item` is a $0 line the shop fulfils. */
    kind: text().notNull().default('item'),
    /** The generated artwork drawn when there is no image (src/features/economy/client/reward-art.tsx). */
    art: text().notNull().default('gift'),
    /** An uploaded image (our own URL), shown instead of the generated artwork; empty for none. */
    imageUrl: text().notNull().default(''),
    /** Staff approve a redemption before it reaches the member's cart (cash credit, the trip). */
    needsApproval: boolean().notNull().default(false),
    /**
     * What the reward is worth as store credit, in cents ("$100 Cash or Store Credit"): staff approving a request
     * choose credit (added to the member's balance) or cash paid by hand (a $0 line of an order). Null: neither.
     */
    creditCents: integer(),
    hidden: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reward_cost_positive', sql`${t.costCoins} > 0`),
    check('reward_credit_positive', sql`${t.creditCents} > 0`),
  ],
);

/**
 * One redemption of a reward by a member: the coins are spent when it is made, in the same transaction. Its
 * status: `requested` (waiting for staff) → `in-cart`, or `refused` (coins refunded); `unused` ⇄ `in-cart` as the
 * member moves it in and out of their cart; `used` by an order (back to `unused` if the shop cancels the order);
 * `credited` when staff paid it as store credit (a request approved as credit, or an unused one converted).
 */
export const rewardRedemption = pgTable(
  'reward_redemption',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rewardId: text()
      .notNull()
      .references(() => reward.id),
    /** The title, cost and kind when it was redeemed: a later catalogue edit does not change what was bought. */
    title: text().notNull(),
    costCoins: integer().notNull(),
    kind: text().notNull(),
    /** The reward's worth as store credit when it was redeemed (reward.credit_cents). */
    creditCents: integer(),
    status: text().notNull(),
    /** A double tap or a retried request carries the same key and gets the same redemption. */
    idempotencyKey: text().notNull(),
    /** The order that used it (an order id; no foreign key, so the order's own rows keep the history). */
    orderId: text(),
    /** Staff's reason when refusing a request; the member reads it. */
    note: text(),
    decidedBy: text().references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('reward_redemption_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('reward_redemption_user_status_idx').on(t.userId, t.status),
    index('reward_redemption_order_idx').on(t.orderId),
    // The Economy tab's queue of requests, oldest first.
    index('reward_redemption_requested_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'requested'`),
    check(
      'reward_redemption_status_known',
      sql`${t.status} in ('requested', 'unused', 'in-cart', 'used', 'refused', 'credited')`,
    ),
    check('reward_redemption_cost_positive', sql`${t.costCoins} > 0`),
  ],
);
