import { APIError } from 'better-auth/api';
import { and, eq, like } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { user, verification } from '~/server/db/tables/auth.tables';
import { enforceRateLimit } from '~/server/rate-limit';
import type { ServiceContext } from '~/server/service-context';
import type { forgotPasswordSchema, resetPasswordSchema } from '../accounts.schema';
import { RESET_LINK_SENT } from '../accounts.constants';
import { refuseCommonPassword } from './password-policy';
import { endUserStreams } from '~/server/events';

/**
 * Forgot password, with better-auth's reset flow behind our routes (decision 006): a single-use token valid for
 * an hour, e-mailed as a link to /reset-password; choosing a new password ends every session of the member.
 */

const invalidLink = () =>
  new AppError(
    'BAD_REQUEST',
    'This link has expired or has already been used. Ask for a new one from the sign-in page.',
    { title: 'Link Expired' },
  );

/** The same answer, at the same speed, whether or not the address belongs to a member; limited per e-mail and IP. */
export async function requestPasswordReset(
  ctx: ServiceContext,
  input: z.output<typeof forgotPasswordSchema>,
): Promise<{ message: string }> {
  const { db, auth, now, request: meta, config } = ctx;
  await enforceRateLimit(ctx, `password-reset:ip:${meta.ip}`, config.rateLimits.passwordResetPerIp);
  await enforceRateLimit(ctx, `password-reset:email:${input.email}`, config.rateLimits.passwordResetPerEmail);
  const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email));
  await writeAudit(db, {
    eventType: 'PASSWORD_RESET_REQUESTED',
    actorId: member?.id ?? null,
    meta: member ? { memberId: member.id } : {},
    ip: meta.ip,
    at: now,
  });
  // Sends the e-mail in the background (auth.ts), so an existing address does not answer more slowly.
  await auth.api.requestPasswordReset({ body: { email: input.email } });
  return { message: RESET_LINK_SENT };
}

/**
 * Every outstanding reset link of the member stops working: after a reset (the older links) and after a password
 * change in Account settings. better-auth keeps each as `reset-password:<token>` naming the member.
 */
export async function forgetResetLinks(db: Executor, memberId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, memberId)));
}

export async function resetPassword(
  ctx: ServiceContext,
  input: z.output<typeof resetPasswordSchema>,
): Promise<{ ok: true }> {
  const { db, auth, now, request: meta, config } = ctx;
  // Tokens are 24 random characters; the limit keeps anyone from trying many.
  await enforceRateLimit(ctx, `password-reset:ip:${meta.ip}`, config.rateLimits.passwordResetPerIp);
  const [pending] = await db
    .select({ memberId: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, `reset-password:${input.token}`));
  // better-auth judges expiry by the system clock, so this check does too.
  if (!pending || pending.expiresAt < new Date()) throw invalidLink();
  refuseCommonPassword(input.password, 'password');
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    // Used by a second tab a moment ago, or expired in between.
    if (error instanceof APIError) throw invalidLink();
    throw error;
  }
  // Every session ended with the reset (auth.ts): so do their live streams, and every other link sent before.
  await endUserStreams(db, pending.memberId);
  await forgetResetLinks(db, pending.memberId);
  await writeAudit(db, {
    eventType: 'PASSWORD_RESET',
    actorId: pending.memberId,
    meta: { memberId: pending.memberId },
    ip: meta.ip,
    at: now,
  });
  return { ok: true };
}
