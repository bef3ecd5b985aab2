import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '~/shared/app-error';
import { MINUTE_MS } from '~/shared/time';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { RACE_LIMITS, race } from '~/app/server/testing/race';
import type { PlaceOrderInput, PlaceOrderResponse } from '~/features/shop/orders.schema';
import { seedShopWithSticker } from '~/features/shop/server/shop.seed';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { AdminDriversResponse, DriverQueueResponse } from '../delivery.schema';
import { sweepExpiredClaims } from './delivery.service';

/** Dispatch: staff give runs to drivers, drivers decline them, and an assigned run that expires costs no strike. */
type Someone = { cookie: string; id: string };
let t: TestContext;
let stickerId: string;
let customer: Someone;
let dispatcher: Someone;
let nora: Someone;
let omar: Someone;
let offline: Someone;
let unapproved: Someone;

beforeAll(async () => {
  t = await createTestContext({ env: RACE_LIMITS });
  stickerId = await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Dispatch Sticker' });
  const member = await signedInMember(t, { fullName: 'Casey Customer' });
  customer = { cookie: member.cookie, id: member.user.id };
  dispatcher = await signedInWithRoles(t, ['Orders Manager'], { name: 'Desk Dee' });
  nora = await signedInWithRoles(t, ['Driver'], {
    isApprovedDriver: true,
    isOnline: true,
    name: 'Nora Driver',
  });
  omar = await signedInWithRoles(t, ['Driver'], {
    isApprovedDriver: true,
    isOnline: true,
    name: 'Omar Driver',
  });
  offline = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, name: 'Abe Offline' });
  unapproved = await signedInWithRoles(t, ['Driver'], { isOnline: true, name: 'Una Unapproved' });
});
afterAll(() => t.close());

const as = (who: Someone) => ({ Cookie: who.cookie });
let counter = 0;
async function placeOrder(method: 'Delivery' | 'Pickup' = 'Delivery'): Promise<string> {
  counter += 1;
  const body: PlaceOrderInput = {
    idempotencyKey: `dispatch-${counter}-${Date.now()}`,
    deliveryMethod: method,
    paymentMethod: 'Cash',
    phone: '+12025550142',
    ...(method === 'Delivery' ? { address: '42 Hidden Court NW' } : { pickupLocation: 'van ness' }),
    items: [{ stickerId, size: '3.5g', quantity: 1 }],
    expectedTotalCents: method === 'Delivery' ? 6500 : 4500,
  };
  const response = await t.call('POST', '/api/orders', body, { Cookie: customer.cookie });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as PlaceOrderResponse).order.id;
}

/** The desk's Assign (no driver on the run) or Reassign (from `from`, the driver the desk shows). */
const assign = (
  orderId: string,
  driver: Someone | { id: string },
  { by = dispatcher, from = null }: { by?: Someone; from?: Someone | null } = {},
) =>
  t.call(
    'PUT',
    `/api/admin/orders/${orderId}/driver`,
    { driverId: driver.id, currentDriverId: from?.id ?? null },
    as(by),
  );
/** The desk's Return to queue, from the driver the desk shows. */
const returnToQueue = (orderId: string, from: Someone) =>
  t.call(
    'PATCH',
    `/api/admin/orders/${orderId}/status`,
    { status: 'available', currentDriverId: from.id },
    as(dispatcher),
  );
const driverAction = (who: Someone, orderId: string, action: string, body: unknown = {}) =>
  t.call('POST', `/api/driver/orders/${orderId}/${action}`, body, as(who));
const orderRow = async (orderId: string) =>
  (await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId)))[0]!;
const strikesOf = async (who: Someone) =>
  (await t.database.db.select({ strikes: user.strikes }).from(user).where(eq(user.id, who.id)))[0]!.strikes;
const notesOf = async (who: Someone) =>
  (await t.database.db.select().from(notification).where(eq(notification.userId, who.id))).map(
    (note) => note.message,
  );
const auditsFor = async (orderId: string) =>
  (await t.database.db.select().from(auditLog)).filter((row) => row.meta.orderId === orderId);
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
const queueOf = async (who: Someone) =>
  (await (await t.call('GET', '/api/driver/queue', undefined, as(who))).json()) as DriverQueueResponse;

describe('the drivers a run can go to', () => {
  it('lists approved drivers, online first, with their active runs; offline ones too, never unapproved ones', async () => {
    const orderId = await placeOrder();
    expect((await driverAction(omar, orderId, 'claim')).status).toBe(200);
    const response = await t.call('GET', '/api/admin/drivers/dispatch', undefined, as(dispatcher));
    expect(response.status).toBe(200);
    const { drivers } = (await response.json()) as AdminDriversResponse;
    const names = drivers.map((driver) => driver.name);
    expect(names).not.toContain('Una Unapproved');
    expect(names.indexOf('Abe Offline')).toBe(names.length - 1);
    expect(drivers.find((driver) => driver.id === omar.id)).toMatchObject({ isOnline: true, activeRuns: 1 });
    expect(drivers.find((driver) => driver.id === offline.id)).toMatchObject({
      isOnline: false,
      activeRuns: 0,
    });
    // Give the run back so later tests start with Omar free.
    expect((await driverAction(omar, orderId, 'cancel')).status).toBe(200);
  });
});

describe('assigning a run', () => {
  it('gives a queued order to the driver, whose window starts now; the driver is notified and the step audited', async () => {
    const orderId = await placeOrder();
    const response = await assign(orderId, nora);
    expect(response.status, await response.clone().text()).toBe(200);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'claimed', assignedDriverId: nora.id, assignedById: dispatcher.id });
    expect(row.claimedAt!.getTime()).toBe(t.clock.now().getTime());
    const run = (await queueOf(nora)).myRuns.find((order) => order.id === orderId)!;
    expect(run).toMatchObject({ assignedByStaff: true, isMine: true });
    expect(new Date(run.claimExpiresAt!).getTime()).toBe(t.clock.now().getTime() + 5 * MINUTE_MS);
    expect((await notesOf(nora)).at(-1)).toMatch(/was assigned to you: submit your ETA within 5 minutes/);
    const [audit] = (await auditsFor(orderId)).filter((entry) => entry.eventType === 'RUN_ASSIGNED');
    expect(audit).toMatchObject({ actorId: dispatcher.id, meta: { orderId, driverId: nora.id } });
    // The driver runs it as their own: the ETA is accepted.
    expect((await driverAction(nora, orderId, 'eta', { etaMinutes: 20 })).status).toBe(200);
  });

  it('can give a run to an offline driver, never to an unapproved one, a member or a pickup order', async () => {
    const orderId = await placeOrder();
    const refused = await assign(orderId, unapproved);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ fields: { driverId: 'Choose an approved driver.' } });
    expect((await assign(orderId, customer)).status).toBe(400);
    expect((await orderRow(orderId)).status).toBe('available');
    expect((await assign(orderId, offline)).status).toBe(200);
    const pickup = await placeOrder('Pickup');
    const notDelivery = await assign(pickup, nora);
    expect(notDelivery.status).toBe(400);
    expect((await errorOf(notDelivery)).message).toBe('Only delivery orders go to drivers.');
  });

  it('never to the dispatcher themself, who calls dibs like any driver (an assigned run costs no strike)', async () => {
    const drivingDispatcher = await signedInWithRoles(t, ['Orders Manager', 'Driver'], {
      isApprovedDriver: true,
      isOnline: true,
    });
    const orderId = await placeOrder();
    const refused = await assign(orderId, drivingDispatcher, { by: drivingDispatcher });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toMatch(/cannot assign a run to yourself/);
    expect((await orderRow(orderId)).status).toBe('available');
  });

  it('reassigns a claim whose window ran out as the desk shows it: back to the queue first, then to the new driver', async () => {
    const orderId = await placeOrder();
    expect((await driverAction(omar, orderId, 'claim')).status).toBe(200);
    const strikes = await strikesOf(omar);
    t.clock.advance(5 * MINUTE_MS);
    const moved = await assign(orderId, nora, { from: omar });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'claimed', assignedDriverId: nora.id });
    // Omar chose it and let it run out: today's strike stands.
    expect(await strikesOf(omar)).toBe(strikes + 1);
    expect((await driverAction(nora, orderId, 'eta', { etaMinutes: 10 })).status).toBe(200);
  });

  it('moves a run from its driver, even after the ETA: the new driver starts again, the old one is told', async () => {
    const orderId = await placeOrder();
    expect((await driverAction(omar, orderId, 'claim')).status).toBe(200);
    expect((await driverAction(omar, orderId, 'eta', { etaMinutes: 15 })).status).toBe(200);
    expect((await assign(orderId, omar, { from: omar })).status).toBe(409);
    // A desk that had not seen Omar take it cannot move it.
    const stale = await assign(orderId, nora);
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toMatch(/changed a moment ago/);
    const moved = await assign(orderId, nora, { from: omar });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'claimed',
      assignedDriverId: nora.id,
      etaMinutes: null,
      etaSubmittedAt: null,
    });
    expect((await notesOf(omar)).at(-1)).toBe(
      `Order #${orderId.slice(-6).toUpperCase()} was given to another driver.`,
    );
    expect((await queueOf(omar)).myRuns.map((order) => order.id)).not.toContain(orderId);
    // The old driver's steps on it are refused.
    expect((await driverAction(omar, orderId, 'notify')).status).toBe(409);
    const [audit] = (await auditsFor(orderId)).filter((entry) => entry.eventType === 'RUN_ASSIGNED');
    expect(audit!.meta).toEqual({ orderId, driverId: nora.id, previousDriverId: omar.id });
  });

  it('refuses an order that is completed or cancelled', async () => {
    const orderId = await placeOrder();
    const cancel = await t.call(
      'PATCH',
      `/api/admin/orders/${orderId}/status`,
      { status: 'cancelled' },
      as(dispatcher),
    );
    expect(cancel.status).toBe(200);
    const refused = await assign(orderId, nora);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(/no longer waiting for a driver/);
  });
});

describe('declining and expiring without a strike', () => {
  it('the driver declines an assigned run within the window: back in the queue, no strike, the dispatcher told', async () => {
    const orderId = await placeOrder();
    expect((await assign(orderId, nora)).status).toBe(200);
    const strikes = await strikesOf(nora);
    expect((await driverAction(nora, orderId, 'cancel')).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'available',
      assignedDriverId: null,
      assignedById: null,
    });
    expect(await strikesOf(nora)).toBe(strikes);
    expect((await notesOf(dispatcher)).at(-1)).toBe(
      `Nora declined order #${orderId.slice(-6).toUpperCase()}: it is back in the queue.`,
    );
    const [audit] = (await auditsFor(orderId)).filter((entry) => entry.eventType === 'RUN_CANCELLED');
    expect(audit!.meta).toEqual({ orderId, driverId: nora.id, declined: true });
  });

  it('an assigned run that expires goes back to the queue with no strike; one the driver chose keeps its strike', async () => {
    const assigned = await placeOrder();
    expect((await assign(assigned, omar)).status).toBe(200);
    const chosen = await placeOrder();
    expect((await driverAction(nora, chosen, 'claim')).status).toBe(200);
    const [omarBefore, noraBefore] = [await strikesOf(omar), await strikesOf(nora)];
    t.clock.advance(5 * MINUTE_MS);
    const requeued = await sweepExpiredClaims(t.ctx());
    expect(requeued).toEqual(expect.arrayContaining([assigned, chosen]));
    expect(await strikesOf(omar)).toBe(omarBefore);
    expect(await strikesOf(nora)).toBe(noraBefore + 1);
    const expired = (await auditsFor(assigned)).find((entry) => entry.eventType === 'CLAIM_EXPIRED');
    expect(expired!.meta).toEqual({ orderId: assigned, driverId: omar.id, strike: 0 });
    expect((await notesOf(dispatcher)).at(-1)).toMatch(
      /went back to the queue: its driver gave no ETA in time/,
    );
    expect((await orderRow(assigned)).assignedById).toBeNull();
  });
});

describe('returning a run to the queue', () => {
  it('refuses a desk that still shows the driver who lost the run: it never takes it from the one who has it', async () => {
    const orderId = await placeOrder();
    expect((await assign(orderId, omar)).status).toBe(200);
    expect((await assign(orderId, nora, { from: omar })).status).toBe(200);
    const stale = await returnToQueue(orderId, omar);
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toMatch(/changed a moment ago/);
    expect((await orderRow(orderId)).assignedDriverId).toBe(nora.id);
  });

  it('is the desk’s Available: the driver is told and the run is no longer theirs', async () => {
    const orderId = await placeOrder();
    expect((await assign(orderId, omar)).status).toBe(200);
    expect((await driverAction(omar, orderId, 'eta', { etaMinutes: 10 })).status).toBe(200);
    const back = await returnToQueue(orderId, omar);
    expect(back.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'available',
      assignedDriverId: null,
      assignedById: null,
    });
    expect((await notesOf(omar)).at(-1)).toBe(
      `Order #${orderId.slice(-6).toUpperCase()} was taken off your runs by the shop.`,
    );
  });
});

describe('races', () => {
  it('a dispatcher assigning while a driver calls dibs: exactly one of them gets the order', async () => {
    const statuses: number[] = [];
    const winners = await race({
      contenders: 2,
      setup: () => placeOrder(),
      attempt: async (orderId, contender) => {
        const response =
          contender === 0 ? await assign(orderId, nora) : await driverAction(omar, orderId, 'claim');
        statuses.push(response.status);
        return response.status === 200;
      },
    });
    expect(winners.every((count) => count === 1)).toBe(true);
    // The loser is told it lost, never a server error.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
  });

  it('two dispatchers assigning one queued order to two drivers: one assignment stands', async () => {
    const other = await signedInWithRoles(t, ['Admin']);
    const statuses: number[] = [];
    const winners = await race({
      contenders: 2,
      setup: () => placeOrder(),
      attempt: async (orderId, contender) => {
        const response =
          contender === 0 ? await assign(orderId, nora) : await assign(orderId, omar, { by: other });
        statuses.push(response.status);
        return response.status === 200;
      },
    });
    expect(winners.every((count) => count === 1)).toBe(true);
    // The loser is told it lost, never a server error.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
  });
});
