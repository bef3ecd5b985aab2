import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every instance: sign-in, sign-up, owner sign-in, uploads. */
export const rateLimitCounter = pgTable('rate_limit_counter', {
  key: text().primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});

/**
 * Wrong passwords from one client address at the owner sign-in: after a few, each further try must wait twice as
 * long as the last (the back-off); a right password clears the row. Kept per address, shared by every instance.
 */
export const signInBackoff = pgTable('sign_in_backoff', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  lastFailureAt: timestamp({ withTimezone: true }).notNull(),
});
