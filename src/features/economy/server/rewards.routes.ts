import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { IMAGES } from '~/server/uploads/image-pipeline';
import { upload } from '~/server/uploads/upload';
import { validate } from '~/server/validate';
import {
  redeemSchema,
  approveRedemptionSchema,
  redemptionIdSchema,
  redemptionRequestsQuerySchema,
  refuseRedemptionSchema,
  rewardFormSchema,
  rewardIdSchema,
  setInCartSchema,
  updateRewardSchema,
  type CashRewardsResponse,
  type MyRedemptionsResponse,
  type RedeemResponse,
  type RewardCatalogResponse,
  type RewardsResponse,
} from '../rewards.schema';
import {
  approveRedemption,
  convertRedemptionToCredit,
  listCashRewards,
  listRedemptionRequests,
  refuseRedemption,
} from './redemption-requests.service';
import { listMyRedemptions, redeemReward, setRedemptionInCart } from './redemptions.service';
import {
  createReward,
  listRewardCatalog,
  listRewards,
  removeRewardImage,
  replaceRewardImage,
  updateReward,
} from './rewards.service';

/** The member's Rewards Center: the catalogue, redeeming, and their rewards in and out of the cart. */
export const rewardsRoutes = new Hono<SignedInEnv>()
  .get('/', access('signed-in'), async (c) =>
    c.json({ rewards: await listRewards(c.var.ctx) } satisfies RewardsResponse, 200),
  )
  .get('/mine', access('signed-in'), async (c) =>
    c.json((await listMyRedemptions(c.var.ctx, c.var.user)) satisfies MyRedemptionsResponse, 200),
  )
  .post(
    '/:rewardId/redeem',
    access('signed-in'),
    validate('param', rewardIdSchema),
    validate('json', redeemSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      const { redemption, created } = await redeemReward(c.var.ctx, c.var.user, input);
      return c.json({ redemption } satisfies RedeemResponse, created ? 201 : 200);
    },
  )
  .patch(
    '/redemptions/:redemptionId',
    access('signed-in'),
    validate('param', redemptionIdSchema),
    validate('json', setInCartSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(
        { redemption: await setRedemptionInCart(c.var.ctx, c.var.user, input) } satisfies RedeemResponse,
        200,
      );
    },
  );

/** The Economy tab's rewards: the catalogue editor and the requests that need approval. */
export const adminRewardsRoutes = new Hono<SignedInEnv>()
  .get('/', access('manage:rewards'), async (c) =>
    c.json({ rewards: await listRewardCatalog(c.var.ctx) } satisfies RewardCatalogResponse, 200),
  )
  .post('/', access('manage:rewards'), validate('json', rewardFormSchema), async (c) =>
    c.json({ reward: await createReward(c.var.ctx, c.var.user, c.req.valid('json')) }, 201),
  )
  .get('/requests', access('manage:rewards'), validate('query', redemptionRequestsQuerySchema), async (c) =>
    c.json(await listRedemptionRequests(c.var.ctx, c.req.valid('query')), 200),
  )
  .post(
    '/requests/:redemptionId/approve',
    access('manage:rewards'),
    validate('param', redemptionIdSchema),
    validate('json', approveRedemptionSchema),
    async (c) => {
      await approveRedemption(c.var.ctx, c.var.user, { ...c.req.valid('param'), ...c.req.valid('json') });
      return c.json({ ok: true }, 200);
    },
  )
  .get('/cash-rewards', access('manage:rewards'), async (c) =>
    c.json((await listCashRewards(c.var.ctx)) satisfies CashRewardsResponse, 200),
  )
  .post(
    '/cash-rewards/:redemptionId/credit',
    access('manage:rewards'),
    validate('param', redemptionIdSchema),
    async (c) => {
      await convertRedemptionToCredit(c.var.ctx, c.var.user, c.req.valid('param'));
      return c.json({ ok: true }, 200);
    },
  )
  .post(
    '/requests/:redemptionId/refuse',
    access('manage:rewards'),
    validate('param', redemptionIdSchema),
    validate('json', refuseRedemptionSchema),
    async (c) => {
      await refuseRedemption(c.var.ctx, c.var.user, { ...c.req.valid('param'), ...c.req.valid('json') });
      return c.json({ ok: true }, 200);
    },
  )
  .patch(
    '/:rewardId',
    access('manage:rewards'),
    validate('param', rewardIdSchema),
    validate('json', updateRewardSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json({ reward: await updateReward(c.var.ctx, c.var.user, input) }, 200);
    },
  )
  .post(
    '/:rewardId/image',
    access('manage:rewards'),
    validate('param', rewardIdSchema),
    upload({ accept: IMAGES, missing: 'Choose an image to upload.' }),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.var.upload };
      return c.json({ reward: await replaceRewardImage(c.var.ctx, c.var.user, input) }, 200);
    },
  )
  .delete('/:rewardId/image', access('manage:rewards'), validate('param', rewardIdSchema), async (c) =>
    c.json({ reward: await removeRewardImage(c.var.ctx, c.var.user, c.req.valid('param')) }, 200),
  );
