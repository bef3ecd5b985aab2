import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What admins, drivers and the owner sign-in did; written in the same transaction as the change. Append-only: a
 * trigger (migration audit_append_only) refuses UPDATE and DELETE. The event data holds ids only (names are joined
 * when read); the actor is a plain id, not a foreign key, so deleting a member changes no row here.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text().primaryKey(),
    eventType: text().notNull(),
    actorId: text(),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The client address of an owner sign-in: read by the Owner only, never kept in `meta`. */
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Newest first, filtered by each of the Audit Log tab's filters: every index ends with the page order.
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt, t.id),
    index('audit_log_event_type_idx').on(t.eventType, t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_log_order_idx').on(sql`(${t.meta} ->> 'orderId')`, t.createdAt, t.id),
    index('audit_log_driver_idx').on(sql`(${t.meta} ->> 'driverId')`, t.createdAt, t.id),
  ],
);
