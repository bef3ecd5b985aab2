import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

export const notification = pgTable(
  'notification',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    /** A route inside the app to open when the member selects it. */
    link: text(),
    read: boolean().notNull().default(false),
    /** Sent by The Vault or its staff (orders, roles, deliveries, a staff message), never worded by a member. */
    fromStaff: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_user_created_idx').on(t.userId, t.createdAt)],
);
