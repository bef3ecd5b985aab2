import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Tables better-auth reads and writes (user, session, account, verification), with our member fields on `user`.
// Column names follow better-auth's field names; the database uses snake_case.

export const user = pgTable(
  'user',
  {
    id: text().primaryKey(),
    /** The member's full name (better-auth calls it name). */
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    /** An uploaded avatar's URL; empty means the generated one. */
    image: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // better-auth admin plugin: the primary role, and bans.
    role: text().notNull().default('Member'),
    banned: boolean().notNull().default(false),
    banReason: text(),
    banExpires: timestamp({ withTimezone: true }),
    // better-auth two-factor plugin: set once the member has confirmed a code from their authenticator app.
    twoFactorEnabled: boolean().notNull().default(false),
    // The Vault.
    roles: text()
      .array()
      .notNull()
      .default(sql`ARRAY['Member']::text[]`),
    telegram: text().notNull().default(''),
    phone: text().notNull().default(''),
    address: text().notNull().default(''),
    referralCode: text().notNull().unique(),
    referredBy: text().references((): AnyPgColumn => user.id, { onDelete: 'set null' }),
    bio: text().notNull().default(''),
    smokePreference: text().notNull().default('Not Set'),
    xp: integer().notNull().default(0),
    exoticCoins: integer().notNull().default(0),
    /** Store credit in cents: the sum of the member's store_credit_entry rows, changed with them in one transaction. */
    storeCreditCents: integer().notNull().default(0),
    /** Whether staff let the member in (JOIN_STATUSES): approved, or pending or declined under staff approval. */
    status: text().notNull().default('approved'),
    strikes: integer().notNull().default(0),
    title: text(),
    dataConsent: boolean().notNull().default(false),
    smsConsent: boolean().notNull().default(false),
    ageConfirmedAt: timestamp({ withTimezone: true }),
    isApprovedDriver: boolean().notNull().default(false),
    isOnline: boolean().notNull().default(false),
    /** When the weekly login bonus was last awarded (stored on the server, departure 2). */
    lastWeeklyBonusAt: timestamp({ withTimezone: true }),
    /**
     * When the member deleted their account (Delete My Account): the row stays as "Former member", without
     * personal fields, so their posts, messages and orders keep an author (docs/decisions/025).
     */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('user_xp_non_negative', sql`${t.xp} >= 0`),
    check('user_coins_non_negative', sql`${t.exoticCoins} >= 0`),
    check('user_store_credit_non_negative', sql`${t.storeCreditCents} >= 0`),
    check('user_strikes_non_negative', sql`${t.strikes} >= 0`),
    check('user_status', sql`${t.status} in ('approved', 'pending', 'declined')`),
    index('user_referred_by_idx').on(t.referredBy),
    // The dashboard's member list, newest first, and its search by name (user_name_trgm_idx, migration 0005),
    // e-mail or telegram (members.service.ts): a page or a bitmap of matches, never the whole table.
    index('user_created_idx').on(t.createdAt, t.id),
    index('user_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('user_telegram_trgm_idx').using('gin', t.telegram.op('gin_trgm_ops')),
    // The leaderboard: ranked members (approved, not banned, not Owner or Admin) by coins, then earliest join. Its
    // pages and the count behind each rank read this index only (leaderboard.service.ts).
    index('user_leaderboard_idx')
      .on(t.exoticCoins.desc(), t.createdAt, t.id)
      .where(
        sql`${t.banned} = false and ${t.status} = 'approved' and not (${t.roles} && array['Owner', 'Admin']::text[])`,
      ),
    // Its complement, a handful of rows: the This Week board counts the week's totals and takes these away.
    index('user_unranked_idx')
      .on(t.id)
      .where(
        sql`${t.banned} = true or ${t.status} <> 'approved' or ${t.roles} && array['Owner', 'Admin']::text[]`,
      ),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * better-auth two-factor plugin: the member's TOTP secret and backup codes, both encrypted with the server secret
 * (so a backup carries the secret: decision 005's addendum). `verified` stays false until the first code is
 * confirmed; the failure count and lock are the plugin's per-account lockout.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean().notNull().default(true),
    failedVerificationCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_user_id_idx').on(t.userId)],
);

/**
 * The joins better-auth's reads ask for with `experimental.joins` (auth.ts): a session with its member (the
 * cookie's session and member in one query on every signed-in request, issue 27), an account with its member, a
 * member with their accounts (sign-in by e-mail).
 */
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));
export const userRelations = relations(user, ({ many }) => ({
  accounts: many(account),
  sessions: many(session),
}));
