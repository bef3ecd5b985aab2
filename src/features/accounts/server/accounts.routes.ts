import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { AppError } from '~/shared/app-error';
import type { AppEnv } from '~/server/app-env';
import { user } from '~/server/db/tables/auth.tables';
import { access, forwardCookies } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import { loginSchema, ownerLoginSchema, registerSchema } from '../accounts.schema';
import { ownerSignIn, register, signIn, signOut } from './accounts.service';
import { generatedAvatarSvg } from './avatar.service';

export const accountsRoutes = new Hono<AppEnv>()
  .post('/register', access('public'), validate('json', registerSchema), async (c) =>
    c.json(await register(c.var.ctx, c.req.valid('json')), 201),
  )
  .post('/login', access('public'), validate('json', loginSchema), async (c) => {
    const { body, setCookies } = await signIn(c.var.ctx, c.req.valid('json'));
    forwardCookies(c, setCookies);
    return c.json(body, 200);
  })
  .post('/owner-login', access('public'), validate('json', ownerLoginSchema), async (c) => {
    const { body, setCookies } = await ownerSignIn(c.var.ctx, c.req.valid('json'));
    forwardCookies(c, setCookies);
    return c.json(body, 200);
  })
  .post('/logout', access('public'), async (c) => {
    const { body, setCookies } = await signOut(c.var.ctx);
    forwardCookies(c, setCookies);
    return c.json(body, 200);
  });

/** Generated avatars, for signed-in members only. */
export const avatarRoutes = new Hono<AppEnv>().get(
  '/:file{[a-z0-9]+\\.svg}',
  access('signed-in'),
  async (c) => {
    const id = c.req.param('file').replace(/\.svg$/, '');
    const [row] = await c.var.ctx.db.select({ email: user.email }).from(user).where(eq(user.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'This member does not exist or has been removed.');
    return c.body(generatedAvatarSvg(row.email), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'private, max-age=86400',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  },
);
