import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { memberLimit } from '~/server/middleware/abuse-limits';
import { validate } from '~/server/validate';
import { auditLogFiltersSchema, auditLogQuerySchema, type AuditLogOptions } from '../audit.schema';
import { auditLogOptions, exportAuditLog, listAuditLog } from './audit-log.service';

/** The dashboard's Audit Log tab: the log a page at a time, the filters' choices, and the CSV export. */
export const auditLogRoutes = new Hono<SignedInEnv>()
  .get('/', access('read:audit-log'), validate('query', auditLogQuerySchema), async (c) =>
    c.json(await listAuditLog(c.var.ctx, c.var.user, c.req.valid('query')), 200),
  )
  .get('/options', access('read:audit-log'), async (c) =>
    c.json((await auditLogOptions(c.var.ctx)) satisfies AuditLogOptions, 200),
  )
  .get(
    '/export',
    access('export:audit-log'),
    memberLimit('exports'),
    validate('query', auditLogFiltersSchema),
    async (c) => {
      const { filename, body } = await exportAuditLog(c.var.ctx, c.var.user, c.req.valid('query'));
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
      });
    },
  );
