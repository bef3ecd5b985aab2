/**
 * Issue 45, the handover code: the member reads a 4-digit code once their delivery is on its way, the driver
 * types it to mark it delivered; 5 wrong codes lock it for staff, who complete it audited as "no code". The code
 * is in no driver or staff answer.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/server/db/tables/audit.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import type { MemberOrderView, PlaceOrderResponse } from '~/features/shop/orders.schema';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { RACE_LIMITS } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { seedOnce } from '~/app/server/seed/seed';

let t: TestContext;
let customer: { cookie: string; id: string };
let owner: { cookie: string; id: string };
let driver: { cookie: string; id: string };
let stickerId: string;
const as = (who: { cookie: string }) => ({ Cookie: who.cookie });

beforeAll(async () => {
  t = await createTestContext({ env: { ...RACE_LIMITS, DEMO_PASSWORD: 'demo-password-123' } });
  await seedOnce(t.database.db, t.config);
  const member = await signedInMember(t);
  customer = { cookie: member.cookie, id: member.user.id };
  owner = await signedInWithRoles(t, ['Owner']);
  driver = await signedInWithRoles(t, ['Driver'], {
    isApprovedDriver: true,
    isOnline: true,
    name: 'Dana Driver',
  });
  const menu = (await (await t.call('GET', '/api/shop/menu', undefined, as(customer))).json()) as {
    stickers: { id: string; prices: Record<string, number | null> }[];
  };
  stickerId = menu.stickers.find((s) => s.prices['3.5g'] !== null)!.id;
});
afterAll(() => t.close());

/** A delivery order the driver has claimed and given an ETA for: on its way. */
async function onItsWay(): Promise<string> {
  const menu = (await (await t.call('GET', '/api/shop/menu', undefined, as(customer))).json()) as {
    stickers: { id: string; prices: Record<string, number | null> }[];
  };
  const price = menu.stickers.find((s) => s.id === stickerId)!.prices['3.5g']!;
  const settings = (await (await t.call('GET', '/api/shop/settings', undefined, as(customer))).json()) as {
    deliveryFeeCents: number;
  };
  const placed = await t.call(
    'POST',
    '/api/orders',
    {
      idempotencyKey: `handover-${Date.now()}-${Math.random()}`,
      deliveryMethod: 'Delivery',
      paymentMethod: 'Cash',
      phone: '(202) 555-0150',
      address: '1 Handover Way, Washington, DC',
      notes: '',
      items: [{ stickerId, size: '3.5g', quantity: 1 }],
      expectedTotalCents: price + settings.deliveryFeeCents,
    },
    as(customer),
  );
  expect(placed.status, await placed.clone().text()).toBe(201);
  const orderId = ((await placed.json()) as PlaceOrderResponse).order.id;
  expect(await codeOf(orderId)).toBeNull();
  expect((await t.call('POST', `/api/driver/orders/${orderId}/claim`, {}, as(driver))).status).toBe(200);
  expect(await codeOf(orderId)).toBeNull();
  const eta = await t.call('POST', `/api/driver/orders/${orderId}/eta`, { etaMinutes: 15 }, as(driver));
  expect(eta.status).toBe(200);
  return orderId;
}

const codeOf = async (orderId: string) =>
  (
    (await (await t.call('GET', `/api/orders/${orderId}`, undefined, as(customer))).json()) as {
      order: MemberOrderView;
    }
  ).order.handoverCode;
const deliver = (orderId: string, code: string) =>
  t.call('POST', `/api/driver/orders/${orderId}/delivered`, { code }, as(driver));
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('the handover code', () => {
  it('shows the member a 4-digit code once the order is on its way, the same on every read, and takes it', async () => {
    const orderId = await onItsWay();
    const code = (await codeOf(orderId))!;
    expect(code).toMatch(/^\d{4}$/);
    expect(await codeOf(orderId)).toBe(code);
    const list = await (await t.call('GET', '/api/orders', undefined, as(customer))).json();
    expect(list.items.find((o: MemberOrderView) => o.id === orderId).handoverCode).toBe(code);

    for (const bad of ['', '12', 'abcd', '12345']) {
      expect((await deliver(orderId, bad)).status, bad).toBe(400);
    }
    const wrong = await deliver(orderId, wrongCodeFor(code));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: { fields: { code: expect.stringContaining('4 tries left') } },
    });

    // Nowhere in what drivers and staff read.
    const reads = await Promise.all([
      t.call('GET', '/api/driver/queue', undefined, as(driver)),
      t.call('GET', '/api/driver/queue', undefined, as(owner)),
      t.call('GET', '/api/admin/orders', undefined, as(owner)),
      t.call('GET', '/api/admin/orders/export?format=csv', undefined, as(owner)),
      t.call('GET', '/api/admin/export/database', undefined, as(owner)),
    ]);
    for (const response of reads) expect(await response.text()).not.toContain('handoverCode');

    expect((await deliver(orderId, code)).status).toBe(200);
    expect(await codeOf(orderId)).toBeNull();
    const [row] = await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
    expect(row).toMatchObject({ status: 'completed', handoverTries: 1 });
  });

  it('locks after 5 wrong codes, however many arrive at once; staff are told and complete it without one', async () => {
    const orderId = await onItsWay();
    const code = (await codeOf(orderId))!;
    const wrong = wrongCodeFor(code);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(orderId, wrong)));
    const statuses = answers.map((r) => r.status);
    // Five count: four answer "tries left", the fifth locks the code, and the other fifteen find it locked.
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(16);
    const [row] = await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
    expect(row!.handoverTries).toBe(5);

    // Even the right code is refused now; the driver's view says so.
    const right = await deliver(orderId, code);
    expect(right.status).toBe(409);
    expect(await right.json()).toMatchObject({ error: { code: 'CONFLICT', title: 'Code Locked' } });
    const queue = await (await t.call('GET', '/api/driver/queue', undefined, as(driver))).json();
    expect(queue.myRuns.find((o: { id: string }) => o.id === orderId)).toMatchObject({
      handoverLocked: true,
    });
    const staffNotes = await t.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, owner.id));
    expect(
      staffNotes.filter((n) => n.message.includes('handover code was typed wrong 5 times')),
    ).toHaveLength(1);

    const completed = await t.call(
      'PATCH',
      `/api/admin/orders/${orderId}/status`,
      { status: 'completed' },
      as(owner),
    );
    expect(completed.status).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventType, 'ORDER_STATUS_CHANGED'), eq(auditLog.actorId, owner.id)));
    expect(audit!.meta).toMatchObject({ orderId, newStatus: 'completed', withoutCode: true });
    const log = await (
      await t.call('GET', `/api/admin/audit-log?orderId=${orderId}`, undefined, as(owner))
    ).text();
    expect(log).toContain('completed by staff, no code');
  });
});
