import { Hono } from 'hono';
import { memberLimit } from '../middleware/abuse-limits';
import { access, type SignedInEnv } from '../middleware/access';
import { exportDatabase } from './database-export';

/** The Settings tab's Export Database (JSON): the Owner only, counted with the other exports. */
export const databaseExportRoutes = new Hono<SignedInEnv>().get(
  '/database',
  access('export:database'),
  memberLimit('exports'),
  async (c) => {
    const { filename, body } = await exportDatabase(c.var.ctx, c.var.user);
    return c.body(body, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
  },
);
