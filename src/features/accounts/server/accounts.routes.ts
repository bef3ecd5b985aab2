import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { AppError } from '~/shared/app-error';
import type { AppEnv } from '~/server/app-env';
import { user } from '~/server/db/tables/auth.tables';
import { access, forwardCookies } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  idCheckSchema,
  loginSchema,
  ownerLoginSchema,
  registerSchema,
  resetPasswordSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  twoFactorSignInSchema,
  updateAccountSchema,
  verifyEmailSchema,
  type JoinRules,
} from '../accounts.schema';
import { needsReferralCode, needsStaffApproval } from '../accounts.constants';
import {
  accountDetails,
  changeEmail,
  changePassword,
  listSessions,
  signOutOtherSessions,
  signOutSession,
  updateAccount,
} from './account-settings.service';
import { joinMode, register, signIn, signOut } from './accounts.service';
import { askAgain, joinRequestState, submitIdCheck } from './join-requests.service';
import { IMAGES } from '~/server/uploads/image-pipeline';
import { upload } from '~/server/uploads/upload';
import { resendVerificationEmail, verifyEmail } from './email-verification.service';
import { ownerSignIn } from './owner-sign-in.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  signInWithCode,
  startTwoFactorSetup,
} from './two-factor.service';
import { generatedAvatarSvg } from './avatar.service';

export const accountsRoutes = new Hono<AppEnv>()
  // What the Request Access form asks for before a visitor fills it in.
  .get('/join-rules', access('public'), async (c) => {
    const mode = await joinMode(c.var.ctx.db);
    return c.json(
      {
        referralCodeRequired: needsReferralCode(mode),
        staffApproval: needsStaffApproval(mode),
      } satisfies JoinRules,
      200,
    );
  })
  // Under staff approval: the member's own request, and "Ask again" after a decline.
  .get('/join-request', access('own-account'), async (c) =>
    c.json(await joinRequestState(c.var.ctx, c.var.user), 200),
  )
  .post('/join-request/ask-again', access('own-account'), async (c) =>
    c.json(await askAgain(c.var.ctx, c.var.user), 200),
  )
  // Under the photo ID check: a photo of a government ID (multipart `file`) and the date of birth (`birthDate`).
  .post(
    '/join-request/id',
    access('own-account'),
    upload({ accept: IMAGES, missing: 'Choose a photo of your ID.' }),
    validate('form', idCheckSchema),
    async (c) =>
      c.json(
        await submitIdCheck(c.var.ctx, c.var.user, { bytes: c.var.upload.bytes, ...c.req.valid('form') }),
        200,
      ),
  )
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
  // The code step of either sign-in, when it answered `twoFactorRequired` (its cookie holds the challenge).
  .post('/login/two-factor', access('public'), validate('json', twoFactorSignInSchema), async (c) => {
    const { body, setCookies } = await signInWithCode(c.var.ctx, c.req.valid('json'));
    forwardCookies(c, setCookies);
    return c.json(body, 200);
  })
  .post('/logout', access('public'), async (c) => {
    const { body, setCookies } = await signOut(c.var.ctx);
    forwardCookies(c, setCookies);
    return c.json(body, 200);
  })
  // Forgot password and e-mail links (pages /forgot-password, /reset-password, /verify-email).
  .post('/forgot-password', access('public'), validate('json', forgotPasswordSchema), async (c) =>
    c.json(await requestPasswordReset(c.var.ctx, c.req.valid('json')), 200),
  )
  .post('/reset-password', access('public'), validate('json', resetPasswordSchema), async (c) =>
    c.json(await resetPassword(c.var.ctx, c.req.valid('json')), 200),
  )
  .post('/verify-email', access('public'), validate('json', verifyEmailSchema), async (c) => {
    const { body, setCookies } = await verifyEmail(c.var.ctx, c.req.valid('json'));
    forwardCookies(c, setCookies);
    return c.json(body, 200);
  })
  .post('/verification-email', access('own-account'), async (c) =>
    c.json(await resendVerificationEmail(c.var.ctx, c.var.user), 200),
  )
  // Account settings (/account).
  .get('/account', access('own-account'), (c) => c.json(accountDetails(c.var.user), 200))
  .patch('/account', access('own-account'), validate('json', updateAccountSchema), async (c) =>
    c.json(await updateAccount(c.var.ctx, c.var.user, c.req.valid('json')), 200),
  )
  .post('/account/password', access('own-account'), validate('json', changePasswordSchema), async (c) => {
    const { body, setCookies } = await changePassword(c.var.ctx, c.var.user, c.req.valid('json'));
    forwardCookies(c, setCookies);
    return c.json(body, 200);
  })
  .post('/account/email', access('own-account'), validate('json', changeEmailSchema), async (c) =>
    c.json(await changeEmail(c.var.ctx, c.var.user, c.req.valid('json')), 200),
  )
  .post('/account/two-factor', access('own-account'), validate('json', twoFactorSetupSchema), async (c) =>
    c.json(await startTwoFactorSetup(c.var.ctx, c.var.user, c.req.valid('json')), 200),
  )
  .post(
    '/account/two-factor/confirm',
    access('own-account'),
    validate('json', twoFactorConfirmSchema),
    async (c) => {
      const { body, setCookies } = await confirmTwoFactorSetup(c.var.ctx, c.var.user, c.req.valid('json'));
      forwardCookies(c, setCookies);
      return c.json(body, 200);
    },
  )
  .post(
    '/account/two-factor/disable',
    access('own-account'),
    validate('json', twoFactorDisableSchema),
    async (c) => c.json(await disableTwoFactor(c.var.ctx, c.var.user, c.req.valid('json')), 200),
  )
  .get('/account/sessions', access('own-account'), async (c) =>
    c.json(await listSessions(c.var.ctx, c.var.user, { currentSessionId: c.var.sessionId }), 200),
  )
  .post('/account/sessions/sign-out-others', access('own-account'), async (c) =>
    c.json(await signOutOtherSessions(c.var.ctx, c.var.user, { currentSessionId: c.var.sessionId }), 200),
  )
  .delete('/account/sessions/:id', access('own-account'), async (c) =>
    c.json(await signOutSession(c.var.ctx, c.var.user, { sessionId: c.req.param('id') }), 200),
  );

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
