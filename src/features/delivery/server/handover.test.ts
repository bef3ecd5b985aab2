/**
 * Issue 45, the end of a delivery. The handover code: the member reads a 4-digit code once their delivery is on
 * its way, the driver types it to mark it delivered; 5 wrong codes lock it for staff, who complete it audited as
 * "no code". The code is in no driver or staff answer, live event, notification or log line. When nobody answers:
 * a photo at the door, only after the promised time or 10 minutes after Notify Customer, seen by the member and
 * staff who read contact details, deleted after 30 days or with the member's account. The member's driver, by
 * first name. And the pickup code at the counter, a shop setting.
 */
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/server/db/tables/audit.tables';
import { notification, pushMessage } from '~/server/db/tables/notifications.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import type { AdminOrderView, MemberOrderView, PlaceOrderResponse } from '~/features/shop/orders.schema';
import { DOOR_PHOTO_KEPT_DAYS, DOOR_PHOTO_MAX_DIMENSION } from '~/features/shop/orders.constants';
import { dropExpiredDoorPhotos } from '~/features/shop/server/door-photo.service';
import { DAY_MS, MINUTE_MS } from '~/shared/time';
import type { DriverOrderView } from '../delivery.schema';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { RACE_LIMITS } from '~/app/server/testing/race';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';
import { seedOnce } from '~/app/server/seed/seed';

let t: TestContext;
const logLines: string[] = [];
let customer: { cookie: string; id: string };
let owner: { cookie: string; id: string };
let driver: { cookie: string; id: string };
let stickerId: string;
const as = (who: { cookie: string }) => ({ Cookie: who.cookie });

beforeAll(async () => {
  t = await createTestContext({
    env: { ...RACE_LIMITS, DEMO_PASSWORD: 'demo-password-123', LOG_LEVEL: 'debug' },
    logTo: { write: (line: string) => void logLines.push(line) },
  });
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

/** A delivery order of `member` (the customer by default) the driver has claimed and given an ETA for. */
async function onItsWay(member = customer, by = driver): Promise<string> {
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
    as(member),
  );
  expect(placed.status, await placed.clone().text()).toBe(201);
  const orderId = ((await placed.json()) as PlaceOrderResponse).order.id;
  expect((await memberView(orderId, member)).handoverCode).toBeNull();
  expect((await t.call('POST', `/api/driver/orders/${orderId}/claim`, {}, as(by))).status).toBe(200);
  expect((await memberView(orderId, member)).handoverCode).toBeNull();
  const eta = await t.call('POST', `/api/driver/orders/${orderId}/eta`, { etaMinutes: 15 }, as(by));
  expect(eta.status).toBe(200);
  return orderId;
}

const memberView = async (orderId: string, member = customer) =>
  (
    (await (await t.call('GET', `/api/orders/${orderId}`, undefined, as(member))).json()) as {
      order: MemberOrderView;
    }
  ).order;
const codeOf = async (orderId: string) => (await memberView(orderId)).handoverCode;
const deliver = (orderId: string, code: string) =>
  t.call('POST', `/api/driver/orders/${orderId}/delivered`, { code }, as(driver));
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('the handover code', () => {
  it('shows the member a 4-digit code once the order is on its way, the same on every read, and takes it', async () => {
    // The live events the member, the driver and the Owner receive meanwhile, checked at the end.
    const streams = await Promise.all(
      [customer, driver, owner].map(async (who) => {
        const stream = sseReader(await t.call('GET', '/api/events', undefined, as(who)));
        await stream.next((e) => e.event === 'ready');
        return stream;
      }),
    );
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

    // Nowhere in what drivers and staff read (as a field, or as the code's own value or cell), nor in any
    // notification, push or log line the order's steps wrote.
    const reads = await Promise.all([
      t.call('GET', '/api/driver/queue', undefined, as(driver)),
      t.call('GET', '/api/driver/queue', undefined, as(owner)),
      t.call('GET', '/api/admin/orders', undefined, as(owner)),
      t.call('GET', '/api/admin/orders/export?format=csv', undefined, as(owner)),
      t.call('GET', '/api/admin/export/database', undefined, as(owner)),
      t.call('GET', `/api/admin/audit-log?orderId=${orderId}`, undefined, as(owner)),
    ]);
    const codeAsValue = new RegExp(`["',]${code}["',\\r\\n]`);
    for (const response of reads) {
      const body = await response.text();
      expect(body).not.toContain('handoverCode');
      expect(body).not.toMatch(codeAsValue);
    }

    expect((await deliver(orderId, code)).status).toBe(200);
    const texts = [
      ...(await t.database.db.select({ text: notification.message }).from(notification)),
      ...(await t.database.db.select({ text: pushMessage.body }).from(pushMessage)),
    ].map(({ text }) => JSON.stringify(text));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).not.toMatch(new RegExp(`\\b${code}\\b`));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toMatch(codeAsValue);
    for (const stream of streams) {
      // Each of them hears of the order's four changes: placed, claimed, the ETA, delivered.
      const events = [];
      for (let change = 0; change < 4; change++) {
        events.push(
          await stream.next((e) => e.data.includes('"orders.changed"') && e.data.includes(orderId)),
        );
      }
      events.push(...stream.received());
      await stream.close();
      for (const event of events) expect(event.data).not.toMatch(codeAsValue);
    }
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

describe('left at the door when nobody answers', () => {
  const doorPhoto = () =>
    sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#6b4f3a' } })
      .withExif({ IFD0: { Artist: 'door-exif-marker' } })
      .jpeg()
      .toBuffer();
  async function leaveAtDoor(orderId: string, note = 'Behind the blue planter', by = driver) {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await doorPhoto())], 'door.jpg', { type: 'image/jpeg' }));
    form.append('note', note);
    return t.app.request(`/api/driver/orders/${orderId}/left-at-door`, {
      method: 'POST',
      body: form,
      headers: { Origin: TEST_ORIGIN, Cookie: by.cookie },
    });
  }
  const orderRow = async (orderId: string) =>
    (await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId)))[0]!;

  it('waits for 10 minutes after Notify Customer; then the member and contact-reading staff see the photo, no one else', async () => {
    const orderId = await onItsWay();
    expect(await memberView(orderId)).toMatchObject({ driverName: 'Dana', leftAtDoor: null });
    const early = await leaveAtDoor(orderId);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: { title: 'Not Yet' } });
    expect((await t.call('POST', `/api/driver/orders/${orderId}/notify`, {}, as(driver))).status).toBe(200);
    t.clock.advance(9 * MINUTE_MS);
    expect((await leaveAtDoor(orderId)).status).toBe(409);
    expect(await orderRow(orderId)).toMatchObject({ status: 'in-progress', doorPhotoKey: null });
    const queue = await (await t.call('GET', '/api/driver/queue', undefined, as(driver))).json();
    const run = queue.myRuns.find((o: DriverOrderView) => o.id === orderId) as DriverOrderView;
    expect(new Date(run.leftAtDoorFrom!).getTime()).toBe(t.clock.now().getTime() + MINUTE_MS);

    t.clock.advance(MINUTE_MS);
    const left = await leaveAtDoor(orderId);
    expect(left.status, await left.clone().text()).toBe(200);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'completed', doorNote: 'Behind the blue planter' });
    expect(row.doorPhotoKey).toMatch(/\.sealed$/);
    expect(await memberView(orderId)).toMatchObject({
      leftAtDoor: { note: 'Behind the blue planter', hasPhoto: true, shopPhone: expect.any(String) },
    });
    const [told] = await t.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, customer.id), like(notification.message, '%left at your door%')));
    expect(told).toBeDefined();
    const log = await (
      await t.call('GET', `/api/admin/audit-log?orderId=${orderId}`, undefined, as(owner))
    ).text();
    expect(log).toContain('left at the door with a photo');

    // The member's photo: re-encoded (no EXIF), never cached; nobody else's order answers it.
    const mine = await t.call('GET', `/api/orders/${orderId}/door-photo`, undefined, as(customer));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await mine.arrayBuffer());
    expect(bytes.includes('door-exif-marker')).toBe(false);
    expect((await sharp(bytes).metadata()).width).toBe(DOOR_PHOTO_MAX_DIMENSION);
    const stranger = await signedInMember(t);
    expect((await t.call('GET', `/api/orders/${orderId}/door-photo`, undefined, as(stranger))).status).toBe(
      404,
    );
    expect((await t.call('GET', `/api/uploads/${row.doorPhotoKey}`, undefined, as(customer))).status).toBe(
      404,
    );

    // Staff: those who read contact details, each look audited; not Read-Only, not the driver, not another one.
    const readOnly = await signedInWithRoles(t, ['Read-Only']);
    const otherDriver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true });
    for (const who of [readOnly, driver, otherDriver]) {
      expect(
        (await t.call('GET', `/api/admin/orders/${orderId}/door-photo`, undefined, as(who))).status,
      ).toBe(403);
    }
    expect(
      (await t.call('GET', `/api/admin/orders/${orderId}/door-photo`, undefined, as(owner))).status,
    ).toBe(200);
    const viewed = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eventType, 'DOOR_PHOTO_VIEWED'), eq(auditLog.actorId, owner.id)));
    expect(viewed.map((entry) => entry.meta)).toContainEqual({ orderId });
    const deskFor = async (who: { cookie: string }) =>
      (
        (await (await t.call('GET', '/api/admin/orders?view=archived', undefined, as(who))).json()) as {
          items: AdminOrderView[];
        }
      ).items.find((o) => o.id === orderId);
    expect((await deskFor(owner))?.leftAtDoor).toMatchObject({
      note: 'Behind the blue planter',
      hasPhoto: true,
    });
    expect((await deskFor(readOnly))?.leftAtDoor).toMatchObject({ note: null, hasPhoto: false });

    // The driver's archive says it was left at the door, without the photo or the note; the Drivers tab counts it.
    const history = await (await t.call('GET', '/api/driver/queue', undefined, as(driver))).text();
    expect(history).toContain('"leftAtDoor":true');
    expect(history).not.toContain('Behind the blue planter');
    expect(history).not.toContain('door-photo');
    const drivers = (await (await t.call('GET', '/api/admin/drivers', undefined, as(owner))).json()) as {
      drivers: { id: string; leftAtDoor: number; deliveries: number }[];
    };
    expect(drivers.drivers.find((d) => d.id === driver.id)).toMatchObject({ leftAtDoor: 1 });
  });

  it('after the promised time too; the photo goes with the member’s account, or after 30 days', async () => {
    const member = async () => {
      const { cookie, user } = await signedInMember(t);
      return { cookie, id: user.id };
    };
    const [buyer, leaver] = [await member(), await member()];
    const runner = await signedInWithRoles(t, ['Admin', 'Driver'], {
      isApprovedDriver: true,
      isOnline: true,
      name: 'Quillon Runner',
    });
    const first = await onItsWay(buyer, runner);
    const second = await onItsWay(buyer, driver);
    const third = await onItsWay(leaver, driver);
    // An Owner or Admin on a run is "Your driver" to the member: their orders and notifications never name them.
    expect(await memberView(first, buyer)).toMatchObject({ driverName: 'Your driver' });
    const seenByBuyer = async () =>
      JSON.stringify(
        await Promise.all(
          ['/api/orders', `/api/orders/${first}`, '/api/notifications'].map(async (url) =>
            (await t.call('GET', url, undefined, as(buyer))).json(),
          ),
        ),
      );
    for (const canary of ['Quillon', runner.id]) expect(await seenByBuyer()).not.toContain(canary);
    expect((await leaveAtDoor(first, '', runner)).status).toBe(409);
    t.clock.advance(15 * MINUTE_MS);
    for (const [orderId, by] of [
      [first, runner],
      [second, driver],
      [third, driver],
    ] as const) {
      expect((await leaveAtDoor(orderId, '', by)).status).toBe(200);
    }
    for (const canary of ['Quillon', runner.id]) expect(await seenByBuyer()).not.toContain(canary);
    const [firstKey, secondKey, thirdKey] = await Promise.all(
      [first, second, third].map(async (orderId) => (await orderRow(orderId)).doorPhotoKey!),
    );

    // Delete My Account takes the photos of the member's doorstep with it.
    expect(await t.ctx().storage.get(thirdKey!)).toBeDefined();
    const deleted = await t.call(
      'POST',
      '/api/profile/delete-account',
      { password: 'correct horse battery' },
      as(leaver),
    );
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await t.ctx().storage.get(thirdKey!)).toBeUndefined();
    expect(await orderRow(third)).toMatchObject({ doorPhotoKey: null, doorNote: null });

    // A delivery staff reopen starts its next run clean: the photo and the note go with the old run.
    expect(
      (await t.call('PATCH', `/api/admin/orders/${second}/status`, { status: 'available' }, as(owner)))
        .status,
    ).toBe(200);
    expect(await orderRow(second)).toMatchObject({ leftAtDoorAt: null, doorNote: null, doorPhotoKey: null });
    expect(await t.ctx().storage.get(secondKey!)).toBeUndefined();
    expect(await memberView(second, buyer)).toMatchObject({ leftAtDoor: null });

    // The others go after 30 days; when it was left at the door stays on the order.
    expect(await t.ctx().storage.get(firstKey!)).toBeDefined();
    t.clock.advance(DOOR_PHOTO_KEPT_DAYS * DAY_MS - MINUTE_MS);
    await dropExpiredDoorPhotos(t.ctx());
    expect(await t.ctx().storage.get(firstKey!)).toBeDefined();
    t.clock.advance(MINUTE_MS);
    expect(await dropExpiredDoorPhotos(t.ctx())).toBe(1);
    expect(await t.ctx().storage.get(firstKey!)).toBeUndefined();
    expect(await orderRow(first)).toMatchObject({ doorPhotoKey: null });
    expect((await orderRow(first)).leftAtDoorAt).not.toBeNull();
  });
});

describe('the pickup code at the counter', () => {
  const setPickupCode = async (pickupCode: boolean) => {
    const settings = await (await t.call('GET', '/api/shop/settings', undefined, as(customer))).json();
    const saved = await t.call(
      'PUT',
      '/api/admin/shop-settings',
      {
        shopName: settings.shopName,
        contactPhone: settings.contactPhone,
        deliveryFeeCents: settings.deliveryFeeCents,
        pickupCode,
      },
      as(owner),
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
  };
  async function readyForPickup(): Promise<string> {
    const menu = (await (await t.call('GET', '/api/shop/menu', undefined, as(customer))).json()) as {
      stickers: { id: string; prices: Record<string, number | null> }[];
    };
    const placed = await t.call(
      'POST',
      '/api/orders',
      {
        idempotencyKey: `pickup-${Date.now()}-${Math.random()}`,
        deliveryMethod: 'Pickup',
        paymentMethod: 'Cash',
        phone: '(202) 555-0150',
        pickupLocation: 'Van Ness',
        notes: '',
        items: [{ stickerId, size: '3.5g', quantity: 1 }],
        expectedTotalCents: menu.stickers.find((s) => s.id === stickerId)!.prices['3.5g']!,
      },
      as(customer),
    );
    expect(placed.status, await placed.clone().text()).toBe(201);
    const orderId = ((await placed.json()) as PlaceOrderResponse).order.id;
    expect((await setStatus(orderId, { status: 'ready-for-pickup' })).status).toBe(200);
    return orderId;
  }
  const setStatus = (orderId: string, body: object) =>
    t.call('PATCH', `/api/admin/orders/${orderId}/status`, body, as(owner));
  const desk = async (orderId: string) =>
    (
      (await (await t.call('GET', '/api/admin/orders', undefined, as(owner))).json()) as {
        items: AdminOrderView[];
      }
    ).items.find((o) => o.id === orderId);

  it('is off by default: no code shows and staff complete a pickup as before', async () => {
    const orderId = await readyForPickup();
    expect(await codeOf(orderId)).toBeNull();
    expect(await desk(orderId)).toMatchObject({ asksCounterCode: false });
    expect((await setStatus(orderId, { status: 'completed' })).status).toBe(200);
  });

  it('when on, the member shows the code once the order is ready; staff must type it, wrong ones counted', async () => {
    await setPickupCode(true);
    try {
      const orderId = await readyForPickup();
      const code = (await codeOf(orderId))!;
      expect(code).toMatch(/^\d{4}$/);
      expect(await desk(orderId)).toMatchObject({ asksCounterCode: true });
      // Cancelling and reopening is no way round it.
      expect((await setStatus(orderId, { status: 'cancelled' })).status).toBe(200);
      expect((await setStatus(orderId, { status: 'completed' })).status).toBe(400);
      expect((await setStatus(orderId, { status: 'ready-for-pickup' })).status).toBe(200);
      const missing = await setStatus(orderId, { status: 'completed' });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({
        error: { title: 'Pickup Code Needed', fields: { code: expect.any(String) } },
      });
      const wrong = await setStatus(orderId, { status: 'completed', code: wrongCodeFor(code) });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({
        error: { fields: { code: expect.stringContaining('4 tries left') } },
      });
      expect((await setStatus(orderId, { status: 'completed', code })).status).toBe(200);
      expect((await codeOf(orderId)) ?? null).toBeNull();
      const [row] = await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, orderId));
      expect(row).toMatchObject({ status: 'completed', handoverTries: 1 });

      // Locked after five wrong codes: staff complete it without one, which the Audit Log says.
      const locked = await readyForPickup();
      const lockedCode = (await codeOf(locked))!;
      for (let n = 0; n < 5; n++)
        await setStatus(locked, { status: 'completed', code: wrongCodeFor(lockedCode) });
      expect(await desk(locked)).toMatchObject({ asksCounterCode: false });
      expect((await setStatus(locked, { status: 'completed' })).status).toBe(200);
      const log = await (
        await t.call('GET', `/api/admin/audit-log?orderId=${locked}`, undefined, as(owner))
      ).text();
      expect(log).toContain('completed by staff, no code');
    } finally {
      await setPickupCode(false);
    }
  });
});
