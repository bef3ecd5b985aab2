import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

/** What admins, drivers and the owner sign-in did; written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text().primaryKey(),
    eventType: text().notNull(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_event_type_idx').on(t.eventType),
  ],
);
