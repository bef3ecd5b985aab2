import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * One browser a member allowed to receive push notifications (a device, named by its push service's endpoint;
 * a member may have several). Validated when stored (src/features/notifications/server/push-address.ts) and
 * removed when its push service answers 404 or 410. `showDetails` puts the notification's words on this
 * device's lock screen instead of the generic text.
 */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    showDetails: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscription_endpoint_idx').on(t.endpoint),
    index('push_subscription_user_idx').on(t.userId),
  ],
);

/**
 * A push waiting to be sent: written by notifyEach() in the transaction that tells the member, so nothing is
 * pushed after a rollback, and sent after commit by whichever instance claims it (FOR UPDATE SKIP LOCKED), so
 * one event is pushed once however many instances run. The row is deleted once sent.
 */
export const pushMessage = pgTable(
  'push_message',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The notification's own words, shown only on devices that opted in to details. */
    body: text().notNull(),
    url: text().notNull(),
    attempts: integer().notNull().default(0),
    claimedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_message_created_idx').on(t.createdAt)],
);

/**
 * The generated VAPID key pair: one row (id 1), written once by whichever instance needs it first. The private
 * key is stored only encrypted (src/server/secret-box.ts). Unused when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer().primaryKey().default(1),
    publicKey: text().notNull(),
    privateKeyEncrypted: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_vapid_keys_single_row', sql`${t.id} = 1`)],
);
