import { verifyPassword } from '~/server/password-hash';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '~/server/audit';
import { user } from '~/server/db/tables/auth.tables';
import { appMeta } from '~/server/db/tables/meta.tables';
import { rateLimitCounter, signInBackoff } from '~/server/db/tables/rate-limit.tables';
import type { Executor } from '~/server/db/client';
import { hitRateLimit, tooManyAttempts } from '~/server/rate-limit';
import type { ServiceContext } from '~/server/service-context';
import { toSessionUser } from '~/server/session';
import { notify } from '~/features/notifications/server/notifications.service';
import type { ownerLoginSchema, SignInResponse } from '../accounts.schema';
import { loginFailed, type WithCookies } from './accounts.service';

/** Where the Owner's password hash is kept (app_meta): set at first start and by `npm run reset-password`. */
export const OWNER_PASSWORD_HASH_KEY = 'owner_password_hash';

/**
 * The owner sign-in (decision 024). No one can lock the Owner out: there is no global limit that refuses. Instead
 * - each client address backs off: after `freeFailures` wrong passwords it waits a minute, then twice as long
 *   after each further one (at most an hour); the right password clears it;
 * - from SLOW_DOWN_AFTER wrong passwords in an hour from anywhere, every attempt waits `slowdownMs` before its
 *   password is checked — and the right one still gets in;
 * - at ALERT_AT wrong passwords in an hour the Owner is told (once an hour), and every attempt is audited.
 */
const HOUR_MS = 60 * 60 * 1000;
const FIRST_WAIT_MS = 60 * 1000;
const FAILURES_FORGOTTEN_AFTER_MS = 24 * HOUR_MS;
export const SLOW_DOWN_AFTER = 20;
export const ALERT_AT = 10;
const FAILURES_KEY = 'owner-sign-in:failures';

export async function ownerSignIn(
  ctx: ServiceContext,
  input: z.output<typeof ownerLoginSchema>,
): Promise<WithCookies<SignInResponse>> {
  const { db, auth, now, request: meta, config } = ctx;
  const addressKey = `owner-sign-in:${meta.ip}`;
  await refuseWhileBackingOff(ctx, addressKey);
  if ((await failuresThisHour(ctx)) >= SLOW_DOWN_AFTER) await sleep(config.ownerSignIn.slowdownMs);

  const owner = (await ownerPasswordMatches(db, input.ownerPassword)) ? await findOwner(db) : undefined;

  await writeAudit(db, {
    eventType: 'OWNER_LOGIN',
    actorId: owner?.id ?? null,
    meta: { success: Boolean(owner) },
    ip: meta.ip,
    at: now,
  });
  if (!owner) {
    await recordFailure(ctx, addressKey);
    throw loginFailed();
  }
  await db.delete(signInBackoff).where(eq(signInBackoff.key, addressKey));

  const { headers, response } = await auth.api.startOwnerSession({
    body: { userId: owner.id, rememberMe: input.rememberMe },
    headers: meta.headers,
    returnHeaders: true,
  });
  // Two-factor on (and this browser not trusted): the plugin swapped the session for its code challenge.
  const body: SignInResponse =
    'twoFactorRedirect' in response
      ? { user: null, twoFactorRequired: true }
      : { user: toSessionUser(owner) };
  return { body, setCookies: headers.getSetCookie() };
}

/** Whether `password` is the owner password (stored as a hash in app_meta). */
export async function ownerPasswordMatches(db: Executor, password: string): Promise<boolean> {
  const [stored] = await db.select().from(appMeta).where(eq(appMeta.key, OWNER_PASSWORD_HASH_KEY));
  return stored !== undefined && password.length > 0 && verifyPassword({ hash: stored.value, password });
}

/** How long an address with `failures` wrong passwords in a row waits after its last one. */
export function backoffMs(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - freeFailures), HOUR_MS);
}

async function refuseWhileBackingOff(ctx: ServiceContext, key: string): Promise<void> {
  const [row] = await ctx.db.select().from(signInBackoff).where(eq(signInBackoff.key, key));
  if (!row || ctx.now.getTime() - row.lastFailureAt.getTime() > FAILURES_FORGOTTEN_AFTER_MS) return;
  const waitUntil =
    row.lastFailureAt.getTime() + backoffMs(row.failures, ctx.config.ownerSignIn.freeFailures);
  if (waitUntil > ctx.now.getTime()) throw tooManyAttempts(waitUntil - ctx.now.getTime());
}

async function failuresThisHour({ db, now }: ServiceContext): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounter.count })
    .from(rateLimitCounter)
    .where(
      and(
        eq(rateLimitCounter.key, FAILURES_KEY),
        gt(rateLimitCounter.windowStartedAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  return row?.count ?? 0;
}

async function recordFailure(ctx: ServiceContext, addressKey: string): Promise<void> {
  const { db, now } = ctx;
  const forgottenBefore = new Date(now.getTime() - FAILURES_FORGOTTEN_AFTER_MS).toISOString();
  await db
    .insert(signInBackoff)
    .values({ key: addressKey, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInBackoff.key,
      set: {
        failures: sql`CASE WHEN ${signInBackoff.lastFailureAt} < ${forgottenBefore}::timestamptz THEN 1 ELSE ${signInBackoff.failures} + 1 END`,
        lastFailureAt: now,
      },
    });
  // Counted in one statement, so exactly one attempt sees the count reach ALERT_AT in a window.
  const { count } = await hitRateLimit(ctx, FAILURES_KEY, { max: ALERT_AT, windowMs: HOUR_MS });
  if (count !== ALERT_AT) return;
  const owner = await findOwner(db);
  if (!owner) return;
  await notify(db, {
    userId: owner.id,
    message: `Someone has tried ${ALERT_AT} wrong owner passwords in the last hour. Each address now waits longer after each try; the Audit Log lists the attempts.`,
    link: '/admin',
    from: 'staff',
    at: now,
  });
}

export async function findOwner(db: Executor) {
  const [owner] = await db
    .select()
    .from(user)
    .where(or(sql`'Owner' = ANY(${user.roles})`, eq(user.role, 'Owner')))
    .orderBy(asc(user.createdAt))
    .limit(1);
  return owner;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
