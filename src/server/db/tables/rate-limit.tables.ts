import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every instance: sign-in, sign-up, owner sign-in, uploads. */
export const rateLimitCounter = pgTable('rate_limit_counter', {
  key: text().primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});
