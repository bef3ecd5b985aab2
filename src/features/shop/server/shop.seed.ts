import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '~/server/db/client';
import { pickupLocation, shopSettings, sticker } from '~/server/db/tables/shop.tables';
import type { StickerType } from '../shop.constants';
import { DEFAULT_SHOP_SETTINGS } from './shop.service';

/** The spec's default pickup locations (section 3), as members read them; each is keyed by its lowercase. */
export const DEFAULT_PICKUP_LOCATIONS = [
  'Van Ness',
  'Columbia Heights',
  'Suitland MD',
  'Eastover Shopping Center',
  'North Capital',
];

/** A size's count and limits (sticker-sizes.ts): unlimited when left out. */
type SizeRules = Partial<
  Pick<typeof sticker.$inferInsert, `${'stock' | 'orderLimit' | 'dailyLimit'}${'35g' | 'Oz' | 'Lb'}`>
>;

export interface NewSticker extends SizeRules {
  /** Generated when omitted. */
  id?: string;
  name: string;
  type: StickerType;
  description: string;
  imageUrl?: string;
  price35gCents?: number;
  priceOzCents?: number;
  priceLbCents?: number;
  hidden?: boolean;
}

/** A sticker row; the seed and the tests build them the same way. */
export async function insertSticker(tx: Executor, input: NewSticker, now = new Date()): Promise<string> {
  const id = input.id ?? `sticker-${randomUUID().slice(0, 8)}`;
  await tx.insert(sticker).values({
    imageUrl: '',
    price35gCents: 0,
    priceOzCents: 0,
    priceLbCents: 0,
    hidden: false,
    ...input,
    id,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** The demo menu: three stickers, every size priced, with artwork bundled with the app. */
const DEMO_STICKERS: NewSticker[] = [
  {
    name: 'Velvet Nebula',
    type: 'Indica',
    description: 'Deep purple swirls on a midnight field. A slow, heavy sticker for quiet evenings in.',
    imageUrl: '/stickers/velvet-nebula.svg',
    price35gCents: 4500,
    priceOzCents: 25000,
    priceLbCents: 180000,
  },
  {
    name: 'Citrus Comet',
    type: 'Sativa',
    description: 'A bright orange streak with a lemon-zest tail. Loud colours for a busy afternoon.',
    imageUrl: '/stickers/citrus-comet.svg',
    price35gCents: 5000,
    priceOzCents: 28000,
    priceLbCents: 200000,
  },
  {
    name: 'Midnight Orchard',
    type: 'Hybrid',
    description: 'Green leaves and gold fruit under a crescent moon. Balanced, easy, a crowd favourite.',
    imageUrl: '/stickers/midnight-orchard.svg',
    price35gCents: 4000,
    priceOzCents: 22000,
    priceLbCents: 160000,
  },
];

/** The shop's part of the first-run seed: stickers, pickup locations, settings. */
export async function seedShop(tx: Executor, now: Date): Promise<void> {
  for (const demo of DEMO_STICKERS) await insertSticker(tx, demo, now);
  await tx
    .insert(pickupLocation)
    .values(
      DEFAULT_PICKUP_LOCATIONS.map((displayName) => ({
        name: displayName.toLowerCase(),
        displayName,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(shopSettings)
    .values({ id: 1, ...DEFAULT_SHOP_SETTINGS, updatedAt: now })
    .onConflictDoNothing();
}

/**
 * For tests: the seeded shop (demo stickers, locations, settings) plus one sticker of the test's own, priced
 * $45 for 3.5g unless the test says otherwise. Returns that sticker's id.
 */
export async function seedShopWithSticker(
  db: Executor & { transaction: Db['transaction'] },
  now: Date,
  input: Partial<NewSticker> & { name: string },
): Promise<string> {
  await db.transaction((tx) => seedShop(tx, now));
  return insertSticker(db, { type: 'Indica', description: 'x', price35gCents: 4500, ...input }, now);
}
