import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import type { PlaceOrderResponse } from '~/features/shop/orders.schema';
import { auditLog } from '~/server/db/tables/audit.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { pickupLocation } from '~/server/db/tables/shop.tables';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';
import type {
  CatalogResponse,
  CatalogSticker,
  MenuResponse,
  PickupLocationsResponse,
  ShopSettings,
} from '../shop.schema';
import { seedShop } from './shop.seed';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInWithRoles>>;
let member: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestContext();
  await t.database.db.transaction((tx) => seedShop(tx, t.clock.now()));
  admin = await signedInWithRoles(t, ['Admin']);
  member = await signedInMember(t);
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string; fields?: Record<string, string> } }).error;
const auditsOf = (eventType: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.eventType, eventType));

const validSticker = {
  name: 'Aurora Drift',
  type: 'Sativa',
  description: 'Green and violet ribbons.',
  prices: { '3.5g': 4500, oz: 25000, lb: 0 },
};

async function createSticker(body: unknown = validSticker) {
  const response = await t.call('POST', '/api/admin/stickers', body, as(admin.cookie));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { sticker: CatalogSticker }).sticker;
}

describe('the catalogue', () => {
  it('adds a sticker that members then see, without the size priced 0, and audits it', async () => {
    const created = await createSticker();
    expect(created).toMatchObject({
      name: 'Aurora Drift',
      hidden: false,
      prices: { '3.5g': 4500, oz: 25000, lb: null },
    });
    const { stickers } = (await (
      await t.call('GET', '/api/shop/menu', undefined, as(member.cookie))
    ).json()) as MenuResponse;
    expect(stickers.find((s) => s.id === created.id)?.prices.lb).toBeNull();
    expect((await auditsOf('STICKER_CREATED')).some((a) => a.meta.stickerId === created.id)).toBe(true);
  });

  it.each([
    ['no name', { ...validSticker, name: '  ' }, 'Name is required.'],
    ['no description', { ...validSticker, description: '' }, 'Description is required.'],
    [
      'a missing price',
      { ...validSticker, prices: { '3.5g': 4500, oz: 100 } },
      'Enter a price for every size (0 means the size is not offered).',
    ],
    [
      'a price that is not a number',
      { ...validSticker, prices: { '3.5g': '45', oz: 1, lb: 1 } },
      'Enter a price for every size (0 means the size is not offered).',
    ],
    [
      'a negative price',
      { ...validSticker, prices: { '3.5g': -1, oz: 1, lb: 1 } },
      'Prices cannot be negative.',
    ],
    ['an unknown type', { ...validSticker, type: 'Ruderalis' }, 'Choose Indica, Sativa or Hybrid.'],
  ])('refuses a sticker with %s', async (_, body, message) => {
    const before = (await (
      await t.call('GET', '/api/admin/stickers', undefined, as(admin.cookie))
    ).json()) as CatalogResponse;
    const response = await t.call('POST', '/api/admin/stickers', body, as(admin.cookie));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
    const after = (await (
      await t.call('GET', '/api/admin/stickers', undefined, as(admin.cookie))
    ).json()) as CatalogResponse;
    expect(after.stickers).toHaveLength(before.stickers.length);
  });

  it('edits, hides and shows a sticker; a hidden one leaves the menu and the orders, past orders keep theirs', async () => {
    const created = await createSticker({ ...validSticker, name: 'Hide Me' });
    const placed = await t.call(
      'POST',
      '/api/orders',
      {
        idempotencyKey: `catalog-${Date.now()}`,
        deliveryMethod: 'Pickup',
        paymentMethod: 'Cash',
        phone: '202-555-0111',
        pickupLocation: 'van ness',
        items: [{ stickerId: created.id, size: '3.5g', quantity: 1 }],
        expectedTotalCents: 4500,
      },
      as(member.cookie),
    );
    const { order } = (await placed.json()) as PlaceOrderResponse;

    const edit = await t.call(
      'PATCH',
      `/api/admin/stickers/${created.id}`,
      { name: 'Renamed', prices: { '3.5g': 5000, oz: 1, lb: 1 } },
      as(admin.cookie),
    );
    expect(((await edit.json()) as { sticker: CatalogSticker }).sticker).toMatchObject({
      name: 'Renamed',
      prices: { '3.5g': 5000 },
    });
    const hide = await t.call(
      'PATCH',
      `/api/admin/stickers/${created.id}`,
      { hidden: true },
      as(admin.cookie),
    );
    expect(((await hide.json()) as { sticker: CatalogSticker }).sticker.hidden).toBe(true);

    const menu = (await (
      await t.call('GET', '/api/shop/menu', undefined, as(member.cookie))
    ).json()) as MenuResponse;
    expect(menu.stickers.some((s) => s.id === created.id)).toBe(false);
    const catalog = (await (
      await t.call('GET', '/api/admin/stickers', undefined, as(admin.cookie))
    ).json()) as CatalogResponse;
    expect(catalog.stickers.find((s) => s.id === created.id)?.hidden).toBe(true);
    const [kept] = await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(kept!.totalCents).toBe(4500);
    const mine = (await (
      await t.call('GET', `/api/orders/${order.id}`, undefined, as(member.cookie))
    ).json()) as PlaceOrderResponse;
    expect(mine.order.items[0]).toMatchObject({ stickerName: 'Hide Me', unitPriceCents: 4500 });

    await t.call('PATCH', `/api/admin/stickers/${created.id}`, { hidden: false }, as(admin.cookie));
    expect((await auditsOf('STICKER_HIDDEN')).filter((a) => a.meta.stickerId === created.id)).toHaveLength(1);
    expect((await auditsOf('STICKER_SHOWN')).filter((a) => a.meta.stickerId === created.id)).toHaveLength(1);
  });

  it('takes a sticker picture through the uploads pipeline and refuses what is not an image', async () => {
    const created = await createSticker({ ...validSticker, name: 'Pictured' });
    const upload = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      return t.app.request(`/api/admin/stickers/${created.id}/image`, {
        method: 'POST',
        body: form,
        headers: { Origin: TEST_ORIGIN, Cookie: admin.cookie },
      });
    };
    const refused = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png');
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe('Only PNG, JPEG, GIF or WebP images can be uploaded.');

    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const accepted = await upload(png, 'art.png');
    expect(accepted.status).toBe(200);
    const { sticker } = (await accepted.json()) as { sticker: CatalogSticker };
    expect(sticker.imageUrl).toMatch(/^\/api\/uploads\/[a-f0-9]{32}\.png$/);
    const image = await t.call('GET', sticker.imageUrl, undefined, as(member.cookie));
    expect(image.status).toBe(200);
    const { width } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(width).toBe(800);
  });

  it('is refused to members and to managers of other things', async () => {
    const economyManager = await signedInWithRoles(t, ['Economy Manager']);
    const catalogManager = await signedInWithRoles(t, ['Catalog Manager']);
    expect((await t.call('POST', '/api/admin/stickers', validSticker, as(member.cookie))).status).toBe(403);
    expect(
      (await t.call('POST', '/api/admin/stickers', validSticker, as(economyManager.cookie))).status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/admin/stickers', validSticker, as(catalogManager.cookie))).status,
    ).toBe(201);
  });
});

describe('pickup locations', () => {
  const add = (name: unknown) => t.call('POST', '/api/admin/pickup-locations', { name }, as(admin.cookie));

  it('adds a location keyed trimmed and lowercased, shown as typed, and members can pick it', async () => {
    const response = await add('  Navy Yard NW  ');
    expect(response.status).toBe(201);
    const navyYard = { name: 'navy yard nw', displayName: 'Navy Yard NW' };
    expect(((await response.json()) as PickupLocationsResponse).locations).toContainEqual(navyYard);
    const forMembers = (await (
      await t.call('GET', '/api/shop/pickup-locations', undefined, as(member.cookie))
    ).json()) as PickupLocationsResponse;
    expect(forMembers.locations).toContainEqual(navyYard);
    expect((await auditsOf('PICKUP_LOCATION_ADDED')).some((a) => a.meta.name === 'navy yard nw')).toBe(true);
  });

  it('refuses an empty name and a duplicate ignoring case, with the spec’s messages', async () => {
    for (const empty of ['', '   ', undefined]) {
      const response = await add(empty);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe('Location name cannot be empty.');
    }
    const duplicate = await add('VAN NESS ');
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).message).toBe('Location already exists.');
    expect(await t.database.db.$count(pickupLocation, eq(pickupLocation.name, 'van ness'))).toBe(1);
  });

  it('removes a location; orders placed there keep its name', async () => {
    await add('Anacostia');
    const placed = await t.call(
      'POST',
      '/api/orders',
      {
        idempotencyKey: `loc-${Date.now()}`,
        deliveryMethod: 'Pickup',
        paymentMethod: 'Cash',
        phone: '202-555-0111',
        pickupLocation: 'anacostia',
        items: [
          { stickerId: (await createSticker({ ...validSticker, name: 'Loc' })).id, size: 'oz', quantity: 1 },
        ],
        expectedTotalCents: 25000,
      },
      as(member.cookie),
    );
    const { order } = (await placed.json()) as PlaceOrderResponse;
    const removed = await t.call(
      'DELETE',
      '/api/admin/pickup-locations/anacostia',
      undefined,
      as(admin.cookie),
    );
    expect(removed.status).toBe(200);
    const left = ((await removed.json()) as PickupLocationsResponse).locations;
    expect(left.map((location) => location.name)).not.toContain('anacostia');
    const [kept] = await t.database.db
      .select()
      .from(shopOrder)
      .where(and(eq(shopOrder.id, order.id)));
    expect(kept!.pickupLocation).toBe('anacostia');
    expect(
      (await t.call('DELETE', '/api/admin/pickup-locations/anacostia', undefined, as(admin.cookie))).status,
    ).toBe(404);
  });
});

describe('shop settings', () => {
  it('saves the shop name, contact phone and delivery fee, audited, and the next order uses the fee', async () => {
    const response = await t.call(
      'PUT',
      '/api/admin/shop-settings',
      { shopName: 'The Vault DC', contactPhone: '2025550188', deliveryFeeCents: 1500 },
      as(admin.cookie),
    );
    expect(response.status).toBe(200);
    const saved = (await response.json()) as ShopSettings;
    expect(saved).toEqual({
      shopName: 'The Vault DC',
      contactPhone: '(202) 555-0188',
      deliveryFeeCents: 1500,
      // Left out of the request: kept.
      timeZone: 'America/New_York',
      requireVerifiedEmail: false,
      joinMode: 'open',
      askAgainDays: 30,
      idCheck: false,
      pickupCode: false,
      lowStockThreshold: 5,
    });
    const forMembers = (await (
      await t.call('GET', '/api/shop/settings', undefined, as(member.cookie))
    ).json()) as ShopSettings;
    expect(forMembers).toEqual(saved);
    const [audit] = await auditsOf('SHOP_SETTINGS_CHANGED');
    expect(audit).toMatchObject({
      actorId: admin.id,
      meta: { before: { deliveryFeeCents: 2000 }, after: { deliveryFeeCents: 1500 } },
    });
  });

  it('switches how members join, audited, and refuses a mode it does not know', async () => {
    const body = { shopName: 'The Vault', contactPhone: '2025550188', deliveryFeeCents: 2000 };
    const saved = await t.call(
      'PUT',
      '/api/admin/shop-settings',
      { ...body, joinMode: 'referral' },
      as(admin.cookie),
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ joinMode: 'referral' });
    const switched = (await auditsOf('SHOP_SETTINGS_CHANGED')).filter(
      (row) => (row.meta as { after: { joinMode?: string } }).after.joinMode === 'referral',
    );
    expect(switched).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        meta: expect.objectContaining({ before: expect.objectContaining({ joinMode: 'open' }) }),
      }),
    ]);
    const refused = await t.call(
      'PUT',
      '/api/admin/shop-settings',
      { ...body, joinMode: 'anyone' },
      as(admin.cookie),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { fields: { joinMode: 'Choose how members join.' } },
    });
    const back = await t.call(
      'PUT',
      '/api/admin/shop-settings',
      { ...body, joinMode: 'open' },
      as(admin.cookie),
    );
    expect(await back.json()).toMatchObject({ joinMode: 'open' });
  });

  it('sets the wait before a declined member may ask again, audited, within 1 to 365 days', async () => {
    const body = { shopName: 'The Vault', contactPhone: '2025550188', deliveryFeeCents: 2000 };
    for (const askAgainDays of [0, 366, 2.5]) {
      const refused = await t.call(
        'PUT',
        '/api/admin/shop-settings',
        { ...body, askAgainDays },
        as(admin.cookie),
      );
      expect(refused.status, String(askAgainDays)).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { fields: { askAgainDays: expect.any(String) } } });
    }
    const saved = await t.call(
      'PUT',
      '/api/admin/shop-settings',
      { ...body, askAgainDays: 14 },
      as(admin.cookie),
    );
    expect(await saved.json()).toMatchObject({ askAgainDays: 14 });
    const [audit] = (await auditsOf('SHOP_SETTINGS_CHANGED')).filter(
      (row) => (row.meta as { after: { askAgainDays?: number } }).after.askAgainDays === 14,
    );
    expect(audit!.meta).toMatchObject({ before: { askAgainDays: 30 }, after: { askAgainDays: 14 } });
    await t.call('PUT', '/api/admin/shop-settings', { ...body, askAgainDays: 30 }, as(admin.cookie));
  });

  it('refuses a bad phone or fee and keeps the settings', async () => {
    const before = (await (
      await t.call('GET', '/api/shop/settings', undefined, as(member.cookie))
    ).json()) as ShopSettings;
    for (const body of [
      { shopName: 'x', contactPhone: '12', deliveryFeeCents: 100 },
      { shopName: 'x', contactPhone: '2025550188', deliveryFeeCents: -1 },
      { shopName: '', contactPhone: '2025550188', deliveryFeeCents: 1 },
    ]) {
      expect((await t.call('PUT', '/api/admin/shop-settings', body, as(admin.cookie))).status).toBe(400);
    }
    const after = (await (
      await t.call('GET', '/api/shop/settings', undefined, as(member.cookie))
    ).json()) as ShopSettings;
    expect(after).toEqual(before);
  });
});
