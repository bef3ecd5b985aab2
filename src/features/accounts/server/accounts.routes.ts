import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { AppError } from '~/shared/app-error';
import type { AppEnv } from '~/server/app-env';
import { clientIp } from '~/server/client-ip';
import { user } from '~/server/db/tables/auth.tables';
import { access, forwardCookies } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import { loginSchema, ownerLoginSchema, registerSchema } from '../accounts.schema';
import {
  ownerSignIn,
  register,
  signIn,
  signOut,
  type AccountsDeps,
  type RequestMeta,
} from './accounts.service';
import { generatedAvatarSvg } from './avatar.service';

function depsOf(c: Context<AppEnv>): AccountsDeps {
  const { auth, database, config, clock } = c.get('services');
  return { auth, db: database.db, config, clock };
}

function metaOf(c: Context<AppEnv>): RequestMeta {
  return { headers: c.req.raw.headers, ip: clientIp(c, c.get('services').config.trustProxy) };
}

export const accountsRoutes = new Hono<AppEnv>()
  .post('/register', access('public'), validate('json', registerSchema), async (c) => {
    const result = await register(depsOf(c), c.req.valid('json'), metaOf(c));
    return c.json(result, 201);
  })
  .post('/login', access('public'), validate('json', loginSchema), async (c) => {
    const { body, setCookies } = await signIn(depsOf(c), c.req.valid('json'), metaOf(c));
    forwardCookies(c, setCookies);
    return c.json(body, 200);
  })
  .post('/owner-login', access('public'), validate('json', ownerLoginSchema), async (c) => {
    const { body, setCookies } = await ownerSignIn(depsOf(c), c.req.valid('json'), metaOf(c));
    forwardCookies(c, setCookies);
    return c.json(body, 200);
  })
  .post('/logout', access('public'), async (c) => {
    const { body, setCookies } = await signOut(depsOf(c), metaOf(c));
    forwardCookies(c, setCookies);
    return c.json(body, 200);
  });

/** Generated avatars, for signed-in members only. */
export const avatarRoutes = new Hono<AppEnv>().get(
  '/:file{[a-z0-9]+\\.svg}',
  access('signed-in'),
  async (c) => {
    const id = c.req.param('file').replace(/\.svg$/, '');
    const [row] = await c
      .get('services')
      .database.db.select({ email: user.email })
      .from(user)
      .where(eq(user.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'This member does not exist or has been removed.');
    return c.body(generatedAvatarSvg(row.email), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'private, max-age=86400',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  },
);
