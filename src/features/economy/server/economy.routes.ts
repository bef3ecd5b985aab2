import { Hono } from 'hono';
import { memberLimit } from '~/server/middleware/abuse-limits';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import {
  adjustBalanceSchema,
  balanceSearchSchema,
  leaderboardQuerySchema,
  updateEconomySettingsSchema,
  type AdjustBalanceResponse,
  type CooldownsResponse,
  type EconomySettingsResponse,
  type LeaderboardResponse,
} from '../economy.schema';
import { adjustBalance, findBalanceHolders } from './adjustments.service';
import { cooldowns } from './cooldown.service';
import { leaderboard } from './leaderboard.service';
import { readEconomySettings, updateEconomySettings } from './economy-settings.service';
import { claimWeeklyBonus } from './weekly-bonus.service';
import { listLevelPerks, saveLevelPerks } from './level-perks.service';
import { levelPerksSchema, type LevelPerksResponse } from '../loyalty.schema';

export const economyRoutes = new Hono<SignedInEnv>()
  /** Called by the browser when a session starts (sign in or restore). */
  .post('/weekly-bonus', access('signed-in'), async (c) =>
    c.json(await claimWeeklyBonus(c.var.ctx, c.var.user), 200),
  )
  .get('/cooldowns', access('signed-in'), async (c) =>
    c.json((await cooldowns(c.var.ctx, c.var.user)) satisfies CooldownsResponse, 200),
  )
  .get('/leaderboard', access('signed-in'), validate('query', leaderboardQuerySchema), async (c) =>
    c.json(
      (await leaderboard(c.var.ctx, c.var.user, c.req.valid('query'))) satisfies LeaderboardResponse,
      200,
    ),
  )
  .get(
    '/members',
    access('manage:economy'),
    memberLimit('searches'),
    validate('query', balanceSearchSchema),
    async (c) => c.json(await findBalanceHolders(c.var.ctx, c.req.valid('query')), 200),
  )
  .post('/adjustments', access('manage:economy'), validate('json', adjustBalanceSchema), async (c) =>
    c.json(
      (await adjustBalance(c.var.ctx, c.var.user, c.req.valid('json'))) satisfies AdjustBalanceResponse,
      201,
    ),
  )
  .get('/settings', access('signed-in'), async (c) => {
    const settings = await readEconomySettings(c.var.ctx.db);
    return c.json({ settings } satisfies EconomySettingsResponse, 200);
  })
  .put('/settings', access('manage:economy'), validate('json', updateEconomySettingsSchema), async (c) => {
    const settings = await updateEconomySettings(c.var.ctx, c.var.user, c.req.valid('json'));
    return c.json({ settings } satisfies EconomySettingsResponse, 200);
  })
  /** The level perks: members read them (the Missions guide), staff who set the economy save the table. */
  .get('/level-perks', access('signed-in'), async (c) =>
    c.json({ perks: await listLevelPerks(c.var.ctx.db) } satisfies LevelPerksResponse, 200),
  )
  .put('/level-perks', access('manage:economy'), validate('json', levelPerksSchema), async (c) =>
    c.json(
      {
        perks: await saveLevelPerks(c.var.ctx, c.var.user, c.req.valid('json')),
      } satisfies LevelPerksResponse,
      200,
    ),
  );
