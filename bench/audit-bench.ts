import { sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { insertMember } from '~/app/server/seed/seed';
import type { ScenarioContext, ScenarioExtras } from './scenarios';
import { signInForBench } from './servers';

/** Audit rows the Audit Log scenarios read: 2000 in a normal run; 1000000 to check a filtered page at scale. */
export const BENCH_AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS || 2000);
const DRIVERS = 20;

/** The driver and the order the filtered scenarios ask for: one of 20 drivers, one order's five events. */
export const BENCH_AUDIT_DRIVER = 'bench-driver-7';
export const BENCH_AUDIT_ORDER = 'bench-order-123';

/**
 * Writes `rows` audit rows with generate_series, as the app writes them (ids only in the event data): runs of
 * five driver events per order by 20 drivers, every tenth an admin's status change, one a second back from now.
 * The same SQL runs from psql (see bench/README.md).
 */
export async function insertScaleAuditRows(db: Executor, rows: number, adminId: string): Promise<void> {
  await db.execute(sql`
    insert into "user" (id, name, email, referral_code, role, roles)
    select 'bench-driver-' || d, 'Bench Driver ' || d, 'driver' || d || '@bench.example', 'BENCH-DRIVER-' || d,
           'Driver', array['Driver', 'Member']
    from generate_series(1, ${DRIVERS}) as d`);
  await db.execute(sql`
    insert into audit_log (id, event_type, actor_id, meta, created_at)
    select 'bench-audit-' || g,
           case when g % 10 = 0 then 'ORDER_STATUS_CHANGED'
                else (array['ORDER_CLAIMED', 'ETA_SUBMITTED', 'CUSTOMER_NOTIFIED', 'ORDER_DELIVERED'])[1 + g % 4] end,
           case when g % 10 = 0 then ${adminId} else 'bench-driver-' || (1 + (g / 5) % ${DRIVERS}) end,
           jsonb_build_object(
             'orderId', 'bench-order-' || (g / 5),
             'driverId', 'bench-driver-' || (1 + (g / 5) % ${DRIVERS}),
             'oldStatus', 'in-progress',
             'newStatus', 'completed'
           ),
           now() - g * interval '1 second'
    from generate_series(1, ${rows}) as g`);
  await db.execute(sql`analyze audit_log`);
}

/** BENCH_AUDIT_ROWS audit rows and an Admin signed in through the real sign-in route. */
let reader: Promise<ScenarioExtras> | undefined;
export function benchAuditLog(context: ScenarioContext): Promise<ScenarioExtras> {
  reader ??= (async () => {
    const { db } = context.deps.database;
    const password = 'bench-password-1';
    const adminId = await db.transaction((tx) =>
      insertMember(
        tx,
        { name: 'Bench Admin', email: 'audit-admin@bench.example', roles: ['Admin'] },
        password,
        new Date(),
      ),
    );
    await insertScaleAuditRows(db, BENCH_AUDIT_ROWS, adminId);
    return signInForBench(context.url, 'audit-admin@bench.example', password);
  })();
  return reader;
}
