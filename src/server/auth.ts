import { randomBytes } from 'node:crypto';
import { betterAuth, getCurrentAdapter } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { generateRandomString, symmetricEncrypt } from 'better-auth/crypto';
import { admin, twoFactor as twoFactorPlugin } from 'better-auth/plugins';
import { createOTP } from '@better-auth/utils/otp';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { account, session, twoFactor, user, verification } from '~/server/db/tables/auth.tables';
import { changeEmailMail, passwordResetMail, verifyEmailMail } from './auth-mail';
import { passwordHasher } from './password-hash';
import type { Config } from './config';
import type { Db, Executor } from './db/client';
import type { Mailer } from './mail';
import type { Logger } from './logger';

/** A password-reset link works once, for an hour; an e-mail link for a day. */
export const PASSWORD_RESET_LINK_SECONDS = 60 * 60;
export const EMAIL_LINK_SECONDS = 24 * 60 * 60;
/** "Remember this device" at the code step: no code asked on this browser for 30 days. */
export const TRUSTED_DEVICE_SECONDS = 30 * 24 * 60 * 60;
const APP_NAME = 'The Vault';

/**
 * What an e-mail link's token says: the address and whether it confirms it or changes to a new one. better-auth
 * signs and checks the token; we only read it, to pick the right words and to audit.
 */
export function emailTokenClaims(token: string): {
  email: string | undefined;
  purpose: 'verify' | 'change';
  /** A change link's new address. */
  updateTo?: string;
} {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: unknown;
      updateTo?: unknown;
    };
    return {
      email: typeof payload.email === 'string' ? payload.email : undefined,
      purpose: typeof payload.updateTo === 'string' ? 'change' : 'verify',
      ...(typeof payload.updateTo === 'string' ? { updateTo: payload.updateTo } : {}),
    };
  } catch {
    return { email: undefined, purpose: 'verify' };
  }
}

/** A library's log line in the app's log: its words, and an error it passes, redacted; nothing else it passes. */
function logLibrary(
  logger: Logger,
  level: 'debug' | 'info' | 'success' | 'warn' | 'error',
  message: string,
  args: unknown[],
) {
  const err = args.find((arg) => arg instanceof Error);
  logger[level === 'success' ? 'info' : level]({ library: 'better-auth', ...(err ? { err } : {}) }, message);
}

export function createAuth({
  db,
  config,
  secret,
  mailer,
  logger,
}: {
  db: Db;
  config: Config;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}) {
  const link = (page: string, token: string) =>
    `${config.baseUrl}/${page}?token=${encodeURIComponent(token)}`;
  return betterAuth({
    appName: APP_NAME,
    baseURL: config.baseUrl,
    secret,
    telemetry: { enabled: false },
    // The session and its member in one query (the drizzle adapter's relational read; sessionRelations) when
    // better-auth reads it: the expired and refresh-due sessions that session.ts hands over (decision 030).
    experimental: { joins: true },
    // Through the app's logger, which keeps an error's stack and SQL shape, never its values (logger.ts):
    // better-auth passes the failed query with its parameters (a racing sign-up's name, e-mail, phone, address).
    logger: { log: (level, message, ...args) => logLibrary(logger, level, message, args) },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: passwordHasher(config.passwordHashCost),
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_SECONDS,
      // A reset ends every session of the member (whoever knew the old password is signed out).
      revokeSessionsOnPasswordReset: true,
      // Not awaited: the answer to "forgot password" must take as long whether or not the e-mail exists.
      sendResetPassword: async ({ user: member, token }) =>
        mailer.sendLater(passwordResetMail(member.email, link('reset-password', token))),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_LINK_SECONDS,
      // `member.email` is the address to confirm: the new one when the member is changing theirs.
      sendVerificationEmail: async ({ user: member, token }) =>
        mailer.sendLater(
          emailTokenClaims(token).purpose === 'change'
            ? changeEmailMail(member.email, link('verify-email', token))
            : verifyEmailMail(member.email, link('verify-email', token)),
        ),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      // Refreshed when a request comes in with less than 29 days left.
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    // Our routes rate-limit (per IP and per account, in the database, shared by every instance).
    rateLimit: { enabled: false },
    user: {
      // The new address takes effect when its link is opened (better-auth's change-email verification).
      changeEmail: { enabled: true },
      additionalFields: {
        telegram: { type: 'string', required: true, input: true },
        phone: { type: 'string', required: true, input: true },
        address: { type: 'string', required: true, input: true },
        referredBy: { type: 'string', required: false, input: true },
        dataConsent: { type: 'boolean', required: true, input: true },
        smsConsent: { type: 'boolean', required: true, input: true },
        ageConfirmedAt: { type: 'date', required: true, input: true },
        // Only our register service signs members up (better-auth's own sign-up route answers 404): pending under
        // staff approval, approved otherwise.
        status: { type: 'string', required: true, input: true },
        ...OUR_USER_FIELDS,
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data, ctx) => {
            const id = newUserId();
            // Inside better-auth's transaction: query through it (PGlite would wait on itself otherwise).
            const adapter = await getCurrentAdapter(ctx!.context.adapter);
            const referralCode = await freeReferralCode(id, async (candidates) => {
              const rows = await adapter.findMany<{ referralCode: string }>({
                model: 'user',
                where: [{ field: 'referralCode', operator: 'in', value: candidates }],
              });
              return rows.map((row) => row.referralCode);
            });
            return { data: { ...data, id, referralCode } };
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: 'Member', bannedUserMessage: 'This account has been banned.' }),
      // Decision 026: its sign-in challenge, code checks, trusted devices and lockout; setup starts in ours below.
      twoFactorPlugin({ issuer: APP_NAME, trustDeviceMaxAge: TRUSTED_DEVICE_SECONDS }),
      ownerSession(),
      twoFactorSetup(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const readOnly = <T extends 'string' | 'number' | 'boolean' | 'date' | 'string[]'>(type: T) =>
  ({ type, required: false, input: false }) as const;

/**
 * The rest of our columns on `user`, declared so that better-auth's session read returns the whole row and no
 * request reads the member a second time (session.ts). Never input: only our services write them. A test checks
 * that the session's member has every column of the table, so a new column cannot be left out here.
 */
const OUR_USER_FIELDS = {
  referralCode: readOnly('string'),
  roles: readOnly('string[]'),
  bio: readOnly('string'),
  smokePreference: readOnly('string'),
  xp: readOnly('number'),
  exoticCoins: readOnly('number'),
  storeCreditCents: readOnly('number'),
  strikes: readOnly('number'),
  title: readOnly('string'),
  isApprovedDriver: readOnly('boolean'),
  isOnline: readOnly('boolean'),
  lastWeeklyBonusAt: readOnly('date'),
  deletedAt: readOnly('date'),
};

/**
 * Starts a session for a user the caller has already authenticated (the owner password). Only reachable
 * through `auth.api` on the server: the auth HTTP handler is not mounted.
 *
 * Its path is one the two-factor plugin's after-hook watches (`/sign-in/username`; the username plugin is not
 * installed): when the Owner has two-factor on, the plugin replaces the session just made with its own challenge
 * (or lets it stand for a trusted device), exactly as after an e-mail sign-in (decision 026). The owner tests
 * fail if a later better-auth stops doing so.
 */
function ownerSession() {
  return {
    id: 'owner-session',
    endpoints: {
      startOwnerSession: createAuthEndpoint(
        '/sign-in/username',
        {
          method: 'POST',
          body: z.object({ userId: z.string(), rememberMe: z.boolean() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!found) throw new Error('owner account missing');
          const dontRemember = !ctx.body.rememberMe;
          const created = await ctx.context.internalAdapter.createSession(found.id, dontRemember);
          await setSessionCookie(ctx, { session: created, user: found }, dontRemember);
          return ctx.json({ userId: found.id });
        },
      ),
    },
  } as const;
}

/**
 * Starts (or restarts) two-factor setup for a member whose password the caller has already checked (the owner
 * password for the Owner, who has no password the plugin knows): a new secret and 10 backup codes, stored the
 * way the plugin stores them (encrypted with the server secret), not yet verified. The plugin's verifyTOTP with
 * the member's session then confirms the first code and turns two-factor on.
 */
function twoFactorSetup() {
  return {
    id: 'two-factor-setup',
    endpoints: {
      startTwoFactorSetup: createAuthEndpoint(
        '/two-factor-setup/start',
        {
          method: 'POST',
          body: z.object({ userId: z.string() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!found) throw new Error('member missing');
          const secret = generateRandomString(32);
          // The plugin's own shapes (its generator is not exported): 10 codes like `aB3dE-f9GhJ`, stored as
          // encrypted JSON. The tests sign in with them through the plugin's verifyBackupCode.
          const backupCodes = Array.from({ length: 10 }, () =>
            generateRandomString(10, 'a-z', '0-9', 'A-Z'),
          ).map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
          const encrypt = (data: string) => symmetricEncrypt({ key: ctx.context.secretConfig, data });
          await ctx.context.adapter.deleteMany({
            model: 'twoFactor',
            where: [{ field: 'userId', value: found.id }],
          });
          await ctx.context.adapter.create({
            model: 'twoFactor',
            data: {
              secret: await encrypt(secret),
              backupCodes: await encrypt(JSON.stringify(backupCodes)),
              userId: found.id,
              verified: false,
            },
          });
          return ctx.json({
            totpURI: createOTP(secret).url(APP_NAME, found.email),
            backupCodes,
          });
        },
      ),
    },
  } as const;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 24 random lowercase letters and digits: readable in URLs, and the source of the referral code. */
export function newUserId(): string {
  const bytes = randomBytes(24);
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/**
 * VAULT- plus six characters of the member's id, uppercased (ARCHITECTURE.md departure 9). If another member
 * already has that code, the next six characters of the id are tried, then random ones.
 */
export async function freeReferralCode(
  id: string,
  takenAmong: (candidates: string[]) => Promise<string[]>,
): Promise<string> {
  const candidates = [0, 6, 12, 18].map((start) => `VAULT-${id.slice(start, start + 6).toUpperCase()}`);
  const taken = new Set(await takenAmong(candidates));
  const free = candidates.find((code) => code.length === 12 && !taken.has(code));
  return free ?? `VAULT-${newUserId().slice(0, 6).toUpperCase()}`;
}

/** The referral codes among `candidates` that members already hold. */
export function referralCodesTaken(db: Executor) {
  return async (candidates: string[]) =>
    (
      await db.select({ code: user.referralCode }).from(user).where(inArray(user.referralCode, candidates))
    ).map((row) => row.code);
}
