import { stringify } from 'csv-stringify/sync';
import { eq, or, sql } from 'drizzle-orm';
import type { AuditExportFilters } from '~/shared/audit-events';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { pageOf } from '~/server/pagination';
import type { Actor, ServiceContext } from '~/server/service-context';
import { neutraliseCell } from '~/features/shop/server/orders-desk.service';
import type {
  AuditLogFilters,
  AuditLogMember,
  AuditLogOptions,
  AuditLogPage,
  AuditLogQuery,
} from '../audit.schema';
import { FORMER_MEMBER } from '../audit.constants';
import { conditionsOf, distinctValues, driverIdOf, keyOf, selectRows } from './audit-log-query';
import { describeRows, namesOf, viewerOf } from './audit-log-rows';
import { text } from './audit-sentences';

export const AUDIT_PAGE_SIZE = 50;
/** Rows read, described and written out per step of a CSV export: the export never holds more. */
export const EXPORT_BATCH = 500;

/** The Audit Log, newest first, a page at a time, each row described for this viewer. */
export async function listAuditLog(
  ctx: ServiceContext,
  actor: Actor,
  { cursor, ...filters }: AuditLogQuery,
): Promise<AuditLogPage> {
  const conditions = await conditionsOf(ctx.db, filters);
  const rows = await selectRows(ctx.db, conditions, AUDIT_PAGE_SIZE + 1, cursor);
  const page = pageOf(rows, AUDIT_PAGE_SIZE, keyOf);
  return {
    items: await describeRows(
      ctx.db,
      viewerOf(actor),
      page.items.map(({ row }) => row),
    ),
    nextCursor: page.nextCursor,
  };
}

/** Names for member ids; a deleted member is a Former member, told apart by the start of their id. */
async function membersNamed(db: Executor, ids: string[]): Promise<AuditLogMember[]> {
  const named = await namesOf(db, ids);
  return ids
    .map((id) => ({ id, name: named.get(id)?.name ?? `${FORMER_MEMBER} (${id.slice(0, 8)})` }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The filters' choices: event types in the log, drivers (who hold the role or acted as one), actors. */
export async function auditLogOptions(ctx: ServiceContext): Promise<AuditLogOptions> {
  const [eventTypes, loggedDrivers, actors, currentDrivers] = await Promise.all([
    distinctValues(ctx.db, sql`${auditLog.eventType}`),
    distinctValues(ctx.db, driverIdOf),
    distinctValues(ctx.db, sql`${auditLog.actorId}`),
    ctx.db
      .select({ id: user.id })
      .from(user)
      .where(or(sql`'Driver' = ANY(${user.roles})`, eq(user.role, 'Driver'))),
  ]);
  const driverIds = [...new Set([...loggedDrivers, ...currentDrivers.map((row) => row.id)])];
  return {
    eventTypes: eventTypes.sort(),
    drivers: await membersNamed(ctx.db, driverIds),
    actors: await membersNamed(ctx.db, actors),
  };
}

const CSV_COLUMNS = ['Timestamp', 'Event Type', 'Actor', 'Details', 'Order ID'] as const;

/** The filters an export was asked with, ids only, for its audit row (under `filters`, so no filter finds it). */
function filtersForAudit(filters: AuditLogFilters): AuditExportFilters {
  return Object.fromEntries(
    Object.entries(filters).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, value instanceof Date ? value.toISOString() : value]],
    ),
  );
}

/**
 * The filtered log as CSV, newest first, streamed: EXPORT_BATCH rows are read, described for this viewer and
 * written out at a time, as the reader takes them, so the export never holds the whole table. Every cell goes
 * through csv-stringify and `neutraliseCell`, as the orders export does. The export itself is audited first.
 */
export async function exportAuditLog(
  ctx: ServiceContext,
  actor: Actor,
  filters: AuditLogFilters,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  await writeAudit(ctx.db, {
    eventType: 'AUDIT_LOG_EXPORTED',
    actorId: actor.id,
    meta: { filters: filtersForAudit(filters) },
    at: ctx.now,
  });
  const viewer = viewerOf(actor);
  const conditions = await conditionsOf(ctx.db, filters);
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await selectRows(ctx.db, conditions, EXPORT_BATCH + 1, cursor);
      const page = pageOf(rows, EXPORT_BATCH, keyOf);
      const entries = await describeRows(
        ctx.db,
        viewer,
        page.items.map(({ row }) => row),
      );
      const records = entries.map((entry, index) =>
        [
          entry.at,
          entry.eventType,
          entry.actor.name,
          entry.details.map((part) => part.text).join(''),
          text(page.items[index]!.row.meta.orderId) ?? '',
        ].map(neutraliseCell),
      );
      const csv = stringify(records, {
        header: first,
        columns: [...CSV_COLUMNS],
        record_delimiter: 'windows',
      });
      first = false;
      if (csv) controller.enqueue(encoder.encode(csv));
      if (page.nextCursor) cursor = page.nextCursor;
      else controller.close();
    },
  });
  return { filename: 'audit-log.csv', body };
}
