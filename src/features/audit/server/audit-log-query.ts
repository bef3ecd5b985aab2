// Finding rows of the audit log: its filters as SQL, its newest-first pages, the distinct values it holds.
import { and, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { auditLog } from '~/server/db/tables/audit.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { timeKeyset } from '~/server/pagination';
import type { AuditLogFilters } from '../audit.schema';

export type AuditRow = typeof auditLog.$inferSelect;

const newestFirst = timeKeyset({ time: auditLog.createdAt, id: auditLog.id, direction: 'desc' });
// The same expressions as the indexes audit_log_order_idx and audit_log_driver_idx, so the planner uses them.
const orderIdOf = sql<string>`(${auditLog.meta} ->> 'orderId')`;
export const driverIdOf = sql<string>`(${auditLog.meta} ->> 'driverId')`;

/**
 * The order filter's ids: the text as an order id, and, for a short number as the app shows it (#A1B2C3, any
 * case, # optional), every order whose id ends with it.
 */
async function orderIdsFor(db: Executor, text: string): Promise<string[]> {
  const short = text.replace(/^#/, '').trim();
  const ids = new Set([text, short]);
  if (/^[0-9a-f]{6}$/i.test(short)) {
    const matches = await db
      .select({ id: shopOrder.id })
      .from(shopOrder)
      .where(like(shopOrder.id, `%${short.toLowerCase()}`))
      .limit(100);
    for (const { id } of matches) ids.add(id);
  }
  return [...ids].filter(Boolean);
}

export async function conditionsOf(db: Executor, filters: AuditLogFilters): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (filters.orderId) conditions.push(inArray(orderIdOf, await orderIdsFor(db, filters.orderId)));
  if (filters.eventType) conditions.push(eq(auditLog.eventType, filters.eventType));
  if (filters.driverId) conditions.push(eq(driverIdOf, filters.driverId));
  if (filters.actorId) conditions.push(eq(auditLog.actorId, filters.actorId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) conditions.push(lt(auditLog.createdAt, filters.to));
  return conditions;
}

/** Up to `limit` rows after the cursor, newest first, with each row's cursor time. */
export function selectRows(db: Executor, conditions: SQL[], limit: number, cursor: string | undefined) {
  return db
    .select({ row: auditLog, cursorAt: newestFirst.cursorAt })
    .from(auditLog)
    .where(and(...conditions, newestFirst.after(cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(limit);
}

export const keyOf = (last: { row: AuditRow; cursorAt: string }) => [last.cursorAt, last.row.id] as const;

/** The distinct values of an indexed expression, one index probe each (a skip scan), in order. */
export async function distinctValues(db: Executor, expression: SQL): Promise<string[]> {
  // PGlite and node-postgres both answer a raw query with `rows`.
  const result = (await db.execute(sql`
    with recursive found(value) as (
      (select ${expression} from ${auditLog} where ${expression} is not null order by 1 limit 1)
      union all
      select (
        select ${expression} from ${auditLog}
        where ${expression} > found.value
        order by 1 limit 1
      )
      from found where found.value is not null
    )
    select value from found where value is not null`)) as unknown as { rows: { value: string }[] };
  return result.rows.map((row) => row.value);
}
