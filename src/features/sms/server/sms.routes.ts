import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import {
  sendSmsSchema,
  smsAudienceQuerySchema,
  smsRecipientsQuerySchema,
  smsSendIdSchema,
  smsSendsQuerySchema,
  updateSmsSettingsSchema,
  type SendSmsResponse,
  type SmsSettingsView,
} from '../sms.schema';
import {
  listSmsRecipients,
  listSmsSends,
  readSmsSettings,
  sendSms,
  smsAudience,
  updateSmsSettings,
} from './sms.service';

/** The dashboard's Mass SMS tab (`send:sms` to send, `read:sms` to read the log) and the SMS part of Settings. */
export const adminSmsRoutes = new Hono<SignedInEnv>()
  .get('/sends', access('read:sms'), validate('query', smsSendsQuerySchema), async (c) =>
    c.json(await listSmsSends(c.var.ctx, c.req.valid('query')), 200),
  )
  .post('/sends', access('send:sms'), validate('json', sendSmsSchema), async (c) => {
    const { send, provider, created } = await sendSms(c.var.ctx, c.var.user, c.req.valid('json'));
    return c.json({ send, provider } satisfies SendSmsResponse, created ? 201 : 200);
  })
  .get(
    '/sends/:sendId/recipients',
    access('read:sms'),
    validate('param', smsSendIdSchema),
    validate('query', smsRecipientsQuerySchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('query') };
      return c.json(await listSmsRecipients(c.var.ctx, c.var.user, input), 200);
    },
  )
  .get('/audience', access('send:sms'), validate('query', smsAudienceQuerySchema), async (c) =>
    c.json(await smsAudience(c.var.ctx, c.req.valid('query')), 200),
  )
  .get('/settings', access('manage:settings'), async (c) =>
    c.json((await readSmsSettings(c.var.ctx)) satisfies SmsSettingsView, 200),
  )
  .put('/settings', access('manage:settings'), validate('json', updateSmsSettingsSchema), async (c) =>
    c.json(
      (await updateSmsSettings(c.var.ctx, c.var.user, c.req.valid('json'))) satisfies SmsSettingsView,
      200,
    ),
  );
