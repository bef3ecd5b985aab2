import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrateDatabase, migrationsFolder, openDatabase, type Database } from '~/server/db/client';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { withDatabase } from '~/app/server/testing/global-setup';

/**
 * The audit migrations on a database that already holds rows written the old way: names in the event data, the
 * owner sign-in's IP in it, admin status changes without the driver. Migrated up to just before them, filled,
 * then migrated to the end.
 */
let database: Database;
let drop = async () => {};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-audit-migration-'));

/** The committed migrations up to (not including) the first audit one. */
function migrationsBeforeAudit(): string {
  const folder = path.join(work, 'migrations');
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const first = journal.entries.findIndex((entry) => entry.tag.endsWith('_audit_ids_only'));
  expect(first).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, first);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  const folder = migrationsBeforeAudit();
  if (inject('backend') === 'pglite') {
    database = await openDatabase({ kind: 'pglite-memory' });
    await migratePglite(database.db as never, { migrationsFolder: folder });
    return;
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `${inject('postgresTemplate').replace(/_tpl$/, '')}_audit_mig_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  database = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, name), poolMax: 2 });
  await migratePg(database.db as never, { migrationsFolder: folder });
  drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
});
afterAll(async () => {
  await database?.close();
  await drop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A member row with only the columns the old tables require (raw SQL: later columns may not exist yet). */
async function oldMember(name: string, role: string): Promise<string> {
  const id = randomUUID();
  await database.db.execute(
    sql`insert into "user" (id, name, email, referral_code, role, roles)
        values (${id}, ${name}, ${`${id}@vault.example`}, ${id}, ${role}, array[${role}]::text[])`,
  );
  return id;
}

/** A row in the old table (meta as JSON text; no ip column yet). */
async function oldRow(eventType: string, actorId: string | null, meta: object, minute: number) {
  const id = randomUUID();
  const at = new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
  await database.db.execute(
    sql`insert into audit_log (id, event_type, actor_id, meta, created_at)
        values (${id}, ${eventType}, ${actorId}, ${JSON.stringify(meta)}::jsonb, ${at}::timestamptz)`,
  );
  return id;
}

it('moves the IP to its column, removes names, backfills drivers, keeps actors, and makes the log append-only', async () => {
  const [adminId, driver1, driver2, memberId] = [
    await oldMember('Old Admin', 'Admin'),
    await oldMember('Driver One', 'Driver'),
    await oldMember('Driver Two', 'Driver'),
    await oldMember('Old Member', 'Member'),
  ];
  const ownerLogin = await oldRow('OWNER_LOGIN', adminId, { success: true, ip: '198.51.100.9' }, 0);
  const banned = await oldRow('MEMBER_BANNED', adminId, { memberId, memberName: 'Old Member' }, 0);
  const roles = await oldRow(
    'ROLES_UPDATED',
    adminId,
    { memberId, memberName: 'Old Member', oldRoles: ['Member'], newRoles: ['Driver', 'Member'] },
    0,
  );
  const stickerCreated = await oldRow(
    'STICKER_CREATED',
    adminId,
    { stickerId: 's-1', name: 'Old Sticker' },
    0,
  );
  const location = await oldRow('PICKUP_LOCATION_ADDED', adminId, { name: 'navy yard' }, 0);

  // One order's history: who held it at each admin change.
  const o1 = 'order-1';
  const status = (minute: number, newStatus = 'confirmed', orderId = o1) =>
    oldRow('ORDER_STATUS_CHANGED', adminId, { orderId, oldStatus: 'x', newStatus }, minute);
  await oldRow('ORDER_CLAIMED', driver1, { orderId: o1, driverId: driver1 }, 1);
  const whileClaimed = await status(2);
  await oldRow('RUN_CANCELLED', driver1, { orderId: o1, driverId: driver1 }, 3);
  const afterCancel = await status(4);
  // In one instant: the first driver's claim expired and the second claimed it.
  await oldRow('CLAIM_EXPIRED', null, { orderId: o1, driverId: driver1, strike: 1 }, 5);
  await oldRow('ORDER_CLAIMED', driver2, { orderId: o1, driverId: driver2 }, 5);
  const afterReclaim = await status(6);
  const requeued = await status(7, 'available');
  const afterRequeue = await status(8);
  await oldRow('ORDER_DELIVERED', driver1, { orderId: 'order-2', driverId: driver1 }, 1);
  const afterDelivery = await status(2, 'cancelled', 'order-2');
  const noDriver = await status(1, 'confirmed', 'order-3');

  await migrateDatabase(database);

  const rows = new Map((await database.db.select().from(auditLog)).map((row) => [row.id, row]));
  expect(rows.get(ownerLogin)).toMatchObject({ ip: '198.51.100.9', meta: { success: true } });
  expect(rows.get(ownerLogin)!.meta).not.toHaveProperty('ip');
  expect(rows.get(banned)!.meta).toEqual({ memberId });
  expect(rows.get(roles)!.meta).toEqual({ memberId, oldRoles: ['Member'], newRoles: ['Driver', 'Member'] });
  expect(rows.get(stickerCreated)!.meta).toEqual({ stickerId: 's-1' });
  expect(rows.get(location)!.meta).toEqual({ name: 'navy yard' });
  const driverOf = (id: string) => rows.get(id)!.meta.driverId;
  expect(driverOf(whileClaimed)).toBe(driver1);
  expect(driverOf(afterCancel)).toBeUndefined();
  expect(driverOf(afterReclaim)).toBe(driver2);
  expect(driverOf(requeued)).toBe(driver2);
  expect(driverOf(afterRequeue)).toBeUndefined();
  expect(driverOf(afterDelivery)).toBe(driver1);
  expect(driverOf(noDriver)).toBeUndefined();
  expect(JSON.stringify([...rows.values()].map((row) => row.meta))).not.toMatch(
    /Old (Member|Sticker)|198\.51/,
  );

  // A deleted member leaves the actor id in place (it used to be set to null).
  await database.db.delete(user).where(eq(user.id, adminId));
  const [kept] = await database.db.select().from(auditLog).where(eq(auditLog.id, banned));
  expect(kept!.actorId).toBe(adminId);

  // From now on the rows stay as written.
  const refused = (await database.db.execute(sql`delete from audit_log where id = ${banned}`).then(
    () => null,
    (error: unknown) => error,
  )) as (Error & { cause?: Error }) | null;
  expect(refused?.cause?.message ?? refused?.message).toMatch(/append-only/);
});
