import { Hono } from 'hono';
import { pageQuerySchema } from '~/shared/pagination';
import type { LedgerPage } from '~/features/economy/economy.schema';
import { listLedger } from '~/features/economy/server/ledger.service';
import { toSessionUser } from '~/server/session';
import { memberLimit } from '~/server/middleware/abuse-limits';
import { access, forwardCookies, type SignedInEnv } from '~/server/middleware/access';
import { signOut } from '~/features/accounts/server/accounts.service';
import { IMAGES } from '~/server/uploads/image-pipeline';
import { upload } from '~/server/uploads/upload';
import { validate } from '~/server/validate';
import { memberIdSchema, updateProfileSchema } from '../profiles.schema';
import { dataExportIdSchema, deleteAccountSchema } from '../privacy.schema';
import { deleteAccount } from './account-deletion.service';
import { downloadDataExport, latestDataExport, requestDataExport } from './data-export.service';
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
  )
  // Privacy & Data: Download My Data and Delete My Account (docs/decisions/025), also before staff let a member in.
  .get('/data-export', access('own-account'), async (c) =>
    c.json(await latestDataExport(c.var.ctx, c.var.user), 200),
  )
  .post('/data-export', access('own-account'), memberLimit('exports'), async (c) =>
    c.json(await requestDataExport(c.var.ctx, c.var.user), 201),
  )
  .get(
    '/data-export/:exportId/download',
    access('own-account'),
    validate('param', dataExportIdSchema),
    async (c) => {
      const { filename, bytes } = await downloadDataExport(c.var.ctx, c.var.user, c.req.valid('param'));
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  )
  .post('/delete-account', access('own-account'), validate('json', deleteAccountSchema), async (c) => {
    const body = await deleteAccount(c.var.ctx, c.var.user, c.req.valid('json'));
    // The sessions are gone already; this clears the cookie.
    forwardCookies(c, (await signOut(c.var.ctx)).setCookies);
    return c.json(body, 200);
  });

export const membersRoutes = new Hono<SignedInEnv>().get(
  '/:userId',
  access('signed-in'),
  validate('param', memberIdSchema),
  async (c) => c.json(await publicProfile(c.var.ctx, c.var.user, c.req.valid('param')), 200),
);
