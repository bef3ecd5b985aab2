import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '~/shared/time';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { stickerRating } from '~/server/db/tables/shop.tables';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type {
  MenuResponse,
  PickupLocationsResponse,
  RateStickerResponse,
  RatingStatusResponse,
  ShopSettings,
} from '../shop.schema';
import { DEFAULT_PICKUP_LOCATIONS, insertSticker, seedShop, type NewSticker } from './shop.seed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await t.database.db.transaction((tx) => seedShop(tx, t.clock.now()));
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });
/** A sticker for this test: an Indica with a one-word description unless the test says otherwise. */
const newSticker = (input: Partial<NewSticker> & { name: string }) =>
  insertSticker(t.database.db, { type: 'Indica', description: 'x', ...input });
const menuOf = async (cookie: string) =>
  (await (await t.call('GET', '/api/shop/menu', undefined, as(cookie))).json()) as MenuResponse;
const rate = (cookie: string, stickerId: string, body: unknown) =>
  t.call('POST', `/api/shop/stickers/${stickerId}/ratings`, body, as(cookie));

describe('the menu', () => {
  it('lists the seeded stickers with every size priced in cents', async () => {
    const { cookie } = await signedInMember(t);
    const { stickers } = await menuOf(cookie);
    const nebula = stickers.find((s) => s.name === 'Velvet Nebula');
    expect(nebula).toMatchObject({
      type: 'Indica',
      imageUrl: '/stickers/velvet-nebula.svg',
      prices: { '3.5g': 4500, oz: 25000, lb: 180000 },
      rating: { count: 0, overall: null },
    });
    expect(stickers.map((s) => s.name)).toEqual(expect.arrayContaining(['Citrus Comet', 'Midnight Orchard']));
  });

  it('leaves out hidden stickers and the sizes priced 0', async () => {
    const { cookie } = await signedInMember(t);
    const hiddenId = await newSticker({
      name: 'Hidden Gem',
      type: 'Hybrid',
      description: 'Not for now.',
      price35gCents: 1000,
      hidden: true,
    });
    const partialId = await newSticker({
      name: 'Small Batch',
      type: 'Sativa',
      description: 'Only in one size.',
      priceOzCents: 9900,
    });
    const { stickers } = await menuOf(cookie);
    expect(stickers.some((s) => s.id === hiddenId)).toBe(false);
    expect(stickers.find((s) => s.id === partialId)!.prices).toEqual({ '3.5g': null, oz: 9900, lb: null });
  });

  it('gives members the shop settings and the pickup locations, and visitors nothing', async () => {
    const { cookie } = await signedInMember(t);
    const settings = (await (
      await t.call('GET', '/api/shop/settings', undefined, as(cookie))
    ).json()) as ShopSettings;
    expect(settings).toEqual({
      shopName: 'The Vault',
      contactPhone: '(202) 555-0142',
      deliveryFeeCents: 2000,
      timeZone: 'America/New_York',
      requireVerifiedEmail: false,
      joinMode: 'open',
      askAgainDays: 30,
      idCheck: false,
      pickupCode: false,
      lowStockThreshold: 5,
    });
    const { locations } = (await (
      await t.call('GET', '/api/shop/pickup-locations', undefined, as(cookie))
    ).json()) as PickupLocationsResponse;
    // Each location keyed by its lowercase name, shown as it was typed; listed by name.
    expect(locations).toEqual(
      [...DEFAULT_PICKUP_LOCATIONS]
        .map((displayName) => ({ name: displayName.toLowerCase(), displayName }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(locations).toContainEqual({ name: 'suitland md', displayName: 'Suitland MD' });
    expect((await t.call('GET', '/api/shop/menu')).status).toBe(401);
  });
});

describe('ratings', () => {
  it('needs all three categories', async () => {
    const { cookie } = await signedInMember(t);
    const stickerId = await newSticker({
      name: 'Rated',
      price35gCents: 100,
    });
    for (const body of [{}, { smell: 4, taste: 3 }, { smell: 4, high: 2 }, { taste: 1, high: 2 }]) {
      const response = await rate(cookie, stickerId, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        'Please rate all three categories before submitting.',
      );
    }
    for (const body of [
      { smell: 0, taste: 3, high: 3 },
      { smell: 6, taste: 3, high: 3 },
      { smell: 2.5, taste: 3, high: 3 },
      { smell: 3, taste: 3, high: 3, overall: 5 },
    ]) {
      expect((await rate(cookie, stickerId, body)).status).toBe(400);
    }
    expect(await t.database.db.$count(stickerRating, eq(stickerRating.stickerId, stickerId))).toBe(0);
  });

  it('refuses an unknown or hidden sticker', async () => {
    const { cookie } = await signedInMember(t);
    const hiddenId = await newSticker({
      name: 'Gone',
      price35gCents: 100,
      hidden: true,
    });
    expect((await rate(cookie, 'no-such-sticker', { smell: 3, taste: 3, high: 3 })).status).toBe(404);
    expect((await rate(cookie, hiddenId, { smell: 3, taste: 3, high: 3 })).status).toBe(404);
  });

  it('stores a rating, awards 15 XP through the ledger, and averages the categories', async () => {
    const stickerId = await newSticker({
      name: 'Averaged',
      type: 'Hybrid',
      description: 'x',
      price35gCents: 100,
    });
    const alice = await signedInMember(t);
    const bob = await signedInMember(t);
    const first = await rate(alice.cookie, stickerId, { smell: 5, taste: 4, high: 3 });
    expect(first.status).toBe(201);
    expect(((await first.json()) as RateStickerResponse).xpAwarded).toBe(15);
    const second = (await (
      await rate(bob.cookie, stickerId, { smell: 2, taste: 2, high: 5 })
    ).json()) as RateStickerResponse;
    // smell 3.5, taste 3, high 4: overall is the mean of the three averages.
    expect(second.rating).toEqual({ count: 2, smell: 3.5, taste: 3, high: 4, overall: 3.5 });

    const [row] = await t.database.db.select({ xp: user.xp }).from(user).where(eq(user.id, alice.user.id));
    expect(row!.xp).toBe(15);
    const awards = await t.database.db
      .select()
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.userId, alice.user.id), eq(ledgerEntry.reason, 'rating')));
    expect(awards).toHaveLength(1);
    expect(awards[0]).toMatchObject({ deltaXp: 15, deltaCoins: 0 });
    const sticker = (await menuOf(alice.cookie)).stickers.find((s) => s.id === stickerId)!;
    expect(sticker.rating).toEqual({ count: 2, smell: 3.5, taste: 3, high: 4, overall: 3.5 });
  });

  it('allows one rating per member per 24 hours across the whole menu', async () => {
    const one = await newSticker({
      name: 'One',
      price35gCents: 100,
    });
    const two = await newSticker({
      name: 'Two',
      price35gCents: 100,
    });
    const { cookie, user: member } = await signedInMember(t);
    const status = async () =>
      (
        (await (
          await t.call('GET', '/api/shop/rating-status', undefined, as(cookie))
        ).json()) as RatingStatusResponse
      ).nextRatingAt;
    expect(await status()).toBeNull();
    expect((await rate(cookie, one, { smell: 3, taste: 3, high: 3 })).status).toBe(201);
    const ratedAt = t.clock.now().getTime();
    expect(await status()).toBe(new Date(ratedAt + 24 * HOUR_MS).toISOString());

    t.clock.advance(MINUTE_MS + 30_000);
    const refused = await rate(cookie, two, { smell: 3, taste: 3, high: 3 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: { code: 'ON_COOLDOWN', title: 'Already Rated', message: 'Rate again in 23h 59m left' },
    });

    t.clock.advance(24 * HOUR_MS);
    expect((await rate(cookie, two, { smell: 3, taste: 3, high: 3 })).status).toBe(201);
    expect(await status()).not.toBeNull();
    const ratings = await t.database.db.$count(stickerRating, eq(stickerRating.userId, member.id));
    expect(ratings).toBe(2);
  });

  it('awards what the economy settings say', async () => {
    const stickerId = await newSticker({
      name: 'Econ',
      price35gCents: 100,
    });
    const owner = await signedInWithRoles(t, ['Owner']);
    expect((await t.call('PUT', '/api/economy/settings', { ratingXp: 40 }, as(owner.cookie))).status).toBe(
      200,
    );
    const { cookie } = await signedInMember(t);
    const response = await rate(cookie, stickerId, { smell: 1, taste: 1, high: 1 });
    expect(((await response.json()) as RateStickerResponse).xpAwarded).toBe(40);
    await t.call('PUT', '/api/economy/settings', { ratingXp: 15 }, as(owner.cookie));
  });
});
