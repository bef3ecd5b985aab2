import { randomUUID } from 'node:crypto';
import type { AuditEvent } from '~/shared/audit-events';
import { auditLog } from '~/server/db/tables/audit.tables';
import type { Executor } from './db/client';

/** An audit row to write: one of the contract's events (`src/shared/audit-events.ts`) with its data. */
export type AuditEntry = AuditEvent & { actorId: string | null; ip?: string | undefined; at: Date };

/**
 * Writes an audit row; call it with the transaction that makes the change it records. `meta` holds the event's
 * data as the contract types it: ids only (an order's `orderId`, a driver's `driverId`, a member's `memberId`),
 * never names, e-mails or addresses: the Audit Log joins names when it is read. `ip` is kept apart, for the
 * Owner's eyes only. Rows are never changed.
 */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    id: randomUUID(),
    eventType: entry.eventType,
    actorId: entry.actorId,
    meta: { ...entry.meta },
    ip: entry.ip ?? null,
    createdAt: entry.at,
  });
}
