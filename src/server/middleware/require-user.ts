import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '~/shared/app-error';
import { can, type Capability } from '~/shared/permissions';
import { resolveSession, type UserRow } from '~/server/session';
import type { AppEnv } from '../app-env';

export interface SignedInEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { user: UserRow };
}

export function forwardCookies(c: Context, cookies: string[]): void {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
}

/** Rejects a request without a live session; everything after it sees `c.var.user`, read fresh this request. */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  // Routers mounted under one prefix (/api/admin) each declare it; the session is resolved once.
  if (c.get('user')) return next();
  const { auth, database } = c.get('services');
  const { user, setCookies } = await resolveSession({ auth, db: database.db }, c.req.raw.headers);
  forwardCookies(c, setCookies);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  c.set('user', user);
  await next();
});

/** After requireUser: refuses with 403, naming the missing permission. */
export function requireCapability(capability: Capability) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    if (!can(c.get('user'), capability)) {
      throw new AppError('FORBIDDEN', `You do not have permission to do this (${capability}).`);
    }
    await next();
  });
}
