import { Hono } from 'hono';
import type { AppEnv } from '~/server/app-env';
import { access, forwardCookies } from '~/server/middleware/access';
import { resolveSession, toSessionUser } from '~/server/session';
import type { SessionResponse } from '~/shared/session';

/**
 * `GET /api/accounts/session`: the signed-in member, or `user: null` for a visitor. The platform's, since every
 * screen reads it (src/client/lib/session.ts); mounted beside the accounts feature's sign-in routes.
 */
export const sessionRoutes = new Hono<AppEnv>().get('/', access('public'), async (c) => {
  const { auth, database, config, hub } = c.get('services');
  const { user: row, setCookies } = await resolveSession({ auth, db: database.db }, c.req.raw.headers);
  forwardCookies(c, setCookies);
  const body: SessionResponse = row
    ? { user: toSessionUser(row), staffTwoFactor: config.staffTwoFactor, eventId: hub.latestEventId }
    : { user: null };
  return c.json(body, 200);
});
