import { Hono } from 'hono';
import { AppError } from '~/shared/app-error';
import { toSessionUser } from '~/server/session';
import { requireUser, type SignedInEnv } from '~/server/middleware/require-user';
import { validate } from '~/server/validate';
import { memberIdSchema, updateProfileSchema } from '../profiles.schema';
import { ownProfile, publicProfile, replaceAvatar, updateProfile } from './profiles.service';

export const profileRoutes = new Hono<SignedInEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await ownProfile(c.get('services').database.db, c.get('user')), 200))
  .patch('/', validate('json', updateProfileSchema), async (c) => {
    const { database, clock } = c.get('services');
    const updated = await updateProfile(database.db, c.get('user'), c.req.valid('json'), clock.now());
    return c.json({ user: toSessionUser(updated) }, 200);
  })
  .post('/avatar', async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body['file'];
    if (!(file instanceof File)) {
      throw new AppError('BAD_REQUEST', 'Choose an image to upload.', { title: 'Upload Failed' });
    }
    const { database, storage, config, clock } = c.get('services');
    const updated = await replaceAvatar(
      { db: database.db, storage, config, clock },
      c.get('user'),
      Buffer.from(await file.arrayBuffer()),
    );
    return c.json({ user: toSessionUser(updated) }, 200);
  });

export const membersRoutes = new Hono<SignedInEnv>()
  .use(requireUser)
  .get('/:userId', validate('param', memberIdSchema), async (c) =>
    c.json(
      await publicProfile(c.get('services').database.db, c.get('user'), c.req.valid('param').userId),
      200,
    ),
  );
