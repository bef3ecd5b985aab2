import { Hono } from 'hono';
import { memberLimit } from '~/server/middleware/abuse-limits';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import { insightsExportQuerySchema, insightsQuerySchema, type InsightsResponse } from '../insights.schema';
import { exportInsights } from './insights-export.service';
import { readInsights } from './insights.service';

/** The dashboard's Overview tab: every figure of a range of days, and each section as a CSV. */
export const insightsRoutes = new Hono<SignedInEnv>()
  .get('/', access('read:insights'), validate('query', insightsQuerySchema), async (c) =>
    c.json((await readInsights(c.var.ctx, c.req.valid('query'))) satisfies InsightsResponse, 200),
  )
  .get(
    '/export',
    access('export:insights'),
    memberLimit('exports'),
    validate('query', insightsExportQuerySchema),
    async (c) => {
      const { filename, csv } = await exportInsights(c.var.ctx, c.var.user, c.req.valid('query'));
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
      });
    },
  );
