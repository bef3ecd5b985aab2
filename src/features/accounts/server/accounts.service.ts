import { APIError } from 'better-auth/api';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '~/shared/app-error';
import type { Executor } from '~/server/db/client';
import { session, user } from '~/server/db/tables/auth.tables';
import { shopSettings } from '~/server/db/tables/shop.tables';
import { enforceRateLimit, hitRateLimit } from '~/server/rate-limit';
import { notify } from '~/features/notifications/server/notifications.service';
import { resolveSession, toSessionUser } from '~/server/session';
import { readShopName } from '~/server/shop-name';
import { isShopName, RESERVED_NAME_MESSAGE } from '~/shared/reserved-names';
import type { ServiceContext } from '~/server/service-context';
import type { loginSchema, registerSchema, RegisterResponse, SignInResponse } from '../accounts.schema';
import {
  isJoinMode,
  needsReferralCode,
  needsStaffApproval,
  REFERRAL_CODE_NOT_ACCEPTED,
  REFERRAL_CODE_PATTERN,
  REFERRAL_CODE_REQUIRED,
  type JoinMode,
} from '../accounts.constants';
import { openJoinRequest } from './join-requests.service';
import { refuseCommonPassword } from './password-policy';
import { endUserStreams } from '~/server/events';

/** A response body plus the session cookies to set. */
export interface WithCookies<T> {
  body: T;
  setCookies: string[];
}

export const loginFailed = () =>
  new AppError('UNAUTHORIZED', 'Invalid credentials. Please try again.', { title: 'Login Failed' });
const banned = () => new AppError('FORBIDDEN', 'This account has been banned.', { title: 'Access Denied' });
const emailTaken = () =>
  new AppError('ALREADY_EXISTS', 'An account with this email already exists.', {
    title: 'Registration Failed',
    fields: { email: 'An account with this email already exists.' },
  });

const emailNotConfirmed = (email: string) =>
  new AppError(
    'FORBIDDEN',
    `Confirm your e-mail first: we have sent a link to ${email}. Open it, then sign in.`,
    {
      title: 'E-mail Not Confirmed',
    },
  );

/** How new members join (a shop setting, JOIN_MODES; default: open). */
export async function joinMode(db: Executor): Promise<JoinMode> {
  const [row] = await db.select({ mode: shopSettings.joinMode }).from(shopSettings);
  return isJoinMode(row?.mode) ? row.mode : 'open';
}

/** Whether the shop lets only members with a confirmed e-mail sign in (a shop setting; default: no). */
export async function verifiedEmailRequired(db: Executor): Promise<boolean> {
  const [row] = await db.select({ required: shopSettings.requireVerifiedEmail }).from(shopSettings);
  return row?.required ?? false;
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
}

export async function register(
  ctx: ServiceContext,
  input: z.output<typeof registerSchema>,
): Promise<RegisterResponse> {
  const { db, auth, now, request: meta } = ctx;
  // The contract refuses staff's names; the shop's name is a setting, so it is checked here, as it is now.
  if (isShopName(input.fullName, await readShopName(db))) {
    throw new AppError('BAD_REQUEST', RESERVED_NAME_MESSAGE, { fields: { fullName: RESERVED_NAME_MESSAGE } });
  }
  await enforceRateLimit(ctx, `sign-up:ip:${meta.ip}`, ctx.config.rateLimits.signUpPerIp);
  refuseCommonPassword(input.password, 'password');

  // A code of any other shape, or a deleted member's, matches no member: it only earns the warning, unless the
  // shop is joined by invitation (then the code must be a member's in good standing, and nothing is created).
  const referrer =
    input.referralCode && REFERRAL_CODE_PATTERN.test(input.referralCode)
      ? (
          await db
            .select({ id: user.id, name: user.name, banned: user.banned, status: user.status })
            .from(user)
            .where(and(eq(user.referralCode, input.referralCode), isNull(user.deletedAt)))
        )[0]
      : undefined;
  const mode = await joinMode(db);
  if (needsReferralCode(mode)) {
    const refuse = (message: string) =>
      new AppError('BAD_REQUEST', message, { fields: { referralCode: message } });
    if (!input.referralCode) throw refuse(REFERRAL_CODE_REQUIRED);
    if (!referrer || referrer.banned || referrer.status !== 'approved')
      throw refuse(REFERRAL_CODE_NOT_ACCEPTED);
  }

  const emailHolder = async () =>
    (await db.select({ id: user.id }).from(user).where(eq(user.email, input.email)))[0];
  if (await emailHolder()) throw emailTaken();

  let created: { user: { id: string } };
  try {
    created = await auth.api.signUpEmail({
      body: {
        name: input.fullName,
        email: input.email,
        password: input.password,
        telegram: input.telegram,
        phone: input.phone,
        address: input.address,
        referredBy: referrer?.id,
        dataConsent: input.dataConsent,
        smsConsent: input.smsConsent,
        ageConfirmedAt: now,
        status: needsStaffApproval(mode) ? 'pending' : 'approved',
      },
      headers: meta.headers,
    });
  } catch (error) {
    // Two sign-ups with one email at once: the loser hits the unique index.
    if (errorCode(error)?.startsWith('USER_ALREADY_EXISTS') || (await emailHolder())) throw emailTaken();
    throw error;
  }
  // better-auth answers a taken email with a made-up success (against account enumeration); we say it plainly,
  // as the spec does, so tell the two apart by who holds the email now.
  if ((await emailHolder())?.id !== created.user.id) throw emailTaken();

  const emailVerification = (await verifiedEmailRequired(db)) ? 'required' : 'optional';
  const joinStatus = needsStaffApproval(mode) ? 'pending' : 'approved';
  // Under staff approval the referrer hears of their friend once staff let them in (members' approval service).
  if (joinStatus === 'pending') {
    await db.transaction((tx) => openJoinRequest(tx, { id: created.user.id, name: input.fullName }, now));
  } else if (referrer) {
    await tellReferrer(db, { referrerId: referrer.id, memberName: input.fullName }, now);
  }
  const result = { emailVerification, joinStatus } as const;
  if (!input.referralCode) return { referral: { status: 'none' }, ...result };
  if (!referrer) return { referral: { status: 'invalid' }, ...result };
  return { referral: { status: 'applied', referrerName: referrer.name }, ...result };
}

/** "X joined The Vault with your referral code", once the friend is in. */
export async function tellReferrer(
  db: Executor,
  { referrerId, memberName }: { referrerId: string; memberName: string },
  at: Date,
): Promise<void> {
  await notify(db, {
    userId: referrerId,
    message: `${memberName} joined The Vault with your referral code.`,
    link: '/profile',
    from: 'member',
    at,
  });
}

export async function signIn(
  ctx: ServiceContext,
  input: z.output<typeof loginSchema>,
): Promise<WithCookies<SignInResponse>> {
  const { db, auth, request: meta } = ctx;
  const { signInPerIp, signInPerAccount } = ctx.config.rateLimits;
  await enforceRateLimit(ctx, `sign-in:ip:${meta.ip}`, signInPerIp);
  await enforceRateLimit(ctx, `sign-in:account:${input.email}`, signInPerAccount);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
      headers: meta.headers,
      returnHeaders: true,
    });
    // With two-factor on, the plugin answered instead: no session yet, a signed challenge cookie for the code step.
    const twoFactorRequired = 'twoFactorRedirect' in response;
    const [row] = await db.select().from(user).where(eq(user.email, input.email));
    if (!row!.emailVerified && (await verifiedEmailRequired(db))) {
      // The password was right, so saying why is safe: end the session just made (or drop the challenge's cookie)
      // and send a fresh link.
      if (!twoFactorRequired) await db.delete(session).where(eq(session.token, response.token));
      const { allowed } = await hitRateLimit(
        ctx,
        `verification-email:${row!.id}`,
        ctx.config.rateLimits.verificationEmail,
      );
      if (allowed) await auth.api.sendVerificationEmail({ body: { email: row!.email } });
      throw emailNotConfirmed(row!.email);
    }
    const body: SignInResponse = twoFactorRequired
      ? { user: null, twoFactorRequired: true }
      : { user: toSessionUser(row!) };
    return { body, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (errorCode(error) === 'BANNED_USER') throw banned();
    if (error instanceof APIError) throw loginFailed();
    throw error;
  }
}

/**
 * Revokes the session in the database (the old cookie is refused from now on), ends its live event streams on
 * every instance, and clears the cookie.
 */
export async function signOut({ auth, db, request }: ServiceContext): Promise<WithCookies<{ ok: true }>> {
  const { user: member, sessionId } = await resolveSession({ auth, db }, request.headers);
  try {
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    if (member && sessionId) await endUserStreams(db, member.id, [sessionId]);
    return { body: { ok: true }, setCookies: headers.getSetCookie() };
  } catch (error) {
    // Signing out without a session is already done.
    if (error instanceof APIError) return { body: { ok: true }, setCookies: [] };
    throw error;
  }
}
