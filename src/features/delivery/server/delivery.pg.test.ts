import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MINUTE_MS } from '~/shared/time';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import type { UserRow } from '~/server/session';
import type { PlaceOrderResponse } from '~/features/shop/orders.schema';
import { insertSticker } from '~/features/shop/server/shop.seed';
import { openDatabase, type Database } from '~/server/db/client';
import { auditLog } from '~/server/db/tables/audit.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { RACE_LIMITS, race } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { claimOrder, submitEta, sweepExpiredClaims } from './delivery.service';

// Races that only a real PostgreSQL exposes (PGlite runs one query at a time).
const WINDOW = 5 * MINUTE_MS;
let t: TestContext;
let secondInstance: Database;
let stickerId: string;
let customer: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestContext({
    env: RACE_LIMITS,
  });
  secondInstance = await openDatabase({ kind: 'postgres', url: t.databaseUrl!, poolMax: 5 });
  stickerId = await insertSticker(t.database.db, {
    name: 'Race Run',
    type: 'Indica',
    description: 'x',
    price35gCents: 4000,
  });
  customer = await signedInMember(t);
});
afterAll(async () => {
  await secondInstance.close();
  await t.close();
});

let counter = 0;
async function placeDelivery(): Promise<string> {
  counter += 1;
  const response = await t.call(
    'POST',
    '/api/orders',
    {
      idempotencyKey: `pg-run-${counter}-${Date.now()}`,
      deliveryMethod: 'Delivery',
      paymentMethod: 'Cash',
      phone: '202-555-0150',
      address: '1 Race Row',
      items: [{ stickerId, size: '3.5g', quantity: 1 }],
      expectedTotalCents: 6000,
    },
    { Cookie: customer.cookie },
  );
  return ((await response.json()) as PlaceOrderResponse).order.id;
}

const driverRow = async (id: string): Promise<UserRow> =>
  (await t.database.db.select().from(user).where(eq(user.id, id)))[0]!;

/** A delivery order claimed at `claimedAt` by a new approved, online driver. */
async function claimedOrder(claimedAt: Date): Promise<{ orderId: string; driverId: string }> {
  const driver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
  const orderId = await placeDelivery();
  await t.database.db
    .update(shopOrder)
    .set({ status: 'claimed', assignedDriverId: driver.id, claimedAt })
    .where(eq(shopOrder.id, orderId));
  return { orderId, driverId: driver.id };
}

it('20 drivers pressing Call Dibs at once: exactly one gets the order', async () => {
  const drivers = await Promise.all(
    Array.from({ length: 20 }, () =>
      signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true }),
    ),
  );
  const winners = await race({
    contenders: drivers.length,
    setup: placeDelivery,
    attempt: async (orderId, contender) => {
      const response = await t.call(
        'POST',
        `/api/driver/orders/${orderId}/claim`,
        {},
        { Cookie: drivers[contender]!.cookie },
      );
      if (response.status !== 200 && response.status !== 409) throw new Error(await response.text());
      return response.status === 200;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  const claims = await t.database.db.select().from(auditLog).where(eq(auditLog.eventType, 'ORDER_CLAIMED'));
  const perOrder = new Map<string, number>();
  for (const row of claims)
    perOrder.set(row.meta.orderId as string, (perOrder.get(row.meta.orderId as string) ?? 0) + 1);
  expect([...perOrder.values()].every((n) => n === 1)).toBe(true);
});

it('an ETA at the last moment racing the sweep ends one way: ETA and no strike, or re-queued with one strike', async () => {
  const rounds: { orderId: string; driverId: string }[] = [];
  const winners = await race({
    contenders: 2,
    setup: async () => {
      const claimedAt = new Date(Date.now() - WINDOW);
      const round = await claimedOrder(claimedAt);
      rounds.push(round);
      return { orderId: round.orderId, claimedAt, me: await driverRow(round.driverId) };
    },
    attempt: async ({ orderId, claimedAt, me }, contender) => {
      if (contender === 0) {
        // The driver's ETA, a millisecond inside the window.
        const now = new Date(claimedAt.getTime() + WINDOW - 1);
        await submitEta(t.ctx({ now }), me, { orderId, etaMinutes: 15 });
        return true;
      }
      // The sweep on a second instance whose clock has just passed the window.
      const now = new Date(claimedAt.getTime() + WINDOW + 1);
      return (await sweepExpiredClaims(t.ctx({ db: secondInstance.db, now }))).includes(orderId);
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  for (const { orderId, driverId } of rounds) {
    const [order] = await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
    const { strikes } = await driverRow(driverId);
    const audits = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.eventType, ['ETA_SUBMITTED', 'CLAIM_EXPIRED']))
    )
      .filter((row) => row.meta.orderId === orderId)
      .map((row) => row.eventType);
    if (order!.status === 'in-progress') {
      expect({ eta: order!.etaMinutes, driver: order!.assignedDriverId, strikes, audits }).toEqual({
        eta: 15,
        driver: driverId,
        strikes: 0,
        audits: ['ETA_SUBMITTED'],
      });
    } else {
      expect({
        status: order!.status,
        eta: order!.etaMinutes,
        driver: order!.assignedDriverId,
        strikes,
        audits,
      }).toEqual({
        status: 'available',
        eta: null,
        driver: null,
        strikes: 1,
        audits: ['CLAIM_EXPIRED'],
      });
    }
  }
});

it('two instances sweeping the same expired claims at once strike each driver once', async () => {
  const rounds: { orderId: string; driverId: string }[] = [];
  const winners = await race({
    contenders: 2,
    setup: async () => {
      const round = await claimedOrder(new Date(Date.now() - WINDOW - 1000));
      rounds.push(round);
      return round.orderId;
    },
    attempt: async (orderId, contender) => {
      const db = contender === 0 ? t.database.db : secondInstance.db;
      return (await sweepExpiredClaims(t.ctx({ db, now: new Date() }))).includes(orderId);
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  const expiredAudits = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.eventType, 'CLAIM_EXPIRED'));
  for (const { orderId, driverId } of rounds) {
    expect(expiredAudits.filter((row) => row.meta.orderId === orderId)).toHaveLength(1);
    expect((await driverRow(driverId)).strikes).toBe(1);
  }
});

it('two drivers calling dibs on one expired claim, with a sweep running: one wins, the previous driver is struck once', async () => {
  const [first, second] = await Promise.all(
    [0, 1].map(() => signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true })),
  );
  const contenders = [
    { me: await driverRow(first!.id), db: t.database.db },
    { me: await driverRow(second!.id), db: secondInstance.db },
  ];
  const rounds: { orderId: string; lateId: string }[] = [];
  const winners = await race({
    contenders: 3,
    setup: async () => {
      const now = new Date();
      const { orderId, driverId } = await claimedOrder(new Date(now.getTime() - WINDOW - 1000));
      rounds.push({ orderId, lateId: driverId });
      return { orderId, now };
    },
    attempt: async ({ orderId, now }, contender) => {
      const driver = contenders[contender];
      if (!driver) {
        // The sweep on the second instance at the same moment: it may re-queue the claim, never win it.
        await sweepExpiredClaims(t.ctx({ db: secondInstance.db, now }));
        return false;
      }
      const order = await claimOrder(t.ctx({ db: driver.db, now }), driver.me, { orderId });
      return order.driver?.id === driver.me.id;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  const audits = await t.database.db
    .select()
    .from(auditLog)
    .where(inArray(auditLog.eventType, ['CLAIM_EXPIRED', 'ORDER_CLAIMED']));
  for (const { orderId, lateId } of rounds) {
    const [order] = await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
    const forOrder = audits.filter((row) => row.meta.orderId === orderId);
    expect({
      status: order!.status,
      wonByAContender: contenders.some(({ me }) => me.id === order!.assignedDriverId),
      lateStrikes: (await driverRow(lateId)).strikes,
      expired: forOrder.filter((row) => row.eventType === 'CLAIM_EXPIRED').map((row) => row.meta.driverId),
      claimed: forOrder.filter((row) => row.eventType === 'ORDER_CLAIMED').map((row) => row.actorId),
    }).toEqual({
      status: 'claimed',
      wonByAContender: true,
      lateStrikes: 1,
      expired: [lateId],
      claimed: [order!.assignedDriverId],
    });
  }
});

it('20 presses of Notify Customer at once: the customer is notified once', async () => {
  const rounds: { orderId: string; customerId: string }[] = [];
  const driver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
  const winners = await race({
    contenders: 20,
    setup: async () => {
      const orderId = await placeDelivery();
      await t.database.db
        .update(shopOrder)
        .set({
          status: 'in-progress',
          assignedDriverId: driver.id,
          claimedAt: new Date(),
          etaMinutes: 20,
          etaSubmittedAt: new Date(),
        })
        .where(eq(shopOrder.id, orderId));
      rounds.push({ orderId, customerId: customer.user.id });
      return orderId;
    },
    attempt: async (orderId) => {
      const response = await t.call(
        'POST',
        `/api/driver/orders/${orderId}/notify`,
        {},
        { Cookie: driver.cookie },
      );
      if (response.status !== 200 && response.status !== 409) throw new Error(await response.text());
      return response.status === 200;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  const sent = await t.database.db
    .select()
    .from(notification)
    .where(eq(notification.userId, customer.user.id));
  for (const { orderId } of rounds) {
    const short = orderId.slice(-6).toUpperCase();
    expect(sent.filter((n) => n.message.includes(`on the way with order #${short}`))).toHaveLength(1);
  }
});
