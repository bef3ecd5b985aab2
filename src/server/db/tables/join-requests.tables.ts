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
    /**
     * Under the photo ID check: the member's ID photo (a `.sealed` private file) and date of birth (sealed with the
     * server secret), both gone once the request is decided, the account deleted, or 60 days pass undecided.
     */
    idPhotoKey: text(),
    birthDateSealed: text(),
    idSubmittedAt: timestamp({ withTimezone: true }),
    /** What the decision keeps of the check: who looked at the ID, and when. */
    idCheckedBy: text().references(() => user.id, { onDelete: 'set null' }),
    idCheckedAt: timestamp({ withTimezone: true }),
  },
  // The Pending view, oldest first.
  (t) => [index('join_request_requested_idx').on(t.requestedAt, t.userId)],
);
