import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import {
  pausePromoCodeSchema,
  promoCodeFormSchema,
  promoCodeIdSchema,
  type PromoCodeResponse,
  type PromoCodesResponse,
} from '../loyalty.schema';
import { createPromoCode, listPromoCodes, setPromoCodePaused, updatePromoCode } from './promo-codes.service';

/** The Economy tab's promo codes (manage:rewards): list, create, edit (PATCH the form), pause and resume. */
export const promoCodesRoutes = new Hono<SignedInEnv>()
  .get('/', access('manage:rewards'), async (c) =>
    c.json({ codes: await listPromoCodes(c.var.ctx) } satisfies PromoCodesResponse, 200),
  )
  .post('/', access('manage:rewards'), validate('json', promoCodeFormSchema), async (c) =>
    c.json(
      { code: await createPromoCode(c.var.ctx, c.var.user, c.req.valid('json')) } satisfies PromoCodeResponse,
      201,
    ),
  )
  .patch(
    '/:promoCodeId',
    access('manage:rewards'),
    validate('param', promoCodeIdSchema),
    validate('json', promoCodeFormSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(
        { code: await updatePromoCode(c.var.ctx, c.var.user, input) } satisfies PromoCodeResponse,
        200,
      );
    },
  )
  .put(
    '/:promoCodeId/paused',
    access('manage:rewards'),
    validate('param', promoCodeIdSchema),
    validate('json', pausePromoCodeSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(
        { code: await setPromoCodePaused(c.var.ctx, c.var.user, input) } satisfies PromoCodeResponse,
        200,
      );
    },
  );
