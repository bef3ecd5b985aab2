import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small facts about this installation: the first-run seed marker, generated secrets' hashes and the like. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
