import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

/**
 * A member's request to join while the shop lets members in after a staff review (accounts.constants.ts,
 * JOIN_MODES): one row per member, made at registration and again by "Ask again". The member's status
 * (`user.status`) says where it stands; this row says when they asked, who decided and, for a decline, the reason
 * the member reads (the audit row holds ids only, decision 019).
 */
export const joinRequest = pgTable(
  'join_request',
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: text().references(() => user.id, { onDelete: 'set null' }),
    /** Shown to a declined member with the date they may ask again. */
    declineReason: text(),
    /** When a declined member's contact fields were erased, the wait over without a new request. */
    contactErasedAt: timestamp({ withTimezone: true }),
  },
  // The Pending view, oldest first.
  (t) => [index('join_request_requested_idx').on(t.requestedAt, t.userId)],
);
