import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '~/shared/app-error';
import { MINUTE_MS } from '~/shared/time';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import type {
  MemberOrderView,
  MyOrdersResponse,
  PlaceOrderInput,
  PlaceOrderResponse,
} from '~/features/shop/orders.schema';
import { seedShopWithSticker } from '~/features/shop/server/shop.seed';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { AdminDriversResponse, ClaimResponse, DriverQueueResponse } from '../delivery.schema';
import { sweepExpiredClaims } from './delivery.service';

type Someone = { cookie: string; id: string };
let t: TestContext;
let stickerId: string;
let customer: Someone;
let owner: Someone;
let driverA: Someone;
let driverB: Someone;
let counter = 0;

const ADDRESS = '42 Hidden Court NW, Washington, DC';
const PHONE = '+12025550142';

beforeAll(async () => {
  t = await createTestContext();
  stickerId = await seedShopWithSticker(t.database.db, t.clock.now(), {
    name: 'Run Sticker',
    type: 'Sativa',
    price35gCents: 4000,
  });
  const member = await signedInMember(t, { fullName: 'Casey Customer' });
  customer = { cookie: member.cookie, id: member.user.id };
  owner = await signedInWithRoles(t, ['Owner']);
  driverA = await signedInWithRoles(t, ['Driver'], {
    isApprovedDriver: true,
    isOnline: true,
    name: 'Dana Driver',
  });
  driverB = await signedInWithRoles(t, ['Driver'], {
    isApprovedDriver: true,
    isOnline: true,
    name: 'Eli Driver',
  });
});
afterAll(() => t.close());

const as = (who: Someone) => ({ Cookie: who.cookie });

async function placeOrder(method: 'Delivery' | 'Pickup' = 'Delivery'): Promise<string> {
  counter += 1;
  const body: PlaceOrderInput = {
    idempotencyKey: `run-${counter}-${Date.now()}`,
    deliveryMethod: method,
    paymentMethod: 'Cash',
    phone: PHONE,
    ...(method === 'Delivery' ? { address: ADDRESS } : { pickupLocation: 'van ness' }),
    notes: 'Gate code 1234',
    items: [{ stickerId, size: '3.5g', quantity: 1 }],
    expectedTotalCents: method === 'Delivery' ? 6000 : 4000,
  };
  const response = await t.call('POST', '/api/orders', body, as(customer));
  expect(response.status).toBe(201);
  return ((await response.json()) as PlaceOrderResponse).order.id;
}

const queueOf = async (who: Someone) => {
  const response = await t.call('GET', '/api/driver/queue', undefined, as(who));
  expect(response.status).toBe(200);
  return { text: await response.clone().text(), queue: (await response.json()) as DriverQueueResponse };
};
const driverAction = (who: Someone, orderId: string, action: string, body?: unknown) =>
  t.call('POST', `/api/driver/orders/${orderId}/${action}`, body ?? {}, as(who));
/** The handover code as the customer reads it on their own order. */
const memberCode = async (orderId: string) => {
  const response = await t.call('GET', `/api/orders/${orderId}`, undefined, as(customer));
  return ((await response.json()) as { order: MemberOrderView }).order.handoverCode!;
};
/** Mark Delivered with the code the customer gives the driver. */
const deliver = async (who: Someone, orderId: string) =>
  driverAction(who, orderId, 'delivered', { code: await memberCode(orderId) });
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
const orderRow = async (orderId: string) =>
  (await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId)))[0]!;
const strikesOf = async (who: Someone) =>
  (await t.database.db.select({ strikes: user.strikes }).from(user).where(eq(user.id, who.id)))[0]!.strikes;
/** What the server's claim sweeper does every few seconds, at the test clock's time. */
const sweep = () => sweepExpiredClaims(t.ctx());
const notesOf = async (who: Someone) =>
  (await t.database.db.select().from(notification).where(eq(notification.userId, who.id))).map(
    (n) => n.message,
  );
const auditsFor = async (orderId: string, eventType: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.eventType, eventType))).filter(
    (row) => row.meta.orderId === orderId,
  );

describe('the queue', () => {
  it('lists delivery orders only, never pickups, and hides the customer’s address and phone', async () => {
    const delivery = await placeOrder('Delivery');
    const pickup = await placeOrder('Pickup');
    const { queue, text } = await queueOf(driverA);
    const ids = queue.available.map((o) => o.id);
    expect(ids).toContain(delivery);
    expect(ids).not.toContain(pickup);
    expect(queue.available.find((o) => o.id === delivery)).toMatchObject({
      status: 'available',
      customer: { firstName: 'Casey', address: null, phone: null, notes: null },
      driver: null,
    });
    expect(text).not.toContain(ADDRESS);
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain('Gate code');
    expect(queue.me).toEqual({
      holdsDriverRole: true,
      isApprovedDriver: true,
      isOnline: true,
      strikes: expect.any(Number),
      cannotClaimBecause: null,
    });
    expect(queue.allRuns).toBeNull();
  });

  it('says why a driver who is not approved or not online cannot call dibs, and refuses them', async () => {
    const orderId = await placeOrder();
    const pending = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: false, isOnline: true });
    const offline = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: false });
    expect((await queueOf(pending)).queue.me.cannotClaimBecause).toBe(
      'An admin has to approve you as a driver before you can call dibs.',
    );
    expect((await queueOf(offline)).queue.me.cannotClaimBecause).toBe('Go online to call dibs on orders.');
    for (const who of [pending, offline]) {
      const response = await driverAction(who, orderId, 'claim');
      expect(response.status).toBe(403);
    }
    // Owners and Admins see the queue but Call Dibs is for drivers only.
    expect((await queueOf(owner)).queue.me.cannotClaimBecause).toBe('Only drivers can call dibs.');
    expect((await driverAction(owner, orderId, 'claim')).status).toBe(403);
    expect((await orderRow(orderId)).status).toBe('available');
  });
});

describe('Call Dibs and the ETA', () => {
  it('gives the order to the first driver; the second is told it is already claimed', async () => {
    const orderId = await placeOrder();
    const won = await driverAction(driverA, orderId, 'claim');
    expect(won.status).toBe(200);
    const { order, serverNow } = (await won.json()) as ClaimResponse;
    expect(serverNow).toBe(t.clock.now().toISOString());
    expect(order).toMatchObject({ status: 'claimed', isMine: true, driver: { name: 'Dana Driver' } });
    expect(order.claimExpiresAt).toBe(new Date(t.clock.now().getTime() + 5 * MINUTE_MS).toISOString());
    expect(order.customer.address).toBeNull();

    const lost = await driverAction(driverB, orderId, 'claim');
    expect(lost.status).toBe(409);
    expect(await errorOf(lost)).toMatchObject({ code: 'ALREADY_CLAIMED', message: 'Order already claimed!' });
    expect((await queueOf(driverB)).queue.available.map((o) => o.id)).not.toContain(orderId);
    expect((await queueOf(driverA)).queue.myRuns.map((o) => o.id)).toContain(orderId);
    expect(await auditsFor(orderId, 'ORDER_CLAIMED')).toHaveLength(1);
  });

  it('accepts an ETA of 5 to 60 minutes only, from the assigned driver only', async () => {
    const orderId = await placeOrder();
    await driverAction(driverA, orderId, 'claim');
    for (const etaMinutes of [4, 61, 7.5, '10', undefined]) {
      const response = await driverAction(driverA, orderId, 'eta', { etaMinutes });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe('Please enter a value between 5 and 60 minutes.');
    }
    const stranger = await driverAction(driverB, orderId, 'eta', { etaMinutes: 10 });
    expect(stranger.status).toBe(409);
    expect((await errorOf(stranger)).code).toBe('RUN_UNAVAILABLE');
    expect((await orderRow(orderId)).status).toBe('claimed');
  });

  it('reveals the address and phone to the assigned driver only after the ETA, and hides them after delivery', async () => {
    const orderId = await placeOrder();
    await driverAction(driverA, orderId, 'claim');
    expect((await queueOf(driverA)).text).not.toContain(ADDRESS);
    const eta = await driverAction(driverA, orderId, 'eta', { etaMinutes: 20 });
    expect(eta.status).toBe(200);
    const mine = (await queueOf(driverA)).queue.myRuns.find((o) => o.id === orderId)!;
    expect(mine).toMatchObject({
      status: 'in-progress',
      etaMinutes: 20,
      customer: { address: ADDRESS, phone: PHONE, notes: 'Gate code 1234' },
    });
    const other = await queueOf(driverB);
    expect(other.text).not.toContain(ADDRESS);
    expect(other.text).not.toContain(PHONE);
    // Staff who read orders see every run, with the address (admins always do).
    const ownerView = (await queueOf(owner)).queue.allRuns!.find((o) => o.id === orderId)!;
    expect(ownerView.customer.address).toBe(ADDRESS);

    t.clock.advance(10 * MINUTE_MS);
    const delivered = await deliver(driverA, orderId);
    expect(delivered.status).toBe(200);
    const after = await queueOf(driverA);
    expect(after.queue.history.map((o) => o.id)).toContain(orderId);
    expect(after.queue.myRuns.map((o) => o.id)).not.toContain(orderId);
    expect(after.text).not.toContain(ADDRESS);
    expect(after.text).not.toContain(PHONE);
  });
});

describe('the 5-minute window', () => {
  it('the sweep returns an unanswered claim to the queue with a strike, an audit row and a note to the driver', async () => {
    const driver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
    const orderId = await placeOrder();
    await driverAction(driver, orderId, 'claim');
    t.clock.advance(5 * MINUTE_MS - 1000);
    expect(await sweep()).not.toContain(orderId);
    expect((await orderRow(orderId)).status).toBe('claimed');

    t.clock.advance(1000);
    expect(await sweep()).toContain(orderId);
    const { queue } = await queueOf(driverB);
    expect(queue.available.map((o) => o.id)).toContain(orderId);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'available',
      assignedDriverId: null,
      claimedAt: null,
      etaMinutes: null,
    });
    expect(await strikesOf(driver)).toBe(1);
    expect(await auditsFor(orderId, 'CLAIM_EXPIRED')).toMatchObject([{ meta: { driverId: driver.id } }]);
    expect(await notesOf(driver)).toContain(
      `Order #${orderId.slice(-6).toUpperCase()} went back to the queue: you ran out of time to submit an ETA.`,
    );
    // Sweeping again changes nothing.
    expect(await sweep()).not.toContain(orderId);
    expect(await strikesOf(driver)).toBe(1);
  });

  it('a queue read changes no row: a claim past its window shows as available, and stays claimed until swept', async () => {
    const driver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
    const orderId = await placeOrder();
    await driverAction(driver, orderId, 'claim');
    t.clock.advance(5 * MINUTE_MS - 1000);
    const inside = await queueOf(driver);
    expect(inside.queue.myRuns.map((o) => o.id)).toContain(orderId);
    expect(inside.queue.available.map((o) => o.id)).not.toContain(orderId);

    t.clock.advance(1000);
    const before = await orderRow(orderId);
    for (const who of [driver, driverB, owner]) {
      const { queue } = await queueOf(who);
      expect(queue.available.find((o) => o.id === orderId)).toMatchObject({
        status: 'available',
        driver: null,
        isMine: false,
        claimedAt: null,
        claimExpiresAt: null,
      });
      expect(queue.myRuns.map((o) => o.id)).not.toContain(orderId);
      expect((queue.allRuns ?? []).map((o) => o.id)).not.toContain(orderId);
    }
    expect(await orderRow(orderId)).toEqual(before);
    expect(before).toMatchObject({ status: 'claimed', assignedDriverId: driver.id });
    expect(await strikesOf(driver)).toBe(0);
    expect(await auditsFor(orderId, 'CLAIM_EXPIRED')).toHaveLength(0);
    expect((await notesOf(driver)).filter((n) => n.includes('went back to the queue'))).toHaveLength(0);
  });

  it('Call Dibs on a claim past its window strikes the previous driver once, then gives the order to the new one', async () => {
    const late = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
    const orderId = await placeOrder();
    await driverAction(late, orderId, 'claim');
    t.clock.advance(5 * MINUTE_MS);

    const won = await driverAction(driverB, orderId, 'claim');
    expect(won.status).toBe(200);
    expect(((await won.json()) as ClaimResponse).order).toMatchObject({
      status: 'claimed',
      isMine: true,
      driver: { id: driverB.id },
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'claimed',
      assignedDriverId: driverB.id,
      claimedAt: t.clock.now(),
    });
    expect(await strikesOf(late)).toBe(1);
    expect(await auditsFor(orderId, 'CLAIM_EXPIRED')).toMatchObject([{ meta: { driverId: late.id } }]);
    expect((await auditsFor(orderId, 'ORDER_CLAIMED')).map((a) => a.actorId)).toEqual([late.id, driverB.id]);
    expect(await notesOf(late)).toContain(
      `Order #${orderId.slice(-6).toUpperCase()} went back to the queue: you ran out of time to submit an ETA.`,
    );

    // The sweep and the late driver find nothing left to re-queue: still one strike.
    expect(await sweep()).not.toContain(orderId);
    const refused = await driverAction(late, orderId, 'eta', { etaMinutes: 15 });
    expect((await errorOf(refused)).code).toBe('RUN_UNAVAILABLE');
    expect(await strikesOf(late)).toBe(1);
    expect(await auditsFor(orderId, 'CLAIM_EXPIRED')).toHaveLength(1);
    expect((await queueOf(driverB)).queue.myRuns.map((o) => o.id)).toContain(orderId);
  });

  it('refuses to cancel a claim past its window with Order Re-queued, and strikes once', async () => {
    const driver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
    const orderId = await placeOrder();
    await driverAction(driver, orderId, 'claim');
    t.clock.advance(5 * MINUTE_MS);
    const late = await driverAction(driver, orderId, 'cancel');
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe('CLAIM_EXPIRED');
    expect(await orderRow(orderId)).toMatchObject({ status: 'available', assignedDriverId: null });
    expect(await strikesOf(driver)).toBe(1);
    expect(await auditsFor(orderId, 'RUN_CANCELLED')).toHaveLength(0);
    expect(await auditsFor(orderId, 'CLAIM_EXPIRED')).toHaveLength(1);
  });

  it('refuses an ETA sent after the window with Order Re-queued, and strikes once', async () => {
    const driver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
    const orderId = await placeOrder();
    await driverAction(driver, orderId, 'claim');
    t.clock.advance(5 * MINUTE_MS);
    const late = await driverAction(driver, orderId, 'eta', { etaMinutes: 15 });
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toMatchObject({
      code: 'CLAIM_EXPIRED',
      title: 'Order Re-queued',
      message: 'You ran out of time to submit an ETA.',
    });
    expect((await orderRow(orderId)).status).toBe('available');
    expect(await strikesOf(driver)).toBe(1);
    expect(await auditsFor(orderId, 'ETA_SUBMITTED')).toHaveLength(0);
  });

  it('lets a driver cancel a claimed run with no strike, but not one whose address they have seen', async () => {
    const driver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
    const orderId = await placeOrder();
    await driverAction(driver, orderId, 'claim');
    expect((await driverAction(driver, orderId, 'cancel')).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'available', assignedDriverId: null });
    expect(await strikesOf(driver)).toBe(0);
    expect(await auditsFor(orderId, 'RUN_CANCELLED')).toHaveLength(1);
    expect(await auditsFor(orderId, 'CLAIM_EXPIRED')).toHaveLength(0);

    await driverAction(driver, orderId, 'claim');
    await driverAction(driver, orderId, 'eta', { etaMinutes: 30 });
    const refused = await driverAction(driver, orderId, 'cancel');
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).title).toBe('Cannot Cancel Run');
    // An admin can.
    const requeue = await t.call(
      'PATCH',
      `/api/admin/orders/${orderId}/status`,
      { status: 'available' },
      as(owner),
    );
    expect(requeue.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'available',
      assignedDriverId: null,
      etaMinutes: null,
    });
  });
});

describe('on the way and delivered', () => {
  it('notifies the customer with the minutes left, then completes the order and tells the staff', async () => {
    const orderId = await placeOrder();
    await driverAction(driverA, orderId, 'claim');
    expect((await driverAction(driverA, orderId, 'notify')).status).toBe(409);
    await driverAction(driverA, orderId, 'eta', { etaMinutes: 25 });
    t.clock.advance(10 * MINUTE_MS);
    expect((await driverAction(driverA, orderId, 'notify')).status).toBe(200);
    const short = orderId.slice(-6).toUpperCase();
    const customerNotes = async () =>
      (await t.database.db.select().from(notification).where(eq(notification.userId, customer.id))).map(
        (n) => n.message,
      );
    expect(await customerNotes()).toContain(
      `Your driver is on the way with order #${short}: about 15 minutes to go.`,
    );
    expect((await deliver(driverB, orderId)).status).toBe(409);

    const delivered = await deliver(driverA, orderId);
    expect(delivered.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed', completedAt: t.clock.now() });
    expect(await customerNotes()).toContain(`Your order #${short} has been delivered. Enjoy!`);
    const ownerNotes = await t.database.db
      .select()
      .from(notification)
      .where(
        and(
          eq(notification.userId, owner.id),
          eq(notification.message, `Order #${short} was delivered by Dana Driver.`),
        ),
      );
    expect(ownerNotes).toHaveLength(1);
    expect(await auditsFor(orderId, 'ORDER_DELIVERED')).toHaveLength(1);
    const mine = (await (
      await t.call('GET', '/api/orders', undefined, as(customer))
    ).json()) as MyOrdersResponse;
    expect(mine.items.find((o) => o.id === orderId)?.status).toBe('completed');
  });
});

describe('telling the customer the driver is on the way', () => {
  it('notifies the customer once per order: 20 presses send one notification, the later ones answer Already Notified', async () => {
    const orderId = await placeOrder();
    await driverAction(driverA, orderId, 'claim');
    await driverAction(driverA, orderId, 'eta', { etaMinutes: 20 });
    const short = orderId.slice(-6).toUpperCase();
    const statuses: number[] = [];
    for (let press = 0; press < 20; press += 1) {
      const response = await driverAction(driverA, orderId, 'notify');
      statuses.push(response.status);
      if (response.status === 409) {
        expect(await errorOf(response)).toMatchObject({
          code: 'ALREADY_NOTIFIED',
          message: 'The customer has already been notified.',
        });
      }
    }
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    const onTheWay = (
      await t.database.db.select().from(notification).where(eq(notification.userId, customer.id))
    ).filter((n) => n.message.startsWith(`Your driver is on the way with order #${short}`));
    expect(onTheWay).toHaveLength(1);
    expect(await auditsFor(orderId, 'CUSTOMER_NOTIFIED')).toHaveLength(1);
    expect((await orderRow(orderId)).customerNotifiedAt).toEqual(t.clock.now());
    const mine = (await queueOf(driverA)).queue.myRuns.find((o) => o.id === orderId)!;
    expect(mine.customerNotified).toBe(true);
    // Another driver's press is still "not your run", never "already notified".
    const stranger = await driverAction(driverB, orderId, 'notify');
    expect((await errorOf(stranger)).code).toBe('RUN_UNAVAILABLE');

    // An admin returns the run to the queue: the next driver's run tells the customer once more.
    const requeued = await t.call(
      'PATCH',
      `/api/admin/orders/${orderId}/status`,
      { status: 'available' },
      as(owner),
    );
    expect(requeued.status).toBe(200);
    await driverAction(driverB, orderId, 'claim');
    await driverAction(driverB, orderId, 'eta', { etaMinutes: 15 });
    expect((await driverAction(driverB, orderId, 'notify')).status).toBe(200);
    expect((await driverAction(driverB, orderId, 'notify')).status).toBe(409);
  });
});

describe('drivers', () => {
  it('lists drivers with strikes, deliveries and the on-time rate', async () => {
    const driver = await signedInWithRoles(t, ['Driver'], {
      isApprovedDriver: true,
      isOnline: true,
      name: 'Rate Driver',
    });
    for (const [eta, takes] of [
      [20, 15],
      [20, 30],
    ] as const) {
      const orderId = await placeOrder();
      await driverAction(driver, orderId, 'claim');
      await driverAction(driver, orderId, 'eta', { etaMinutes: eta });
      t.clock.advance(takes * MINUTE_MS);
      await deliver(driver, orderId);
    }
    const response = await t.call('GET', '/api/admin/drivers', undefined, as(owner));
    const { drivers } = (await response.json()) as AdminDriversResponse;
    expect(drivers.find((d) => d.id === driver.id)).toMatchObject({
      name: 'Rate Driver',
      deliveries: 2,
      onTimeRate: 0.5,
      strikes: 0,
      isApprovedDriver: true,
    });
    expect(drivers.some((d) => d.id === customer.id)).toBe(false);
  });

  it('lets admins approve drivers and drivers switch themselves online, each change audited', async () => {
    const driver = await signedInWithRoles(t, ['Driver']);
    const approve = await t.call(
      'PATCH',
      `/api/admin/drivers/${driver.id}`,
      { isApprovedDriver: true },
      as(owner),
    );
    expect(approve.status).toBe(200);
    const online = await t.call('PUT', '/api/driver/status', { isOnline: true }, as(driver));
    expect(online.status).toBe(200);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, driver.id));
    expect(row).toMatchObject({ isApprovedDriver: true, isOnline: true });
    const audits = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.eventType, 'DRIVER_STATUS_CHANGE'))
    ).filter((a) => a.meta.driverId === driver.id);
    expect(audits.map((a) => [a.actorId, a.meta.field, a.meta.newValue])).toEqual([
      [owner.id, 'isApprovedDriver', true],
      [driver.id, 'isOnline', true],
    ]);
    expect(
      (await t.call('PATCH', `/api/admin/drivers/${customer.id}`, { isApprovedDriver: true }, as(owner)))
        .status,
    ).toBe(404);
    expect((await t.call('PUT', '/api/driver/status', { isOnline: true }, as(customer))).status).toBe(403);
  });
});
