import { APIError } from 'better-auth/api';
import Bowser from 'bowser';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { rolesOf } from '~/shared/permissions';
import { writeAudit } from '~/server/audit';
import { session, user } from '~/server/db/tables/auth.tables';
import { publish } from '~/server/events';
import { enforceRateLimit } from '~/server/rate-limit';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { UserRow } from '~/server/session';
import type {
  AccountDetails,
  AccountSession,
  AccountSessionsResponse,
  ChangeEmailResponse,
  changeEmailSchema,
  changePasswordSchema,
  updateAccountSchema,
} from '../accounts.schema';
import { errorCode, type WithCookies } from './accounts.service';
import { refuseCommonPassword } from './password-policy';
import { endUserStreams } from '~/server/events';
import { forgetResetLinks } from './password-reset.service';
import type { Executor } from '~/server/db/client';

/** /account: the one place where a member changes their password, e-mail, contact details and devices. */

const isOwner = (row: Pick<UserRow, 'roles' | 'role'>) => rolesOf(row).includes('Owner');

const ownerRefusal = () =>
  new AppError(
    'FORBIDDEN',
    'The Owner signs in with the owner password: the operator changes it with "npm run reset-password owner".',
  );

const wrongPassword = (field: string) =>
  new AppError('BAD_REQUEST', 'That is not your current password.', {
    fields: { [field]: 'That is not your current password.' },
  });

export function accountDetails(row: UserRow): AccountDetails {
  return {
    email: row.email,
    emailVerified: row.emailVerified,
    telegram: row.telegram,
    phone: row.phone,
    address: row.address,
    smsConsent: row.smsConsent,
    ownerAccount: isOwner(row),
  };
}

/**
 * The one write of a member's own row (profile, avatar, contact details): the member's other devices read their
 * session again, since the header and checkout show what it holds.
 */
export async function updateOwnUser(
  { db, now }: ServiceContext,
  actor: Actor,
  changes: Partial<Omit<UserRow, 'id' | 'updatedAt'>>,
): Promise<UserRow> {
  const userId = actor.id;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(user)
      .set({ ...changes, updatedAt: now })
      .where(eq(user.id, userId))
      .returning();
    await publish(tx, 'session.profile', { userId }, [{ kind: 'users', userIds: [userId] }]);
    return updated!;
  });
}

export async function updateAccount(
  ctx: ServiceContext,
  actor: Actor,
  changes: z.output<typeof updateAccountSchema>,
): Promise<AccountDetails> {
  // The member's other devices read their session again (checkout pre-fills phone and address from it).
  return accountDetails(await updateOwnUser(ctx, actor, changes));
}

/** Needs the current password; by default the member's other devices are signed out (a new session here). */
export async function changePassword(
  ctx: ServiceContext,
  actor: Actor,
  input: z.output<typeof changePasswordSchema>,
): Promise<WithCookies<{ ok: true }>> {
  const { auth, db, now, request: meta } = ctx;
  if (isOwner(actor)) throw ownerRefusal();
  await enforceRateLimit(ctx, `password-check:${actor.id}`, ctx.config.rateLimits.signInPerAccount);
  refuseCommonPassword(input.newPassword, 'newPassword');
  const sessionsBefore = await sessionIdsOf(db, actor.id);
  try {
    const { headers } = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: input.signOutOtherDevices,
      },
      headers: meta.headers,
      returnHeaders: true,
    });
    // A reset link sent before the change would undo it: every one stops working.
    await forgetResetLinks(db, actor.id);
    // The sessions the change signed out (every other device, when asked): their live streams end too.
    const kept = new Set(await sessionIdsOf(db, actor.id));
    await endUserStreams(
      db,
      actor.id,
      sessionsBefore.filter((id) => !kept.has(id)),
    );
    await writeAudit(db, {
      eventType: 'PASSWORD_CHANGED',
      actorId: actor.id,
      meta: { memberId: actor.id, otherDevicesSignedOut: input.signOutOtherDevices },
      ip: meta.ip,
      at: now,
    });
    return { body: { ok: true }, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (errorCode(error) === 'INVALID_PASSWORD') throw wrongPassword('currentPassword');
    throw error;
  }
}

/**
 * Sends a link to the new address; the e-mail changes when it is opened (email-verification.service.ts). The
 * answer is the same when the new address belongs to someone else (better-auth sends nothing then), so this
 * cannot be used to find out who is a member.
 */
export async function changeEmail(
  ctx: ServiceContext,
  actor: Actor,
  input: z.output<typeof changeEmailSchema>,
): Promise<ChangeEmailResponse> {
  const { auth, db, now, request: meta } = ctx;
  if (isOwner(actor)) throw ownerRefusal();
  if (input.newEmail === actor.email) {
    throw new AppError('BAD_REQUEST', 'That is already your e-mail.', {
      fields: { newEmail: 'That is already your e-mail.' },
    });
  }
  await enforceRateLimit(ctx, `password-check:${actor.id}`, ctx.config.rateLimits.signInPerAccount);
  try {
    await auth.api.verifyPassword({ body: { password: input.password }, headers: meta.headers });
  } catch (error) {
    if (error instanceof APIError) throw wrongPassword('password');
    throw error;
  }
  await enforceRateLimit(ctx, `verification-email:${actor.id}`, ctx.config.rateLimits.verificationEmail);
  await auth.api.changeEmail({ body: { newEmail: input.newEmail }, headers: meta.headers });
  await writeAudit(db, {
    eventType: 'EMAIL_CHANGE_REQUESTED',
    actorId: actor.id,
    meta: { memberId: actor.id },
    ip: meta.ip,
    at: now,
  });
  return { sentTo: input.newEmail };
}

/** The devices the member is signed in on, most recently used first. */
export async function listSessions(
  { db, now }: ServiceContext,
  actor: Actor,
  { currentSessionId }: { currentSessionId: string },
): Promise<AccountSessionsResponse> {
  const rows = await db
    .select({ id: session.id, userAgent: session.userAgent, updatedAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, actor.id), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt))
    .limit(50);
  return {
    items: rows.map((row) => ({
      id: row.id,
      ...describeDevice(row.userAgent),
      lastActiveOn: row.updatedAt.toISOString().slice(0, 10),
      current: row.id === currentSessionId,
    })),
  };
}

const sessionIdsOf = async (db: Executor, userId: string) =>
  (await db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).map((row) => row.id);

export async function signOutSession(
  { db, now, request: meta }: ServiceContext,
  actor: Actor,
  { sessionId }: { sessionId: string },
): Promise<{ ok: true }> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, actor.id)))
    .returning({ id: session.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND', 'That device is already signed out.');
  await endUserStreams(
    db,
    actor.id,
    ended.map((row) => row.id),
  );
  await writeAudit(db, {
    eventType: 'SESSIONS_ENDED',
    actorId: actor.id,
    meta: { memberId: actor.id, count: 1 },
    ip: meta.ip,
    at: now,
  });
  return { ok: true };
}

export async function signOutOtherSessions(
  { db, now, request: meta }: ServiceContext,
  actor: Actor,
  { currentSessionId }: { currentSessionId: string },
): Promise<{ ended: number }> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.userId, actor.id), ne(session.id, currentSessionId)))
    .returning({ id: session.id });
  await endUserStreams(
    db,
    actor.id,
    ended.map((row) => row.id),
  );
  await writeAudit(db, {
    eventType: 'SESSIONS_ENDED',
    actorId: actor.id,
    meta: { memberId: actor.id, count: ended.length },
    ip: meta.ip,
    at: now,
  });
  return { ended: ended.length };
}

const FORM_FACTOR = { mobile: 'phone', tablet: 'tablet', tv: 'TV' } as const;

/** 'iPhone' / 'Safari 18', 'Android phone' / 'Chrome 131', 'Mac' / 'Firefox 133', from the User-Agent header. */
export function describeDevice(userAgent: string | null): Pick<AccountSession, 'device' | 'browser'> {
  if (!userAgent) return { device: 'Unknown device', browser: 'Unknown browser' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const system = os.name === 'macOS' ? 'Mac' : os.name;
  const formFactor = FORM_FACTOR[platform.type as keyof typeof FORM_FACTOR] ?? 'computer';
  const device =
    platform.model && /^(iPhone|iPad|iPod)$/.test(platform.model)
      ? platform.model
      : system === 'Mac'
        ? 'Mac'
        : system
          ? `${system} ${formFactor}`
          : 'Unknown device';
  const major = browser.version?.split('.')[0];
  return {
    device,
    browser: browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser',
  };
}
