import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '~/shared/app-error';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { RACE_LIMITS, race } from '~/app/server/testing/race';
import { auditLog } from '~/server/db/tables/audit.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { sticker } from '~/server/db/tables/shop.tables';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type {
  CancelMyOrderResponse,
  MemberOrderView,
  PlaceOrderInput,
  PlaceOrderResponse,
  ReorderResponse,
} from '../orders.schema';
import { insertSticker, seedShopWithSticker } from './shop.seed';

/** A member cancels their own order while nobody has started on it, and orders a past one again. */
type Someone = { cookie: string; id: string };
let t: TestContext;
let stickerId: string;
let member: Someone;
let stranger: Someone;
let owner: Someone;
let driver: Someone;

beforeAll(async () => {
  t = await createTestContext({ env: RACE_LIMITS });
  stickerId = await seedShopWithSticker(t.database.db, t.clock.now(), {
    name: 'Cancel Sticker',
    price35gCents: 4000,
    priceOzCents: 9000,
    priceLbCents: 0,
  });
  const signedIn = await signedInMember(t, { fullName: 'Mia Member' });
  member = { cookie: signedIn.cookie, id: signedIn.user.id };
  const other = await signedInMember(t);
  stranger = { cookie: other.cookie, id: other.user.id };
  owner = await signedInWithRoles(t, ['Owner']);
  driver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
});
afterAll(() => t.close());

const as = (who: Someone) => ({ Cookie: who.cookie });
let counter = 0;
async function placeOrder(
  method: 'Delivery' | 'Pickup' = 'Delivery',
  items: PlaceOrderInput['items'] = [{ stickerId, size: '3.5g', quantity: 1 }],
  expectedTotalCents = method === 'Delivery' ? 6000 : 4000,
): Promise<string> {
  counter += 1;
  const body: PlaceOrderInput = {
    idempotencyKey: `cancel-${counter}-${Date.now()}`,
    deliveryMethod: method,
    paymentMethod: 'Cash',
    phone: '+12025550142',
    ...(method === 'Delivery' ? { address: '7 Change Mind Lane' } : { pickupLocation: 'van ness' }),
    items,
    expectedTotalCents,
  };
  const response = await t.call('POST', '/api/orders', body, as(member));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as PlaceOrderResponse).order.id;
}

const cancel = (orderId: string, who: Someone = member) =>
  t.call('POST', `/api/orders/${orderId}/cancel`, {}, as(who));
const setStatus = (orderId: string, status: string) =>
  t.call('PATCH', `/api/admin/orders/${orderId}/status`, { status }, as(owner));
const claim = (orderId: string) => t.call('POST', `/api/driver/orders/${orderId}/claim`, {}, as(driver));
const assign = (orderId: string) =>
  t.call(
    'PUT',
    `/api/admin/orders/${orderId}/driver`,
    { driverId: driver.id, currentDriverId: null },
    as(owner),
  );
const myOrder = async (orderId: string) =>
  (
    (await (await t.call('GET', `/api/orders/${orderId}`, undefined, as(member))).json()) as {
      order: MemberOrderView;
    }
  ).order;
const statusOf = async (orderId: string) =>
  (await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId)))[0]!.status;
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

describe('cancelling', () => {
  it('a placed pickup: cancelled for good, audited, the shop told; the desk cannot reopen it', async () => {
    const orderId = await placeOrder('Pickup');
    expect(await myOrder(orderId)).toMatchObject({ canCancel: true, cancelledByMember: false });
    const response = await cancel(orderId);
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as CancelMyOrderResponse;
    expect(body).toMatchObject({
      rewardsReturned: 0,
      order: { status: 'cancelled', canCancel: false, cancelledByMember: true },
    });
    const audits = (await t.database.db.select().from(auditLog)).filter(
      (row) => row.eventType === 'ORDER_CANCELLED_BY_MEMBER' && row.meta.orderId === orderId,
    );
    expect(audits).toMatchObject([{ actorId: member.id, meta: { orderId } }]);
    const ownerNotes = await t.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, owner.id));
    expect(ownerNotes.map((note) => note.message)).toContain(
      `Order #${orderId.slice(-6).toUpperCase()} was cancelled by the member.`,
    );
    const reopen = await setStatus(orderId, 'pending');
    expect(reopen.status).toBe(400);
    expect((await errorOf(reopen)).message).toMatch(/cancelled this order themselves/);
    expect(await statusOf(orderId)).toBe('cancelled');
    // Twice is refused, saying so.
    const again = await cancel(orderId);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('This order is already cancelled.');
  });

  it('a delivery still in the queue; not once a driver has it, or the shop confirmed it', async () => {
    const queued = await placeOrder();
    expect((await cancel(queued)).status).toBe(200);

    const claimed = await placeOrder();
    expect((await claim(claimed)).status).toBe(200);
    expect((await myOrder(claimed)).canCancel).toBe(false);
    const late = await cancel(claimed);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toMatchObject({
      title: 'Too Late to Cancel',
      message: expect.stringMatching(/A driver has already taken this order/),
    });

    const confirmed = await placeOrder('Pickup');
    expect((await setStatus(confirmed, 'confirmed')).status).toBe(200);
    const refused = await cancel(confirmed);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(/The shop has already started on this order/);
    expect(await statusOf(confirmed)).toBe('confirmed');
  });

  it('another member’s order is not found, and stays as it was', async () => {
    const orderId = await placeOrder('Pickup');
    expect((await cancel(orderId, stranger)).status).toBe(404);
    expect(await statusOf(orderId)).toBe('pending');
  });
});

describe('cancelling against the shop and the drivers', () => {
  /** Each round: the member's cancel against `other` on a new order. Every answer is a win or a refusal. */
  async function racing(
    other: (orderId: string) => Promise<Response>,
    method: 'Delivery' | 'Pickup' = 'Delivery',
  ) {
    const statuses: number[] = [];
    const orderIds: string[] = [];
    const winners = await race({
      contenders: 2,
      setup: async () => {
        const orderId = await placeOrder(method);
        orderIds.push(orderId);
        return orderId;
      },
      attempt: async (orderId, contender) => {
        const response = contender === 0 ? await cancel(orderId) : await other(orderId);
        statuses.push(response.status);
        return response.status === 200;
      },
    });
    expect(statuses.every((status) => [200, 400, 409].includes(status))).toBe(true);
    return { winners, orderIds };
  }

  it('a driver’s Call Dibs: exactly one of them gets there', async () => {
    expect((await racing(claim)).winners.every((count) => count === 1)).toBe(true);
  });

  it('a dispatcher’s assignment: exactly one of them gets there', async () => {
    expect((await racing(assign)).winners.every((count) => count === 1)).toBe(true);
  });

  it('a staff confirm: exactly one gets there, and never a confirm after the cancel', async () => {
    const { winners, orderIds } = await racing((orderId) => setStatus(orderId, 'confirmed'), 'Pickup');
    expect(winners.every((count) => count === 1)).toBe(true);
    for (const orderId of orderIds) {
      const [row] = await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
      if (row!.cancelledByMemberAt) expect(row!.status).toBe('cancelled');
      else expect(row!.status).toBe('confirmed');
    }
  });
});

describe('ordering again', () => {
  it('puts the sticker lines back at today’s prices, naming what is no longer sold', async () => {
    const hiddenLater = await insertSticker(t.database.db, {
      name: 'Gone Soon',
      type: 'Hybrid',
      description: 'x',
      price35gCents: 3000,
    });
    const orderId = await placeOrder(
      'Pickup',
      [
        { stickerId, size: '3.5g', quantity: 2 },
        { stickerId, size: 'oz', quantity: 1 },
        { stickerId: hiddenLater, size: '3.5g', quantity: 1 },
      ],
      2 * 4000 + 9000 + 3000,
    );
    expect((await setStatus(orderId, 'completed')).status).toBe(200);
    await t.database.db
      .update(sticker)
      .set({ price35gCents: 4200, priceOzCents: 0 })
      .where(eq(sticker.id, stickerId));
    await t.database.db.update(sticker).set({ hidden: true }).where(eq(sticker.id, hiddenLater));

    const response = await t.call('GET', `/api/orders/${orderId}/reorder`, undefined, as(member));
    expect(response.status).toBe(200);
    expect((await response.json()) as ReorderResponse).toEqual({
      deliveryMethod: 'Pickup',
      lines: [{ stickerId, stickerName: 'Cancel Sticker', size: '3.5g', quantity: 2, unitPriceCents: 4200 }],
      skipped: ['Cancel Sticker (OZ Sticker)', 'Gone Soon (3.5g Sticker)'],
    });
    await t.database.db
      .update(sticker)
      .set({ price35gCents: 4000, priceOzCents: 9000 })
      .where(eq(sticker.id, stickerId));
  });

  it('another member’s order is not found', async () => {
    const orderId = await placeOrder('Pickup');
    expect((await t.call('GET', `/api/orders/${orderId}/reorder`, undefined, as(stranger))).status).toBe(404);
  });
});
