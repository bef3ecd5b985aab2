import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

/**
 * One Mass SMS: the message, the segment it went to and how many members it was queued for. Its recipients are
 * rows of their own (sms_recipient), sent by whichever instance claims them (src/features/sms/server/sms-sender.ts).
 * `status` is 'sending' until no recipient is left pending, then 'sent', 'partial' or 'failed'.
 */
export const smsSend = pgTable(
  'sms_send',
  {
    id: text().primaryKey(),
    /** Who sent it; the key they sent it with makes a double click or a retried request send once. */
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    idempotencyKey: text().notNull(),
    message: text().notNull(),
    /** 'all' or a role (Member, Moderator, Admin, Driver). */
    segment: text().notNull(),
    recipientCount: integer().notNull(),
    status: text().notNull().default('sending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_send_idempotency_idx').on(t.createdBy, t.idempotencyKey),
    index('sms_send_created_at_idx').on(t.createdAt),
    check('sms_send_status', sql`${t.status} in ('sending', 'sent', 'partial', 'failed')`),
    check('sms_send_message_length', sql`char_length(${t.message}) between 1 and 160`),
  ],
);

/**
 * One member of a send: their name and phone as they were when it was queued, and the delivery state. A sender
 * claims 'pending' rows whose `nextAttemptAt` has come (FOR UPDATE SKIP LOCKED), marks them 'sending' until
 * `claimedUntil`, and records 'sent' or 'failed', or puts them back to 'pending' with a later `nextAttemptAt`
 * (back-off). A 'sending' row whose claim ran out (its instance stopped mid-send) is claimed again.
 */
export const smsRecipient = pgTable(
  'sms_recipient',
  {
    id: text().primaryKey(),
    sendId: text()
      .notNull()
      .references(() => smsSend.id, { onDelete: 'cascade' }),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
    name: text().notNull(),
    phone: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true }),
    /** 'log' (nothing left the machine) or 'twilio'. */
    provider: text(),
    providerMessageId: text(),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('sms_recipient_send_idx').on(t.sendId),
    index('sms_recipient_due_idx').on(t.status, t.nextAttemptAt),
    check('sms_recipient_status', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/**
 * The SMS provider's credentials: one row (id 1). The auth token is stored only encrypted (AES-256-GCM, with a
 * key derived from the server secret: src/server/secret-box.ts) and never leaves the server; its last 4
 * characters are kept apart so the Settings tab can show which token is set.
 */
export const smsSettings = pgTable(
  'sms_settings',
  {
    id: integer().primaryKey().default(1),
    accountSid: text().notNull().default(''),
    /** A phone number (+15551234567), or a Messaging Service SID (MG…). */
    sender: text().notNull().default(''),
    authTokenEncrypted: text(),
    authTokenLast4: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [check('sms_settings_single_row', sql`${t.id} = 1`)],
);
