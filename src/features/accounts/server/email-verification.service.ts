import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { emailTokenClaims } from '~/server/auth';
import { writeAudit } from '~/server/audit';
import { user } from '~/server/db/tables/auth.tables';
import { enforceRateLimit } from '~/server/rate-limit';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { verifyEmailSchema, VerifyEmailResponse } from '../accounts.schema';
import { errorCode, type WithCookies } from './accounts.service';

/**
 * E-mail links, with better-auth's verification behind our routes: the link sent at registration confirms the
 * address; the link sent to a new address (Account settings) makes it the member's e-mail. Neither signs anyone in.
 */

const expiredLink = () =>
  new AppError('BAD_REQUEST', 'This link has expired. Ask for a new one from your account settings.', {
    title: 'Link Expired',
  });
const usedLink = () =>
  new AppError(
    'BAD_REQUEST',
    'This link has already been used. Your e-mail is as it says in your account settings.',
    {
      title: 'Link Already Used',
    },
  );
const invalidLink = () =>
  new AppError('BAD_REQUEST', 'This link is not valid. Ask for a new one from your account settings.', {
    title: 'Link Not Valid',
  });

export async function verifyEmail(
  ctx: ServiceContext,
  input: z.output<typeof verifyEmailSchema>,
): Promise<WithCookies<VerifyEmailResponse>> {
  const { db, auth, now, request: meta } = ctx;
  await enforceRateLimit(ctx, `verify-email:ip:${meta.ip}`, ctx.config.rateLimits.signInPerIp);
  const { email: linkEmail, purpose, updateTo } = emailTokenClaims(input.token);
  const signedIn = await auth.api.getSession({ headers: meta.headers });
  // The links are signed, not stored: each works once because what it does is then done (the address confirmed,
  // or the e-mail already the new one).
  if (purpose === 'verify' && linkEmail) {
    const [member] = await db
      .select({ verified: user.emailVerified })
      .from(user)
      .where(eq(user.email, linkEmail.toLowerCase()));
    if (member?.verified) throw usedLink();
  }
  if (purpose === 'change' && signedIn && updateTo?.toLowerCase() === signedIn.user.email.toLowerCase()) {
    throw usedLink();
  }
  // better-auth would start a session for whoever opens a change link: we ask them to sign in instead.
  if (purpose === 'change' && !signedIn) {
    throw new AppError(
      'UNAUTHORIZED',
      'Sign in to The Vault, then open the link again to change your e-mail.',
      {
        title: 'Sign In First',
      },
    );
  }
  let setCookies: string[];
  try {
    const { headers } = await auth.api.verifyEmail({
      query: { token: input.token },
      headers: meta.headers,
      returnHeaders: true,
    });
    setCookies = headers.getSetCookie();
  } catch (error) {
    if (errorCode(error) === 'TOKEN_EXPIRED') throw expiredLink();
    if (error instanceof APIError) throw invalidLink();
    throw error;
  }
  if (purpose === 'verify') {
    // The address the link was sent to, now confirmed (a visitor's browser may open it: no session needed).
    const email = linkEmail ?? '';
    const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (member) {
      await writeAudit(db, {
        eventType: 'EMAIL_VERIFIED',
        actorId: member.id,
        meta: { memberId: member.id },
        at: now,
      });
    }
    return { body: { result: 'verified', email }, setCookies: [] };
  }
  const memberId = signedIn!.user.id;
  const [changed] = await db.select({ email: user.email }).from(user).where(eq(user.id, memberId));
  await writeAudit(db, { eventType: 'EMAIL_CHANGED', actorId: memberId, meta: { memberId }, at: now });
  return { body: { result: 'changed', email: changed!.email }, setCookies };
}

/** "Resend the link": one a minute (RATE_LIMIT_VERIFICATION_EMAIL), to the member's own, unconfirmed address. */
export async function resendVerificationEmail(
  ctx: ServiceContext,
  actor: Actor,
): Promise<{ sentTo: string; retryAfterSeconds: number }> {
  const rule = ctx.config.rateLimits.verificationEmail;
  if (actor.emailVerified) {
    throw new AppError('CONFLICT', 'Your e-mail is already confirmed.');
  }
  await enforceRateLimit(ctx, `verification-email:${actor.id}`, rule);
  await ctx.auth.api.sendVerificationEmail({ body: { email: actor.email }, headers: ctx.request.headers });
  return { sentTo: actor.email, retryAfterSeconds: Math.ceil(rule.windowMs / rule.max / 1000) };
}
