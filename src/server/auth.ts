import { randomBytes } from 'node:crypto';
import { betterAuth, getCurrentAdapter } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { admin } from 'better-auth/plugins';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { account, session, user, verification } from '~/server/db/tables/auth.tables';
import { changeEmailMail, passwordResetMail, verifyEmailMail } from './auth-mail';
import type { Config } from './config';
import type { Db, Executor } from './db/client';
import type { Mailer } from './mail';

/** A password-reset link works once, for an hour; an e-mail link for a day. */
export const PASSWORD_RESET_LINK_SECONDS = 60 * 60;
export const EMAIL_LINK_SECONDS = 24 * 60 * 60;

/**
 * What an e-mail link's token says: the address and whether it confirms it or changes to a new one. better-auth
 * signs and checks the token; we only read it, to pick the right words and to audit.
 */
export function emailTokenClaims(token: string): { email: string | undefined; purpose: 'verify' | 'change' } {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: unknown;
      updateTo?: unknown;
    };
    return {
      email: typeof payload.email === 'string' ? payload.email : undefined,
      purpose: typeof payload.updateTo === 'string' ? 'change' : 'verify',
    };
  } catch {
    return { email: undefined, purpose: 'verify' };
  }
}

export function createAuth({
  db,
  config,
  secret,
  mailer,
}: {
  db: Db;
  config: Config;
  secret: string;
  mailer: Mailer;
}) {
  const link = (page: string, token: string) =>
    `${config.baseUrl}/${page}?token=${encodeURIComponent(token)}`;
  return betterAuth({
    appName: 'The Vault',
    baseURL: config.baseUrl,
    secret,
    telemetry: { enabled: false },
    // The session and its member in one query (the drizzle adapter's relational read; sessionRelations).
    experimental: { joins: true },
    logger: { disabled: config.nodeEnv === 'test' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
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
      ownerSession(),
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
  status: readOnly('string'),
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
 */
function ownerSession() {
  return {
    id: 'owner-session',
    endpoints: {
      startOwnerSession: createAuthEndpoint(
        '/owner/start-session',
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
