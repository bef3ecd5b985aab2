import { APIError } from 'better-auth/api';
import { verifyPassword } from 'better-auth/crypto';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { writeAudit } from '~/server/audit';
import { appMeta } from '~/server/db/tables/meta.tables';
import { user } from '~/server/db/tables/auth.tables';
import { enforceRateLimit } from '~/server/rate-limit';
import { OWNER_PASSWORD_HASH_KEY } from '~/server/db/seed/seed';
import type { SessionResponse } from '~/shared/session';
import { notify } from '~/features/notifications/server/notifications.service';
import { toSessionUser } from '~/server/session';
import type { ServiceContext } from '~/server/service-context';
import type { loginSchema, ownerLoginSchema, registerSchema, RegisterResponse } from '../accounts.schema';

/** A response body plus the session cookies to set. */
export interface WithCookies<T> {
  body: T;
  setCookies: string[];
}

const loginFailed = () =>
  new AppError('UNAUTHORIZED', 'Invalid credentials. Please try again.', { title: 'Login Failed' });
const banned = () => new AppError('FORBIDDEN', 'This account has been banned.', { title: 'Access Denied' });
const emailTaken = () =>
  new AppError('ALREADY_EXISTS', 'An account with this email already exists.', {
    title: 'Registration Failed',
    fields: { email: 'An account with this email already exists.' },
  });

function errorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
}

export async function register(
  ctx: ServiceContext,
  input: z.output<typeof registerSchema>,
): Promise<RegisterResponse> {
  const { db, auth, now, request: meta } = ctx;
  await enforceRateLimit(ctx, `sign-up:ip:${meta.ip}`, ctx.config.rateLimits.signUpPerIp);

  const referrer = input.referralCode
    ? (
        await db
          .select({ id: user.id, name: user.name })
          .from(user)
          .where(eq(user.referralCode, input.referralCode))
      )[0]
    : undefined;

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

  if (!input.referralCode) return { referral: { status: 'none' } };
  if (!referrer) return { referral: { status: 'invalid' } };
  await notify(db, {
    userId: referrer.id,
    message: `${input.fullName} joined The Vault with your referral code.`,
    link: '/profile',
    from: 'member',
    at: now,
  });
  return { referral: { status: 'applied', referrerName: referrer.name } };
}

export async function signIn(
  ctx: ServiceContext,
  input: z.output<typeof loginSchema>,
): Promise<WithCookies<SessionResponse>> {
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
    const [row] = await db.select().from(user).where(eq(user.id, response.user.id));
    return { body: { user: toSessionUser(row!) }, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (errorCode(error) === 'BANNED_USER') throw banned();
    if (error instanceof APIError) throw loginFailed();
    throw error;
  }
}

export async function ownerSignIn(
  ctx: ServiceContext,
  input: z.output<typeof ownerLoginSchema>,
): Promise<WithCookies<SessionResponse>> {
  const { db, auth, now, request: meta } = ctx;
  const { ownerSignInPerIp, ownerSignInTotal } = ctx.config.rateLimits;
  await enforceRateLimit(ctx, `owner-sign-in:ip:${meta.ip}`, ownerSignInPerIp);
  await enforceRateLimit(ctx, 'owner-sign-in:total', ownerSignInTotal);

  const [stored] = await db.select().from(appMeta).where(eq(appMeta.key, OWNER_PASSWORD_HASH_KEY));
  const matches =
    stored !== undefined &&
    input.ownerPassword.length > 0 &&
    (await verifyPassword({ hash: stored.value, password: input.ownerPassword }));
  const [owner] = matches
    ? await db
        .select()
        .from(user)
        .where(or(sql`'Owner' = ANY(${user.roles})`, eq(user.role, 'Owner')))
        .orderBy(asc(user.createdAt))
        .limit(1)
    : [];

  await writeAudit(db, {
    eventType: 'OWNER_LOGIN',
    actorId: owner?.id ?? null,
    meta: { success: Boolean(owner) },
    ip: meta.ip,
    at: now,
  });
  if (!owner) throw loginFailed();

  const { headers } = await auth.api.startOwnerSession({
    body: { userId: owner.id, rememberMe: input.rememberMe },
    headers: meta.headers,
    returnHeaders: true,
  });
  return { body: { user: toSessionUser(owner) }, setCookies: headers.getSetCookie() };
}

/** Revokes the session in the database (the old cookie is refused from now on) and clears the cookie. */
export async function signOut({ auth, request }: ServiceContext): Promise<WithCookies<{ ok: true }>> {
  try {
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return { body: { ok: true }, setCookies: headers.getSetCookie() };
  } catch (error) {
    // Signing out without a session is already done.
    if (error instanceof APIError) return { body: { ok: true }, setCookies: [] };
    throw error;
  }
}
