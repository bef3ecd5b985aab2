import type { Context, Hono, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { eq } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { ACCOUNT_PENDING_MESSAGE, accountDeclinedMessage } from '~/shared/join-status';
import { can, type Capability } from '~/shared/permissions';
import { holdsStaffTwoFactorCapability, TWO_FACTOR_REQUIRED_MESSAGE } from '~/shared/staff-two-factor';
import { resolveSession, type UserRow } from '~/server/session';
import type { AppEnv } from '../app-env';
import { joinRequest } from '../db/tables/join-requests.tables';

/**
 * What it takes to call a route: anyone; a signed-in member of any join status, for routes about their own account
 * (`own-account`: settings, two-factor, e-mail, their data, deletion, their request to join); a signed-in member
 * staff have let in; or, on top of that, a capability.
 */
export type Access = 'public' | 'own-account' | 'signed-in' | Capability;

export interface SignedInEnv extends AppEnv {
  /** The signed-in member, and the session they are signed in with. */
  Variables: AppEnv['Variables'] & { user: UserRow; sessionId: string };
}

export function forwardCookies(c: Context, cookies: string[]): void {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
}

/** Each access() middleware's level, so the route → access table can be read from the app's routes. */
const declared = new WeakMap<object, Access>();

/** The spec's words for a visitor on this route, instead of 'Please sign in to continue.' */
export interface VisitorRefusal {
  message: string;
  title?: string;
}

/**
 * The one way a route says who may call it, as its first handler: `access('public')`, `access('signed-in')` or
 * `access('manage:economy')`. A visitor gets 401; a member staff have not let in 403 `ACCOUNT_PENDING` or
 * `ACCOUNT_DECLINED` (never 401: they are signed in), except on `own-account` routes; a member without the
 * capability 403 naming it; everything after
 * it sees `c.var.user`, read fresh this request. Every API route declares exactly one, and the policy test checks
 * the declarations against the committed `src/app/server/route-access.snapshot`.
 */
export function access(level: 'public'): MiddlewareHandler<AppEnv>;
export function access(
  level: 'own-account' | 'signed-in' | Capability,
  options?: { visitor?: VisitorRefusal },
): MiddlewareHandler<SignedInEnv>;
export function access(
  level: Access,
  options: { visitor?: VisitorRefusal } = {},
): MiddlewareHandler<AppEnv> | MiddlewareHandler<SignedInEnv> {
  const handler =
    level === 'public'
      ? createMiddleware<AppEnv>(async (_c, next) => next())
      : createMiddleware<SignedInEnv>(async (c, next) => {
          const user = await signedIn(c, options.visitor);
          if (level === 'own-account') return next();
          await refuseUntilApproved(c, user);
          if (level !== 'signed-in' && !can(user, level)) {
            throw new AppError('FORBIDDEN', `You do not have permission to do this (${level}).`);
          }
          if (level !== 'signed-in') refuseStaffWithoutTwoFactor(c, user);
          await next();
        });
  declared.set(handler, level);
  return handler;
}

/**
 * STAFF_2FA=required: a route that needs a capability answers staff who hold a private-data capability only once
 * they have two-factor sign-in. Routes any signed-in member may call (Account settings, where it is set up) answer.
 */
function refuseStaffWithoutTwoFactor(c: Context<SignedInEnv>, user: UserRow): void {
  if (c.get('services').config.staffTwoFactor !== 'required') return;
  if (user.twoFactorEnabled || !holdsStaffTwoFactorCapability(user)) return;
  throw new AppError('TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED_MESSAGE, {
    title: 'Set Up Two-Factor Sign-In',
  });
}

/** Under staff approval, a member not yet let in reaches only `own-account` routes; a declined one reads why. */
async function refuseUntilApproved(c: Context<SignedInEnv>, user: UserRow): Promise<void> {
  if (user.status === 'approved') return;
  if (user.status === 'declined') {
    const [request] = await c
      .get('services')
      .database.db.select({ reason: joinRequest.declineReason })
      .from(joinRequest)
      .where(eq(joinRequest.userId, user.id));
    throw new AppError('ACCOUNT_DECLINED', accountDeclinedMessage(request?.reason ?? 'no reason given'), {
      title: 'Request Declined',
    });
  }
  throw new AppError('ACCOUNT_PENDING', ACCOUNT_PENDING_MESSAGE, { title: 'Request Being Reviewed' });
}

/** The session's member, resolved once a request; a visitor is refused. */
async function signedIn(c: Context<SignedInEnv>, visitor: VisitorRefusal | undefined): Promise<UserRow> {
  const known = c.get('user');
  if (known) return known;
  const { auth, database } = c.get('services');
  const { user, sessionId, setCookies } = await resolveSession({ auth, db: database.db }, c.req.raw.headers);
  forwardCookies(c, setCookies);
  if (!user) {
    throw new AppError('UNAUTHORIZED', visitor?.message ?? 'Please sign in to continue.', {
      ...(visitor?.title ? { title: visitor.title } : {}),
    });
  }
  c.set('user', user);
  c.set('sessionId', sessionId!);
  return user;
}

export interface DeclaredRoute {
  method: string;
  /** As registered, with :params. */
  path: string;
  /** Every access() among the route's handlers: exactly one for a well-declared route. */
  access: Access[];
}

/** Every API route the app registers and the access it declares, sorted by path then method. */
export function declaredRoutes<E extends AppEnv>(app: Hono<E>): DeclaredRoute[] {
  const routes = new Map<string, DeclaredRoute>();
  for (const { method, path, handler } of app.routes) {
    if (method === 'ALL' || !path.startsWith('/api/')) continue;
    const key = `${method} ${path}`;
    const route = routes.get(key) ?? { method, path, access: [] };
    routes.set(key, route);
    const level = declared.get(handler);
    if (level) route.access.push(level);
  }
  return [...routes.values()].sort((a, b) =>
    a.path === b.path ? a.method.localeCompare(b.method) : a.path < b.path ? -1 : 1,
  );
}
