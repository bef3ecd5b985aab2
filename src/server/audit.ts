import { randomUUID } from 'node:crypto';
import { auditLog } from '~/server/db/tables/audit.tables';
import type { Executor } from './db/client';

/** Writes an audit row; call it with the transaction that makes the change it records. */
export async function writeAudit(
  tx: Executor,
  entry: { eventType: string; actorId: string | null; meta?: Record<string, unknown>; at: Date },
): Promise<void> {
  await tx.insert(auditLog).values({
    id: randomUUID(),
    eventType: entry.eventType,
    actorId: entry.actorId,
    meta: entry.meta ?? {},
    createdAt: entry.at,
  });
}
