import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

/** Every change of coins or XP, written with the balance change in one transaction. */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deltaCoins: integer().notNull(),
    deltaXp: integer().notNull(),
    /** What earned or spent it: weekly-bonus, post, comment, rating, redeem, referral, admin-adjustment, ... */
    reason: text().notNull(),
    /** The post, order or reward it is about, when there is one. */
    reference: text(),
    /** What staff wrote when adjusting a balance by hand, or the reward redeemed; the member sees it in their history. */
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_entry_user_reason_idx').on(t.userId, t.reason, t.createdAt)],
);

/** The economy's award amounts and cooldowns, as the admin Economy tab saved them (defaults in src/shared). */
export const economySetting = pgTable('economy_setting', {
  key: text().primaryKey(),
  value: integer().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
});

/**
 * When a member last did something that has a cooldown (rating, rewarded post, rewarded comment). Claimed with
 * one conditional upsert, so two requests at once never both pass the cooldown.
 */
export const memberCooldown = pgTable(
  'member_cooldown',
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.action] })],
);

/**
 * Awards paid once per cause (a completed order, a referred member's first order, a referrer's milestone): the
 * cause's key is inserted in the award's transaction, so a retried or raced completion pays once, and an order
 * completed again after being set back pays nothing more.
 */
export const awardCause = pgTable(
  'award_cause',
  {
    /** `personal-purchase:<orderId>`, `approved-referral:<memberId>`, … */
    key: text().primaryKey(),
    kind: text().notNull(),
    /** Who was paid. */
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('award_cause_user_kind_idx').on(t.userId, t.kind)],
);

/**
 * Coins each member earned in a week (Monday 00:00 in the shop's time zone), kept by `applyAward` in the ledger's
 * transaction: the leaderboard's This Week board reads it instead of scanning the ledger. Spending and refunds do
 * not count; a staff adjustment does, either way (never below 0).
 */
export const weeklyCoins = pgTable(
  'weekly_coins',
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    weekStart: date({ mode: 'string' }).notNull(),
    coins: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.weekStart] }),
    index('weekly_coins_board_idx').on(t.weekStart, t.coins.desc(), t.userId),
  ],
);
