import { Hono } from 'hono';
import { pageQuerySchema } from '~/shared/pagination';
import type { LedgerPage } from '~/features/economy/economy.schema';
import { listLedger } from '~/features/economy/server/ledger.service';
import { toSessionUser } from '~/server/session';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { IMAGES } from '~/server/uploads/image-pipeline';
import { upload } from '~/server/uploads/upload';
import { validate } from '~/server/validate';
import { memberIdSchema, updateProfileSchema } from '../profiles.schema';
import { ownProfile, publicProfile, replaceAvatar, updateProfile } from './profiles.service';

export const profileRoutes = new Hono<SignedInEnv>()
  .get('/', access('signed-in'), async (c) => c.json(await ownProfile(c.var.ctx, c.var.user), 200))
  /** The member's own coin and XP history (the economy's ledger), newest first. */
  .get('/history', access('signed-in'), validate('query', pageQuerySchema), async (c) =>
    c.json((await listLedger(c.var.ctx, c.var.user, c.req.valid('query'))) satisfies LedgerPage, 200),
  )
  .patch('/', access('signed-in'), validate('json', updateProfileSchema), async (c) => {
    const updated = await updateProfile(c.var.ctx, c.var.user, c.req.valid('json'));
    return c.json({ user: toSessionUser(updated) }, 200);
  })
  .post(
    '/avatar',
    access('signed-in'),
    upload({ accept: IMAGES, missing: 'Choose an image to upload.' }),
    async (c) => {
      const updated = await replaceAvatar(c.var.ctx, c.var.user, c.var.upload);
      return c.json({ user: toSessionUser(updated) }, 200);
    },
  );

export const membersRoutes = new Hono<SignedInEnv>().get(
  '/:userId',
  access('signed-in'),
  validate('param', memberIdSchema),
  async (c) => c.json(await publicProfile(c.var.ctx, c.var.user, c.req.valid('param')), 200),
);
