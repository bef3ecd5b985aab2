import type { Context } from 'hono';
import { can, type Capability } from '~/shared/permissions';
import type { Viewer } from './events';
import type { SignedInEnv } from './middleware/access';

/** The event stream is for signed-in members (the route's access); each event goes only to those allowed to see it. */
export async function resolveEventViewer(c: Context<SignedInEnv>): Promise<Viewer> {
  const user = c.get('user');
  return {
    userId: user.id,
    sessionId: c.get('sessionId'),
    can: (capability) => can(user, capability as Capability),
  };
}
