import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { HOUR_MS } from '~/shared/time';
import { notify } from '~/features/notifications/server/notifications.service';
import { writeAudit } from '~/server/audit';
import { user } from '~/server/db/tables/auth.tables';
import { dataExport } from '~/server/db/tables/privacy.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { DataExportResponse, DataExportView } from '../privacy.schema';
import { DATA_EXPORT_KEEP_HOURS, type DataExportStatus } from '../privacy.constants';
import { archiveSize, collectMemberData, packArchive } from './member-archive';

/**
 * Download My Data (docs/decisions/025). An archive is a row and, once built, a zip in the shared storage. The
 * request builds a small archive at once; a large one waits for the builder job, which every instance runs and
 * which claims rows with FOR UPDATE SKIP LOCKED (the SMS queue's pattern, docs/decisions/018).
 */

export const EXPORT_CLAIM_LEASE_MS = 5 * 60_000;
export const EXPORT_MAX_ATTEMPTS = 3;
const KEEP_MS = DATA_EXPORT_KEEP_HOURS * HOUR_MS;

type ExportRow = typeof dataExport.$inferSelect;

const viewOf = (row: ExportRow): DataExportView => ({
  id: row.id,
  status: row.status as DataExportStatus,
  createdAt: row.createdAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  sizeBytes: row.sizeBytes,
});

/** Ready archives past their 24 hours are as good as gone, even before the job removes them. */
const live = (now: Date) =>
  or(inArray(dataExport.status, ['pending', 'building', 'failed']), sql`${dataExport.expiresAt} > ${now}`);

/** The member's newest archive still on offer (or being built), if any. */
export async function latestDataExport(
  { db, now }: ServiceContext,
  actor: Actor,
): Promise<DataExportResponse> {
  const [row] = await db
    .select()
    .from(dataExport)
    .where(and(eq(dataExport.userId, actor.id), live(now)))
    .orderBy(desc(dataExport.createdAt), desc(dataExport.id))
    .limit(1);
  return { export: row ? viewOf(row) : null };
}

/**
 * Asks for an archive: the one already being built, or a new one. Small ones are built before the answer; the
 * member is notified either way when it is ready.
 */
export async function requestDataExport(ctx: ServiceContext, actor: Actor): Promise<DataExportResponse> {
  const { db, now } = ctx;
  const row = await db.transaction(async (tx) => {
    // One request at a time per member: a double tap gets the same archive.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, actor.id)).for('update');
    const [open] = await tx
      .select()
      .from(dataExport)
      .where(and(eq(dataExport.userId, actor.id), inArray(dataExport.status, ['pending', 'building'])))
      .limit(1);
    if (open) return open;
    const [created] = await tx
      .insert(dataExport)
      .values({ id: randomUUID(), userId: actor.id, status: 'pending', createdAt: now })
      .returning();
    await writeAudit(tx, {
      eventType: 'DATA_EXPORT_REQUESTED',
      actorId: actor.id,
      meta: { memberId: actor.id, exportId: created!.id },
      at: now,
    });
    return created!;
  });
  if (row.status === 'pending' && (await archiveSize(db, actor.id)) <= ctx.config.dataExportInlineMaxItems) {
    const [claimed] = await claimExports(ctx, { exportId: row.id });
    if (claimed) return { export: viewOf(await buildExport(ctx, claimed)) };
  }
  const [current] = await db.select().from(dataExport).where(eq(dataExport.id, row.id));
  return { export: current ? viewOf(current) : null };
}

/**
 * Claims due archives for this instance: pending ones, and those whose builder stopped mid-way (claim run out).
 * Rows another transaction holds are skipped, not waited for.
 */
export async function claimExports(
  { db, now }: ServiceContext,
  { exportId, limit = 2 }: { exportId?: string; limit?: number },
): Promise<ExportRow[]> {
  const claimedUntil = new Date(now.getTime() + EXPORT_CLAIM_LEASE_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: dataExport.id })
      .from(dataExport)
      .where(
        and(
          exportId ? eq(dataExport.id, exportId) : undefined,
          or(
            eq(dataExport.status, 'pending'),
            and(eq(dataExport.status, 'building'), lt(dataExport.claimedUntil, now)),
          ),
        ),
      )
      .orderBy(asc(dataExport.createdAt), asc(dataExport.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(dataExport)
      .set({ status: 'building', claimedUntil, attempts: sql`${dataExport.attempts} + 1` })
      .where(
        inArray(
          dataExport.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Whether this instance still holds the claim it took. */
const stillClaimed = (claimed: ExportRow) =>
  and(
    eq(dataExport.id, claimed.id),
    eq(dataExport.status, 'building'),
    eq(dataExport.claimedUntil, claimed.claimedUntil!),
  );

/** Builds a claimed archive, stores it, and tells the member; a failure is tried again up to 3 times. */
export async function buildExport(ctx: ServiceContext, claimed: ExportRow): Promise<ExportRow> {
  const { db, now, storage } = ctx;
  let key: string | undefined;
  try {
    const [member] = await db.select().from(user).where(eq(user.id, claimed.userId));
    if (!member || member.deletedAt) throw new Error('the member is gone');
    const bytes = await packArchive(storage, await collectMemberData(db, member, now));
    key = `${randomBytes(16).toString('hex')}.zip`;
    await storage.put(key, bytes);
    const storedKey = key;
    const ready = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(dataExport)
        .set({
          status: 'ready',
          storageKey: storedKey,
          sizeBytes: bytes.length,
          readyAt: now,
          expiresAt: new Date(now.getTime() + KEEP_MS),
          claimedUntil: null,
        })
        .where(stillClaimed(claimed))
        .returning();
      if (!row) return undefined;
      await notify(tx, {
        userId: row.userId,
        message: `Your data is ready to download. It is kept for ${DATA_EXPORT_KEEP_HOURS} hours.`,
        link: '/profile',
        from: 'staff',
        at: now,
      });
      await publish(tx, 'profile.data-export', { exportId: row.id }, [
        { kind: 'users', userIds: [row.userId] },
      ]);
      return row;
    });
    if (ready) return ready;
    // Another instance took it over meanwhile: its archive counts, this one goes.
    await storage.delete(storedKey);
  } catch (err) {
    if (key) await storage.delete(key).catch(() => {});
    ctx.logger.warn({ err, exportId: claimed.id }, 'a data export could not be built');
    const failed = claimed.attempts >= EXPORT_MAX_ATTEMPTS;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(dataExport)
        .set(failed ? { status: 'failed', claimedUntil: null } : { status: 'pending', claimedUntil: null })
        .where(stillClaimed(claimed))
        .returning();
      if (row && failed) {
        await publish(tx, 'profile.data-export', { exportId: row.id }, [
          { kind: 'users', userIds: [row.userId] },
        ]);
      }
    });
  }
  const [current] = await db.select().from(dataExport).where(eq(dataExport.id, claimed.id));
  return current ?? claimed;
}

/** The archive's bytes, for its member only, while it is kept; audited. */
export async function downloadDataExport(
  { db, now, storage }: ServiceContext,
  actor: Actor,
  { exportId }: { exportId: string },
): Promise<{ filename: string; bytes: Buffer }> {
  const [row] = await db
    .select()
    .from(dataExport)
    .where(
      and(
        eq(dataExport.id, exportId),
        eq(dataExport.userId, actor.id),
        eq(dataExport.status, 'ready'),
        sql`${dataExport.expiresAt} > ${now}`,
      ),
    );
  const bytes = row?.storageKey ? await storage.get(row.storageKey) : undefined;
  if (!row || !bytes) {
    throw new AppError('NOT_FOUND', 'This download has expired. Ask for a new one with Download My Data.');
  }
  await writeAudit(db, {
    eventType: 'DATA_EXPORT_DOWNLOADED',
    actorId: actor.id,
    meta: { memberId: actor.id, exportId: row.id },
    at: now,
  });
  return { filename: `vault-my-data-${row.readyAt!.toISOString().slice(0, 10)}.zip`, bytes };
}

/** Removes archives past their 24 hours, and failed ones as old, with their files. Idempotent across instances. */
export async function removeExpiredExports(ctx: ServiceContext): Promise<number> {
  const { db, now, storage } = ctx;
  const removed = await db
    .delete(dataExport)
    .where(
      or(
        and(eq(dataExport.status, 'ready'), lte(dataExport.expiresAt, now)),
        and(eq(dataExport.status, 'failed'), lte(dataExport.createdAt, new Date(now.getTime() - KEEP_MS))),
      ),
    )
    .returning({ key: dataExport.storageKey });
  for (const { key } of removed) if (key) await storage.delete(key);
  return removed.length;
}

/** Builds what is due, one archive after another, then removes what expired. Returns how many it built. */
export async function buildDueExports(ctx: ServiceContext): Promise<number> {
  let built = 0;
  for (;;) {
    const [claimed] = await claimExports(ctx, { limit: 1 });
    if (!claimed) break;
    await buildExport(ctx, claimed);
    built += 1;
  }
  await removeExpiredExports(ctx);
  return built;
}
