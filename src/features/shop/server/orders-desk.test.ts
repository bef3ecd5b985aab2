import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '~/server/db/tables/auth.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { seedShopWithSticker } from '~/features/shop/server/shop.seed';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { AdminOrdersResponse, PlaceOrderInput, PlaceOrderResponse } from '../orders.schema';
import { exportDeskOrders, neutraliseCell } from './orders-desk.service';

let t: TestContext;
let stickerId: string;
let owner: Awaited<ReturnType<typeof signedInWithRoles>>;
let counter = 0;

beforeAll(async () => {
  t = await createTestContext();
  stickerId = await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Desk Sticker' });
  owner = await signedInWithRoles(t, ['Owner']);
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });

async function placeOrder(cookie: string, overrides: Partial<PlaceOrderInput> = {}) {
  counter += 1;
  t.clock.advance(1000);
  const response = await t.call(
    'POST',
    '/api/orders',
    {
      idempotencyKey: `desk-${counter}-${Date.now()}`,
      deliveryMethod: 'Delivery',
      paymentMethod: 'Apple Pay',
      phone: '202-555-0190',
      address: '5 Desk Ave, Washington, DC',
      items: [{ stickerId, size: '3.5g', quantity: 1 }],
      expectedTotalCents: 6500,
      ...overrides,
    } satisfies PlaceOrderInput,
    as(cookie),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as PlaceOrderResponse).order;
}

const deskList = async (cookie: string, view = 'active') =>
  (await (
    await t.call('GET', `/api/admin/orders?view=${view}`, undefined, as(cookie))
  ).json()) as AdminOrdersResponse;

describe('the orders desk', () => {
  it('shows active orders, and moves completed and cancelled ones to the archive', async () => {
    const { cookie } = await signedInMember(t, { fullName: 'Desk Customer' });
    const keep = await placeOrder(cookie);
    const complete = await placeOrder(cookie);
    const cancel = await placeOrder(cookie);
    for (const [order, status] of [
      [complete, 'completed'],
      [cancel, 'cancelled'],
    ] as const) {
      const response = await t.call(
        'PATCH',
        `/api/admin/orders/${order.id}/status`,
        { status },
        as(owner.cookie),
      );
      expect(response.status).toBe(200);
    }
    const active = await deskList(owner.cookie);
    const archived = await deskList(owner.cookie, 'archived');
    expect(active.items.map((o) => o.id)).toContain(keep.id);
    expect(active.items.map((o) => o.id)).not.toContain(complete.id);
    expect(archived.items.map((o) => o.id)).toEqual(expect.arrayContaining([complete.id, cancel.id]));
    expect(archived.items.map((o) => o.id)).not.toContain(keep.id);
    expect(active.items.find((o) => o.id === keep.id)).toMatchObject({
      customer: { name: 'Desk Customer', email: expect.stringContaining('@') },
      phone: '+12025550190',
      address: '5 Desk Ave, Washington, DC',
      driver: null,
    });
  });

  it('shows Read-Only staff the orders without phones, addresses or emails, and refuses them the export', async () => {
    const { cookie } = await signedInMember(t);
    const order = await placeOrder(cookie, { address: '77 Secret Lane' });
    const readOnly = await signedInWithRoles(t, ['Read-Only']);
    const response = await t.call('GET', '/api/admin/orders', undefined, as(readOnly.cookie));
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(order.id);
    expect(body).not.toContain('77 Secret Lane');
    expect(body).not.toContain('+12025550190');
    expect((await t.call('GET', '/api/admin/orders/export', undefined, as(readOnly.cookie))).status).toBe(
      403,
    );
    const member = await signedInMember(t);
    expect((await t.call('GET', '/api/admin/orders', undefined, as(member.cookie))).status).toBe(403);
  });

  it('shows order notes only to staff who see contact details: Orders Manager and Admin, never Read-Only or Support', async () => {
    const { cookie } = await signedInMember(t);
    const order = await placeOrder(cookie, { notes: 'Gate code 4321' });
    const entryFor = async (roles: string[]) => {
      const staff = await signedInWithRoles(t, roles);
      const response = await t.call('GET', '/api/admin/orders', undefined, as(staff.cookie));
      expect(response.status).toBe(200);
      const text = await response.text();
      return {
        text,
        entry: (JSON.parse(text) as AdminOrdersResponse).items.find((o) => o.id === order.id)!,
      };
    };
    for (const roles of [['Read-Only'], ['Support']]) {
      const { text, entry } = await entryFor(roles);
      expect(text, roles[0]).not.toContain('Gate code 4321');
      expect(entry.notes ?? null, roles[0]).toBeNull();
      expect(entry.customer.email, roles[0]).toBeNull();
    }
    for (const roles of [['Orders Manager'], ['Admin']]) {
      const { entry } = await entryFor(roles);
      expect(entry.notes, roles[0]).toBe('Gate code 4321');
      expect(entry.customer.email, roles[0]).toContain('@');
    }
  });

  it('leaves notes, email, phone and address out of an export for staff without contact details', async () => {
    const { cookie } = await signedInMember(t);
    const order = await placeOrder(cookie, { notes: 'Gate code 9876', address: '12 Quiet Mews' });
    // No role holds export:orders without read:contact-details today; the service's rule is tested for one that will.
    const [ownerRow] = await t.database.db.select().from(user).where(eq(user.id, owner.id));
    const withoutContactDetails = { ...ownerRow!, roles: ['Member'], role: 'Member' };
    const { csv } = await exportDeskOrders(t.ctx(), withoutContactDetails, { view: 'active' });
    expect(csv).not.toContain('Gate code 9876');
    expect(csv).not.toContain('12 Quiet Mews');
    expect(csv).not.toContain('+12025550190');
    const [row] = (parse(csv, { columns: true }) as Record<string, string>[]).filter(
      (r) => r['Order ID'] === order.id,
    );
    for (const column of ['Notes', 'Email', 'Phone', 'Address']) expect(row).not.toHaveProperty(column);
    const full = await exportDeskOrders(t.ctx(), ownerRow!, { view: 'active' });
    expect(full.csv).toContain('Gate code 9876');
  });

  it('exports the view as a dated CSV whose formula-like cells stay text', async () => {
    const { cookie } = await signedInMember(t, { fullName: '=HYPERLINK("http://evil.example","x")' });
    const order = await placeOrder(cookie, { notes: '+1 call me', address: '@home\tbasement' });
    const response = await t.call('GET', '/api/admin/orders/export?view=active', undefined, as(owner.cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="orders-active-${t.clock.now().toISOString().slice(0, 10)}.csv"`,
    );
    const records = parse(await response.text(), { columns: true }) as Record<string, string>[];
    const row = records.find((r) => r['Order ID'] === order.id)!;
    expect(row).toMatchObject({
      Customer: `'=HYPERLINK("http://evil.example","x")`,
      Notes: `'+1 call me`,
      Address: `'@home\tbasement`,
      Items: '1 x Desk Sticker (3.5g Sticker)',
      Total: '$65.00',
      Status: 'available',
    });
  });

  it('neutralises every dangerous first character and leaves the rest alone', () => {
    for (const dangerous of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(neutraliseCell(dangerous)).toBe(`'${dangerous}`);
    }
    for (const safe of ['Jordan', '1-2', 'a=b', '']) expect(neutraliseCell(safe)).toBe(safe);
  });
});
