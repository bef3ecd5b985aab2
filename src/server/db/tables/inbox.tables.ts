import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.tables';

/**
 * A private conversation between two members. The pair is stored in canonical order (lower id first) under a
 * unique index, so two members have one conversation however many times, or however simultaneously, they start
 * it. A member who leaves The Vault becomes null here: the other party keeps the history, with 'Unknown'.
 */
export const conversation = pgTable(
  'conversation',
  {
    id: text().primaryKey(),
    userLowId: text().references(() => user.id, { onDelete: 'set null' }),
    userHighId: text().references(() => user.id, { onDelete: 'set null' }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The newest message's number in this conversation (0: none yet). A send increments it under the row's
     * lock, so message numbers follow commit order and "read up to" or "deleted up to" a number is exact.
     */
    lastMessageSeq: bigint({ mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversation_pair_idx').on(t.userLowId, t.userHighId),
    check('conversation_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
    check('conversation_last_message_seq_non_negative', sql`${t.lastMessageSeq} >= 0`),
  ],
);

/** Each member's own state of a conversation: how far they have read, and what they deleted. */
export const conversationParticipant = pgTable(
  'conversation_participant',
  {
    conversationId: text()
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Messages numbered up to this one are read. */
    lastReadSeq: bigint({ mode: 'number' }).notNull().default(0),
    /** Delete hides the history up to this number for this member only (departure 13). */
    hiddenThroughSeq: bigint({ mode: 'number' }).notNull().default(0),
    deletedAt: timestamp({ withTimezone: true }),
    /** While the member has the thread open (renewed by their browser), new messages notify nobody. */
    viewingUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participant_user_idx').on(t.userId),
  ],
);

/** One message; `seq` numbers it within its conversation (1, 2, 3, ...). */
export const conversationMessage = pgTable(
  'conversation_message',
  {
    id: text().primaryKey(),
    conversationId: text()
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    senderId: text().references(() => user.id, { onDelete: 'set null' }),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversation_message_seq_idx').on(t.conversationId, t.seq),
    check('conversation_message_content_length', sql`char_length(${t.content}) between 1 and 2000`),
  ],
);
