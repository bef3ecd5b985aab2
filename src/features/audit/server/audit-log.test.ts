import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { insertSticker, seedShop } from '~/features/shop/server/shop.seed';
import type { PlaceOrderInput, PlaceOrderResponse } from '~/features/shop/orders.schema';
import type { AuditLogEntry, AuditLogOptions, AuditLogPage } from '../audit.schema';
import { FORMER_MEMBER } from '../audit.constants';
import { AUDIT_PAGE_SIZE, EXPORT_BATCH } from './audit-log.service';

let t: TestContext;
type Staff = Awaited<ReturnType<typeof signedInWithRoles>>;
let owner: Staff;
let admin: Staff;
let readOnly: Staff;

beforeAll(async () => {
  t = await createTestContext({
    env: {
      RATE_LIMIT_SIGN_UP_PER_IP: '1000/60',
      RATE_LIMIT_SIGN_IN_PER_IP: '1000/60',
      RATE_LIMIT_EXPORTS_PER_USER: '8/3600',
    },
  });
  owner = await signedInWithRoles(t, ['Owner']);
  admin = await signedInWithRoles(t, ['Admin']);
  readOnly = await signedInWithRoles(t, ['Read-Only']);
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });

/** Each test writes its rows on a day of its own, so a date range keeps the others' rows out. */
let dayCounter = 0;
function newDay() {
  dayCounter += 1;
  const start = new Date(Date.UTC(2031, 0, dayCounter));
  return {
    at: (minutes: number) => new Date(start.getTime() + minutes * 60_000),
    from: start.toISOString(),
    to: new Date(start.getTime() + 86_400_000).toISOString(),
  };
}

/** An audit row as the services write it, with a known id. */
async function row(
  eventType: string,
  actorId: string | null,
  meta: Record<string, unknown>,
  at: Date,
  ip?: string,
): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(auditLog).values({ id, eventType, actorId, meta, createdAt: at, ip });
  return id;
}

async function list(cookie: string, query: Record<string, string | undefined>) {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return t.call('GET', `/api/admin/audit-log?${params}`, undefined, as(cookie));
}

async function page(cookie: string, query: Record<string, string | undefined>): Promise<AuditLogPage> {
  const response = await list(cookie, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AuditLogPage;
}

const ids = async (query: Record<string, string | undefined>) =>
  (await page(admin.cookie, query)).items.map((item) => item.id);

const sentence = (entry: AuditLogEntry) => entry.details.map((part) => part.text).join('');

async function exportCsv(cookie: string, query: Record<string, string> = {}) {
  return t.call('GET', `/api/admin/audit-log/export?${new URLSearchParams(query)}`, undefined, as(cookie));
}

const parseCsv = (text: string) => parse(text, { columns: true, bom: true }) as Record<string, string>[];

describe('the audit log list', () => {
  it('filters by order, event type, driver, actor and dates, alone and together, newest first', async () => {
    const day = newDay();
    const [orderA, orderB] = [`order-a-${randomUUID()}`, `order-b-${randomUUID()}`];
    const [driver1, driver2] = [randomUUID(), randomUUID()];
    const claimA = await row('ORDER_CLAIMED', driver1, { orderId: orderA, driverId: driver1 }, day.at(1));
    const etaA = await row(
      'ETA_SUBMITTED',
      driver1,
      { orderId: orderA, driverId: driver1, etaMinutes: 20 },
      day.at(2),
    );
    const claimB = await row('ORDER_CLAIMED', driver2, { orderId: orderB, driverId: driver2 }, day.at(3));
    const statusA = await row(
      'ORDER_STATUS_CHANGED',
      admin.id,
      { orderId: orderA, driverId: driver1, oldStatus: 'in-progress', newStatus: 'cancelled' },
      day.at(4),
    );
    const approve2 = await row(
      'DRIVER_STATUS_CHANGE',
      admin.id,
      { driverId: driver2, field: 'isApprovedDriver', oldValue: false, newValue: true },
      day.at(5),
    );
    const statusB = await row(
      'ORDER_STATUS_CHANGED',
      owner.id,
      { orderId: orderB, oldStatus: 'pending', newStatus: 'confirmed' },
      day.at(6),
    );
    const range = { from: day.from, to: day.to };

    expect(await ids(range)).toEqual([statusB, approve2, statusA, claimB, etaA, claimA]);
    expect(await ids({ orderId: orderA })).toEqual([statusA, etaA, claimA]);
    expect(await ids({ ...range, eventType: 'ORDER_CLAIMED' })).toEqual([claimB, claimA]);
    expect(await ids({ driverId: driver2 })).toEqual([approve2, claimB]);
    expect(await ids({ ...range, actorId: admin.id })).toEqual([approve2, statusA]);
    expect(await ids({ from: day.at(2).toISOString(), to: day.at(5).toISOString() })).toEqual([
      statusA,
      claimB,
      etaA,
    ]);
    // Combinations narrow each other.
    expect(await ids({ orderId: orderA, driverId: driver1, eventType: 'ORDER_STATUS_CHANGED' })).toEqual([
      statusA,
    ]);
    expect(await ids({ driverId: driver1, actorId: driver1 })).toEqual([etaA, claimA]);
    expect(await ids({ orderId: orderB, driverId: driver1 })).toEqual([]);
    expect(await ids({ ...range, eventType: 'ORDER_STATUS_CHANGED', actorId: owner.id })).toEqual([statusB]);
    expect(await ids({ driverId: driver1, to: day.at(2).toISOString() })).toEqual([claimA]);
    // Empty fields are no filter.
    expect(await ids({ ...range, orderId: '', eventType: '', driverId: '', actorId: '' })).toHaveLength(6);
  });

  it('pages newest first with a cursor, every row once, and refuses a forged cursor', async () => {
    const day = newDay();
    const orderId = `order-paged-${randomUUID()}`;
    const written: string[] = [];
    // Two rows share each instant: the id orders them.
    for (let i = 0; i < AUDIT_PAGE_SIZE * 2 + 20; i += 1) {
      written.push(await row('ORDER_STATUS_CHANGED', admin.id, { orderId }, day.at(Math.floor(i / 2))));
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const next = await page(admin.cookie, { orderId, cursor });
      sizes.push(next.items.length);
      seen.push(...next.items.map((item) => item.id));
      cursor = next.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE, 20]);
    expect(new Set(seen).size).toBe(written.length);
    const rows = await t.database.db
      .select({ id: auditLog.id, at: auditLog.createdAt })
      .from(auditLog)
      .where(sql`${auditLog.meta} ->> 'orderId' = ${orderId}`);
    const expected = rows
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(seen).toEqual(expected);

    const forged = await list(admin.cookie, { cursor: 'bm90IGEgY3Vyc29y' });
    expect(forged.status).toBe(400);
    const backwards = await list(admin.cookie, { from: day.to, to: day.from });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({
      error: { message: 'The start date must be on or before the end date.' },
    });
  });

  it('records order and driver ids from the real flows, and finds an order by the short number shown on it', async () => {
    await t.database.db.transaction((tx) => seedShop(tx, t.clock.now()));
    const stickerId = await insertSticker(t.database.db, {
      name: 'Audit Sticker',
      type: 'Hybrid',
      description: 'x',
      price35gCents: 4500,
    });
    const customer = await signedInMember(t, { fullName: 'Audit Customer' });
    const placed = await t.call(
      'POST',
      '/api/orders',
      {
        idempotencyKey: `audit-${randomUUID()}`,
        deliveryMethod: 'Delivery',
        paymentMethod: 'Cash',
        phone: '202-555-0190',
        address: '5 Audit Ave, Washington, DC',
        items: [{ stickerId, size: '3.5g', quantity: 1 }],
        expectedTotalCents: 6500,
      } satisfies PlaceOrderInput,
      as(customer.cookie),
    );
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as PlaceOrderResponse;
    const driver = await signedInWithRoles(t, ['Driver'], {
      name: 'Audit Driver',
      isApprovedDriver: true,
      isOnline: true,
    });
    expect(
      (await t.call('POST', `/api/driver/orders/${order.id}/claim`, undefined, as(driver.cookie))).status,
    ).toBe(200);
    t.clock.advance(1000);
    const cancelled = await t.call(
      'PATCH',
      `/api/admin/orders/${order.id}/status`,
      { status: 'cancelled' },
      as(admin.cookie),
    );
    expect(cancelled.status).toBe(200);

    for (const orderId of [order.id, `#${order.shortId}`, order.shortId.toLowerCase()]) {
      const found = await page(admin.cookie, { orderId });
      expect(found.items.map((item) => item.eventType)).toEqual(['ORDER_STATUS_CHANGED', 'ORDER_CLAIMED']);
    }
    // The admin's status change names the order's driver, so the driver filter finds it.
    const byDriver = await page(readOnly.cookie, { driverId: driver.id });
    expect(byDriver.items.map((item) => item.eventType)).toEqual(['ORDER_STATUS_CHANGED', 'ORDER_CLAIMED']);
    const [change, claim] = byDriver.items;
    expect(change!.actor).toEqual({ name: admin.name, memberId: admin.id });
    expect(sentence(change!)).toBe(
      `Changed the status of order #${order.shortId} from claimed to cancelled (driver Audit Driver).`,
    );
    expect(change!.details).toContainEqual({ text: `order #${order.shortId}`, orderId: order.id });
    expect(change!.details).toContainEqual({ text: 'Audit Driver', memberId: driver.id });
    expect(sentence(claim!)).toBe(`Audit Driver called dibs on order #${order.shortId}.`);

    const options = (await (
      await t.call('GET', '/api/admin/audit-log/options', undefined, as(readOnly.cookie))
    ).json()) as AuditLogOptions;
    expect(options.eventTypes).toEqual(expect.arrayContaining(['ORDER_CLAIMED', 'ORDER_STATUS_CHANGED']));
    expect(options.eventTypes).toEqual([...options.eventTypes].sort());
    expect(options.drivers).toContainEqual({ id: driver.id, name: 'Audit Driver' });
    expect(options.actors).toContainEqual({ id: admin.id, name: admin.name });
    // Only ids are stored: the names come from the member rows.
    const stored = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.meta} ->> 'orderId' = ${order.id}`);
    for (const { meta } of stored) {
      expect(JSON.stringify(meta)).not.toMatch(/Audit (Driver|Customer)|@|Audit Ave/);
    }
  });

  it('names a deleted member Former member, and the row keeps their id', async () => {
    const day = newDay();
    const banned = await signedInMember(t, { fullName: 'Gone Member' });
    const gone = await signedInWithRoles(t, ['Admin'], { name: 'Gone Admin' });
    const id = await row('MEMBER_BANNED', gone.id, { memberId: banned.user.id }, day.at(1));
    await t.database.db.delete(user).where(eq(user.id, banned.user.id));
    await t.database.db.delete(user).where(eq(user.id, gone.id));
    const [entry] = (await page(owner.cookie, { from: day.from, to: day.to })).items;
    expect(entry!.id).toBe(id);
    expect(entry!.actor).toEqual({ name: FORMER_MEMBER, memberId: null });
    expect(sentence(entry!)).toBe(`Banned ${FORMER_MEMBER}.`);
    const [stored] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(stored!.actorId).toBe(gone.id);
  });
});

describe('what each viewer reads', () => {
  it('names a change of how members join and of Confirmed e-mail required; rows from before them name neither', async () => {
    const day = newDay();
    const settings = { shopName: 'The Vault', contactPhone: '2025550111', deliveryFeeCents: 500 };
    await row(
      'SHOP_SETTINGS_CHANGED',
      admin.id,
      {
        before: { ...settings, requireVerifiedEmail: false, joinMode: 'open' },
        after: { ...settings, requireVerifiedEmail: true, joinMode: 'referral' },
      },
      day.at(1),
    );
    await row('SHOP_SETTINGS_CHANGED', admin.id, { before: settings, after: settings }, day.at(2));
    const { items } = await page(admin.cookie, {
      eventType: 'SHOP_SETTINGS_CHANGED',
      from: day.from,
      to: day.to,
    });
    expect(items.map(sentence)).toEqual([
      'Changed the shop settings.',
      'Changed the shop settings: confirmed e-mail required on; how members join Open → Referral code required.',
    ]);
  });

  it('shows contact details, revealed authors and IPs only to those allowed, in the list and the CSV', async () => {
    const day = newDay();
    const subject = await signedInMember(t, { fullName: 'Banned Subject' });
    const author = await signedInMember(t, { fullName: 'Secret Author' });
    await row('MEMBER_BANNED', admin.id, { memberId: subject.user.id }, day.at(1));
    await row(
      'ANONYMOUS_AUTHOR_REVEALED',
      admin.id,
      { postId: 'post-revealed', authorId: author.user.id },
      day.at(2),
    );
    await row('OWNER_LOGIN', owner.id, { success: true }, day.at(3), '203.0.113.77');
    await row(
      'SHOP_SETTINGS_CHANGED',
      admin.id,
      {
        before: { shopName: 'The Vault', contactPhone: '2025550111', deliveryFeeCents: 500 },
        after: { shopName: 'The Vault', contactPhone: '2025550199', deliveryFeeCents: 500 },
      },
      day.at(4),
    );
    await row(
      'SMS_SETTINGS_CHANGED',
      owner.id,
      { accountSid: 'AC-secret-account', sender: '+12025550123', authToken: 'replaced', dailyCap: 500 },
      day.at(5),
    );
    const secrets = {
      sender: '+12025550123',
      email: subject.input.email,
      author: 'Secret Author',
      authorId: author.user.id,
      ip: '203.0.113.77',
      phone: '2025550199',
    };
    const viewers = {
      'Read-Only': readOnly,
      'Read-Only + Orders Manager': await signedInWithRoles(t, ['Read-Only', 'Orders Manager']),
      'Read-Only + Moderator': await signedInWithRoles(t, ['Read-Only', 'Moderator']),
      Admin: admin,
      Owner: owner,
    };
    const sees = {
      'Read-Only': [],
      'Read-Only + Orders Manager': ['sender', 'email', 'phone'],
      'Read-Only + Moderator': ['author', 'authorId'],
      Admin: ['sender', 'email', 'phone', 'author', 'authorId'],
      Owner: ['sender', 'email', 'phone', 'author', 'authorId', 'ip'],
    };
    for (const [name, viewer] of Object.entries(viewers)) {
      const body = await (await list(viewer.cookie, { from: day.from, to: day.to })).text();
      const shown = Object.entries(secrets).flatMap(([key, value]) => (body.includes(value) ? [key] : []));
      expect(body, name).not.toContain('AC-secret-account');
      expect(shown.sort(), name).toEqual([...sees[name as keyof typeof sees]].sort());
      // Every viewer still reads that the events happened.
      const entries = ((JSON.parse(body) as AuditLogPage).items ?? []).map(sentence);
      expect(entries, name).toEqual([
        expect.stringMatching(/^Changed the SMS settings: .*daily cap 500; auth token replaced\.$/),
        expect.stringMatching(/^Changed the shop settings: contact phone/),
        expect.stringMatching(/^Signed in with the owner password/),
        expect.stringMatching(/^Revealed the author of the anonymous post #VEALED/),
        expect.stringMatching(/^Banned Banned Subject/),
      ]);
    }
    // The CSV follows the same rules.
    for (const viewer of [admin, owner]) {
      const csv = await (await exportCsv(viewer.cookie, { from: day.from, to: day.to })).text();
      expect(csv.includes(secrets.ip), viewer.name).toBe(viewer === owner);
      expect(csv).toContain(secrets.email);
      expect(csv).toContain(secrets.author);
    }
  });

  it('opens the list and its choices to Read-Only, Admin and Owner, the export to Admin and Owner only', async () => {
    const ordersManager = await signedInWithRoles(t, ['Orders Manager']);
    const moderator = await signedInWithRoles(t, ['Moderator']);
    for (const [viewer, listStatus, exportStatus] of [
      [readOnly, 200, 403],
      [ordersManager, 403, 403],
      [moderator, 403, 403],
      [admin, 200, 200],
      [owner, 200, 200],
    ] as const) {
      expect((await list(viewer.cookie, {})).status, viewer.name).toBe(listStatus);
      expect(
        (await t.call('GET', '/api/admin/audit-log/options', undefined, as(viewer.cookie))).status,
        viewer.name,
      ).toBe(listStatus);
      expect((await exportCsv(viewer.cookie, { eventType: 'NOTHING_HERE' })).status, viewer.name).toBe(
        exportStatus,
      );
    }
  });
});

describe('the CSV export', () => {
  it('streams the filtered log as audit-log.csv in batches, newest first, and audits the export', async () => {
    const day = newDay();
    const orderId = `order-export-${randomUUID()}`;
    const count = EXPORT_BATCH * 2 + 7;
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      eventType: 'ORDER_STATUS_CHANGED',
      actorId: admin.id,
      meta: { orderId, oldStatus: 'pending', newStatus: 'confirmed' },
      createdAt: day.at(i),
    }));
    await t.database.db.insert(auditLog).values(rows);
    await row('ORDER_CLAIMED', admin.id, { orderId: 'another-order' }, day.at(1));

    const response = await exportCsv(admin.cookie, { orderId, from: day.from, to: day.to });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="audit-log.csv"');
    const text = await response.text();
    expect(text.split('\r\n')[0]).toBe('Timestamp,Event Type,Actor,Details,Order ID');
    const records = parseCsv(text);
    expect(records).toHaveLength(count);
    expect(records.map((r) => r.Timestamp)).toEqual(rows.map((r) => r.createdAt.toISOString()).reverse());
    expect(records[0]).toEqual({
      Timestamp: day.at(count - 1).toISOString(),
      'Event Type': 'ORDER_STATUS_CHANGED',
      Actor: admin.name,
      Details: `Changed the status of order #${orderId.slice(-6).toUpperCase()} from pending to confirmed.`,
      'Order ID': orderId,
    });

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.eventType} = 'AUDIT_LOG_EXPORTED' and ${auditLog.meta} -> 'filters' ->> 'orderId' = ${orderId}`,
      );
    expect(audit).toMatchObject({
      actorId: admin.id,
      meta: { filters: { orderId, from: day.from, to: day.to } },
    });
    // The export's own row does not show up under the order it filtered by.
    expect(await ids({ orderId })).not.toContain(audit!.id);
    const exportsOf = await page(owner.cookie, { eventType: 'AUDIT_LOG_EXPORTED', actorId: admin.id });
    expect(exportsOf.items.map(sentence)).toContainEqual(
      expect.stringMatching(new RegExp(`^Exported the audit log as CSV \\(order ${orderId}, from `)),
    );
  });

  it('neutralises formula cells and answers a header alone when nothing matches', async () => {
    const day = newDay();
    const evil = await signedInWithRoles(t, ['Admin'], { name: '=HYPERLINK("http://evil.example","x")' });
    await row('PICKUP_LOCATION_ADDED', evil.id, { name: '+1 call me' }, day.at(1));
    await row('ORDER_CLAIMED', evil.id, { orderId: '-1+1', driverId: evil.id }, day.at(2));
    const records = parseCsv(await (await exportCsv(owner.cookie, { from: day.from, to: day.to })).text());
    const name = '=HYPERLINK("http://evil.example","x")';
    expect(records.map((r) => [r.Actor, r.Details, r['Order ID']])).toEqual([
      [`'${name}`, `'${name} (${evil.email}) called dibs on order #-1+1.`, `'-1+1`],
      [`'${name}`, 'Added the pickup location “+1 call me”.', ''],
    ]);
    for (const record of records) {
      for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    const empty = await exportCsv(owner.cookie, { orderId: `order-none-${randomUUID()}` });
    expect((await empty.text()).trim()).toBe('Timestamp,Event Type,Actor,Details,Order ID');
  });

  it('stops a member past the export limit with 429', async () => {
    const exporter = await signedInWithRoles(t, ['Admin']);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const response = await exportCsv(exporter.cookie, { orderId: 'order-none' });
      await response.text();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(8).fill(200), 429]);
    expect((await exportCsv(owner.cookie, { orderId: 'order-none' })).status).toBe(200);
  });
});

describe('append-only storage', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on the audit log, and still takes new rows', async () => {
    const day = newDay();
    const id = await row('MEMBER_BANNED', admin.id, { memberId: 'someone' }, day.at(1));
    const attempts = [
      sql`update audit_log set event_type = 'TAMPERED' where id = ${id}`,
      sql`update audit_log set meta = '{}'::jsonb`,
      sql`delete from audit_log where id = ${id}`,
      sql`truncate audit_log`,
    ];
    for (const attempt of attempts) {
      const failure = (await t.database.db.execute(attempt).then(
        () => null,
        (error: unknown) => error,
      )) as (Error & { cause?: Error }) | null;
      // Drizzle wraps the database's refusal; the refusal is the cause.
      expect(failure?.cause?.message ?? failure?.message).toMatch(
        /^audit_log is append-only: \w+ is not allowed$/,
      );
    }
    const [kept] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(kept).toMatchObject({ eventType: 'MEMBER_BANNED', meta: { memberId: 'someone' } });
    expect(await row('MEMBER_UNBANNED', admin.id, { memberId: 'someone' }, day.at(2))).toBeTruthy();
  });

  it("lets the operator's documented retention statement remove old rows, and the rule holds again after it", async () => {
    const old = await row('MEMBER_BANNED', admin.id, { memberId: 'old' }, new Date('1999-06-01T00:00:00Z'));
    const recent = await row(
      'MEMBER_BANNED',
      admin.id,
      { memberId: 'recent' },
      new Date('2000-06-01T00:00:00Z'),
    );
    // README, Audit Log, Retention: the same statements, with this test's cut-off.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
      await tx.execute(sql`DELETE FROM audit_log WHERE created_at < '2000-01-01T00:00:00Z'`);
      await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    });
    const left = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.id} in (${old}, ${recent})`);
    expect(left).toEqual([{ id: recent }]);
    const refused = await t.database.db.execute(sql`delete from audit_log where id = ${recent}`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
  });
});
