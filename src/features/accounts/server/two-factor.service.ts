import { APIError } from 'better-auth/api';
import { and, eq, like } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { rolesOf } from '~/shared/permissions';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { twoFactor, user, verification } from '~/server/db/tables/auth.tables';
import { enforceRateLimit, tooManyAttempts } from '~/server/rate-limit';
import type { Actor, ServiceContext } from '~/server/service-context';
import { toSessionUser, type UserRow } from '~/server/session';
import type {
  SignInResponse,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  TwoFactorSetupResponse,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
} from '../accounts.schema';
import { BACKUP_CODE_MISMATCH, CODE_MISMATCH, isAppCode } from '../accounts.constants';
import { errorCode, type WithCookies } from './accounts.service';
import { findOwner, ownerPasswordMatches } from './owner-sign-in.service';

/**
 * Two-factor sign-in (decision 026). better-auth's two-factor plugin keeps the secret and backup codes (encrypted
 * with the server secret), issues the sign-in challenge and checks codes; these services check the password our
 * way (the owner password for the Owner), rate-limit every code in our table, audit, and put the plugin's
 * answers in our words.
 */

const isOwner = (row: Pick<UserRow, 'roles' | 'role'>) => rolesOf(row).includes('Owner');

const fieldError = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { fields: { [field]: message } });

const alreadyOn = () =>
  new AppError(
    'CONFLICT',
    'Two-factor sign-in is already on. Turn it off first to move it to another phone.',
  );

/** The password again, before anything about two-factor changes: the owner password for the Owner. */
async function checkPassword(ctx: ServiceContext, actor: Actor, password: string): Promise<void> {
  await enforceRateLimit(ctx, `password-check:${actor.id}`, ctx.config.rateLimits.signInPerAccount);
  if (isOwner(actor)) {
    if (await ownerPasswordMatches(ctx.db, password)) return;
    throw fieldError('password', 'That is not the owner password.');
  }
  try {
    await ctx.auth.api.verifyPassword({ body: { password }, headers: ctx.request.headers });
  } catch (error) {
    if (error instanceof APIError) throw fieldError('password', 'That is not your current password.');
    throw error;
  }
}

/** Every code typed in Account settings counts against the member; at sign-in, against the client address. */
const limitCodes = (ctx: ServiceContext, key: string) =>
  enforceRateLimit(ctx, `two-factor:${key}`, ctx.config.rateLimits.twoFactorCodes);

/** A fresh secret and 10 backup codes, not in use until a first code confirms them. */
export async function startTwoFactorSetup(
  ctx: ServiceContext,
  actor: UserRow,
  input: z.output<typeof twoFactorSetupSchema>,
): Promise<TwoFactorSetupResponse> {
  if (actor.twoFactorEnabled) throw alreadyOn();
  await checkPassword(ctx, actor, input.password);
  const { totpURI, backupCodes } = await ctx.auth.api.startTwoFactorSetup({ body: { userId: actor.id } });
  return { totpURI, manualKey: new URL(totpURI).searchParams.get('secret')!, backupCodes };
}

/** The first code from the app turns two-factor on (the plugin swaps the session: its cookie goes back). */
export async function confirmTwoFactorSetup(
  ctx: ServiceContext,
  actor: UserRow,
  input: z.output<typeof twoFactorConfirmSchema>,
): Promise<WithCookies<{ ok: true }>> {
  if (actor.twoFactorEnabled) throw alreadyOn();
  await limitCodes(ctx, `member:${actor.id}`);
  try {
    const { headers } = await ctx.auth.api.verifyTOTP({
      body: { code: input.code },
      headers: ctx.request.headers,
      returnHeaders: true,
    });
    await writeAudit(ctx.db, {
      eventType: 'TWO_FACTOR_ENABLED',
      actorId: actor.id,
      meta: { memberId: actor.id },
      ip: ctx.request.ip,
      at: ctx.now,
    });
    return { body: { ok: true }, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (errorCode(error) === 'INVALID_CODE') throw fieldError('code', CODE_MISMATCH);
    if (errorCode(error) === 'TOTP_NOT_ENABLED') {
      throw new AppError('CONFLICT', 'Start the setup again: no new key is waiting for a code.');
    }
    throw error;
  }
}

/**
 * The member proves it is them before a change that cannot be undone (turning two-factor off, deleting the
 * account): the password (the owner password for the Owner) and, when two-factor is on, a code from the app or a
 * backup code.
 */
export async function confirmIdentity(
  ctx: ServiceContext,
  actor: UserRow,
  input: { password: string; code?: string | undefined },
): Promise<void> {
  await checkPassword(ctx, actor, input.password);
  if (!actor.twoFactorEnabled) return;
  if (!input.code) throw fieldError('code', 'Enter a code from your authenticator app, or a backup code.');
  await limitCodes(ctx, `member:${actor.id}`);
  const { auth, request } = ctx;
  try {
    if (isAppCode(input.code)) {
      await auth.api.verifyTOTP({ body: { code: input.code }, headers: request.headers });
    } else {
      await auth.api.verifyBackupCode({
        body: { code: input.code, disableSession: true },
        headers: request.headers,
      });
    }
  } catch (error) {
    if (errorCode(error) === 'INVALID_CODE') throw fieldError('code', CODE_MISMATCH);
    if (errorCode(error) === 'INVALID_BACKUP_CODE') throw fieldError('code', BACKUP_CODE_MISMATCH);
    throw error;
  }
}

/** Needs the password and a code (from the app, or a backup code); every trusted browser asks again. */
export async function disableTwoFactor(
  ctx: ServiceContext,
  actor: UserRow,
  input: z.output<typeof twoFactorDisableSchema>,
): Promise<{ ok: true }> {
  if (!actor.twoFactorEnabled) {
    throw new AppError('CONFLICT', 'Two-factor sign-in is already off.');
  }
  await confirmIdentity(ctx, actor, input);
  await ctx.db.transaction(async (tx) => {
    await turnOff(tx, actor.id);
    await writeAudit(tx, {
      eventType: 'TWO_FACTOR_DISABLED',
      actorId: actor.id,
      meta: { memberId: actor.id },
      ip: ctx.request.ip,
      at: ctx.now,
    });
  });
  return { ok: true };
}

/**
 * The code step of a sign-in (e-mail or owner dialog): the plugin checks the code against the challenge in its
 * signed cookie (5 tries per challenge, a 15-minute lock after 10 wrong codes in a row) and starts the session.
 */
export async function signInWithCode(
  ctx: ServiceContext,
  input: z.output<typeof twoFactorSignInSchema>,
): Promise<WithCookies<SignInResponse>> {
  const { auth, db, request } = ctx;
  await limitCodes(ctx, `ip:${request.ip}`);
  const byApp = isAppCode(input.code);
  try {
    const body = { code: input.code, trustDevice: input.trustDevice };
    const { headers, response } = byApp
      ? await auth.api.verifyTOTP({ body, headers: request.headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({ body, headers: request.headers, returnHeaders: true });
    const [row] = await db.select().from(user).where(eq(user.id, response.user.id));
    if (!byApp) {
      await writeAudit(db, {
        eventType: 'TWO_FACTOR_BACKUP_CODE_USED',
        actorId: row!.id,
        meta: { memberId: row!.id },
        ip: request.ip,
        at: ctx.now,
      });
    }
    return { body: { user: toSessionUser(row!) }, setCookies: headers.getSetCookie() };
  } catch (error) {
    switch (errorCode(error)) {
      case 'INVALID_CODE':
        throw new AppError('UNAUTHORIZED', CODE_MISMATCH, {
          title: 'Login Failed',
          fields: { code: CODE_MISMATCH },
        });
      case 'INVALID_BACKUP_CODE':
        throw new AppError('UNAUTHORIZED', BACKUP_CODE_MISMATCH, {
          title: 'Login Failed',
          fields: { code: BACKUP_CODE_MISMATCH },
        });
      case 'INVALID_TWO_FACTOR_COOKIE':
      case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
        throw new AppError('UNAUTHORIZED', 'This sign-in has ended. Enter your password again.', {
          title: 'Login Failed',
        });
      case 'ACCOUNT_TEMPORARILY_LOCKED':
        throw tooManyAttempts(15 * 60 * 1000);
    }
    throw error;
  }
}

/**
 * For the operator (`npm run reset-2fa <email|owner>`), when a member has lost their phone and their backup
 * codes: turns two-factor off for the member with this e-mail, or for the account the owner dialog signs into.
 * Inside the caller's transaction; audited. Returns the member's e-mail.
 */
export async function resetTwoFactor(
  tx: Executor,
  { target, at }: { target: string; at: Date },
): Promise<string> {
  const member =
    target === 'owner'
      ? await findOwner(tx)
      : (await tx.select().from(user).where(eq(user.email, target.trim().toLowerCase())))[0];
  if (!member)
    throw new Error(
      target === 'owner' ? 'There is no Owner account yet.' : `No member has the email ${target}.`,
    );
  if (!member.twoFactorEnabled) throw new Error(`${member.email} does not use two-factor sign-in.`);
  await turnOff(tx, member.id);
  await writeAudit(tx, { eventType: 'TWO_FACTOR_RESET', actorId: null, meta: { memberId: member.id }, at });
  return member.email;
}

/** Off: the secret and backup codes gone, and every browser trusted for 30 days forgotten. */
async function turnOff(tx: Executor, userId: string): Promise<void> {
  await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await tx
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, 'trust-device-%')));
}
