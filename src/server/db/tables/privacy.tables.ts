import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

/**
 * A member's Download My Data archive. Built by whichever instance claims it (FOR UPDATE SKIP LOCKED, like the
 * SMS queue): 'pending' until claimed, 'building' while `claimedUntil` holds, then 'ready' (the zip is in
 * storage under `storageKey` until `expiresAt`) or 'failed'. Expired archives are removed with their file.
 */
export const dataExport = pgTable(
  'data_export',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    claimedUntil: timestamp({ withTimezone: true }),
    storageKey: text(),
    sizeBytes: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('data_export_user_idx').on(t.userId, t.createdAt),
    index('data_export_due_idx').on(t.status, t.createdAt),
    check('data_export_status', sql`${t.status} in ('pending', 'building', 'ready', 'failed')`),
  ],
);

/**
 * What is left of a deleted member's e-mail and phone: keyed hashes (HMAC with a key derived from the server
 * secret, never stored here), so a re-registration with either earns no referral award. Nothing else.
 */
export const erasedIdentity = pgTable(
  'erased_identity',
  {
    /** 'email' or 'phone'. */
    kind: text().notNull(),
    hash: text().notNull(),
    erasedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.hash] }),
    check('erased_identity_kind', sql`${t.kind} in ('email', 'phone')`),
  ],
);
