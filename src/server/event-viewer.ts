import type { Context } from 'hono';
import { AppError } from '~/shared/app-error';
import { can, type Capability } from '~/shared/permissions';
import { resolveSession } from '~/server/session';
import type { AppEnv } from './app-env';
import type { Viewer } from './events';

/** The event stream is for signed-in members; each event goes only to those allowed to see it. */
export async function resolveEventViewer(c: Context<AppEnv>): Promise<Viewer> {
  const { auth, database } = c.get('services');
  const { user } = await resolveSession({ auth, db: database.db }, c.req.raw.headers);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return { userId: user.id, can: (capability) => can(user, capability as Capability) };
}
