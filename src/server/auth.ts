import { randomBytes } from 'node:crypto';
import { betterAuth, getCurrentAdapter } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { admin } from 'better-auth/plugins';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { account, session, user, verification } from '~/server/db/tables/auth.tables';
import type { Config } from './config';
import type { Db, Executor } from './db/client';

/**
 * better-auth as a library: passwords, sessions in the database, bans. Its HTTP handler is not mounted; our own
 * routes (features/accounts) call `auth.api` so every request passes our validation, rate limits and the spec's
 * messages. The session cookie cache stays off, so a ban or a role change applies on the very next request.
 */
export function createAuth({ db, config, secret }: { db: Db; config: Config; secret: string }) {
  return betterAuth({
    appName: 'The Vault',
    baseURL: config.baseUrl,
    secret,
    telemetry: { enabled: false },
    logger: { disabled: config.nodeEnv === 'test' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
      transaction: true,
    }),
    emailAndPassword: { enabled: true, autoSignIn: false, minPasswordLength: 8, maxPasswordLength: 128 },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      // Refreshed when a request comes in with less than 29 days left.
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    // Our routes rate-limit (per IP and per account, in the database, shared by every instance).
    rateLimit: { enabled: false },
    user: {
      additionalFields: {
        telegram: { type: 'string', required: true, input: true },
        phone: { type: 'string', required: true, input: true },
        address: { type: 'string', required: true, input: true },
        referredBy: { type: 'string', required: false, input: true },
        dataConsent: { type: 'boolean', required: true, input: true },
        smsConsent: { type: 'boolean', required: true, input: true },
        ageConfirmedAt: { type: 'date', required: true, input: true },
        referralCode: { type: 'string', required: false, input: false },
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
