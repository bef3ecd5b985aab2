import { randomBytes } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import type { JoinMode } from '~/features/accounts/accounts.constants';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { session, user } from '~/server/db/tables/auth.tables';
import { pickupLocation, shopSettings, sticker } from '~/server/db/tables/shop.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import { deleteUploadedFile, storeImage } from '~/server/uploads/stored-files';
import type { CatalogSticker, RatingSummary, ShopSettings, UpdateShopSettingsInput } from '../shop.schema';
import { limitColumns, stockFieldsOf } from './sticker-sizes';
import { LOCATION_EXISTS, type StickerSize } from '../shop.constants';
import {
  menuChanged,
  ratingSummaries,
  readShopSettings,
  toMenuSticker,
  type StickerRef,
  type StickerRow,
} from './shop.service';
import { endUserStreams } from '~/server/events';

type Prices = Record<StickerSize, number>;
const priceColumns = (prices: Prices) => ({
  price35gCents: prices['3.5g'],
  priceOzCents: prices.oz,
  priceLbCents: prices.lb,
});

/** A sticker as the Catalog tab shows it: the menu's view, hidden or not, with each size's count and limits. */
export function toCatalogSticker(
  row: StickerRow,
  rating: RatingSummary | undefined,
  lowStockThreshold: number,
): CatalogSticker {
  return { ...toMenuSticker(row, rating, lowStockThreshold), hidden: row.hidden, ...stockFieldsOf(row) };
}

/** One sticker as the Catalog tab shows it, read after an edit. */
export async function catalogStickerOf(db: Executor, row: StickerRow): Promise<CatalogSticker> {
  const [ratings, settings] = await Promise.all([ratingSummaries(db, row.id), readShopSettings(db)]);
  return toCatalogSticker(row, ratings.get(row.id), settings.lowStockThreshold);
}

/** What a catalog edit may change. */
type StickerChanges = {
  name?: string;
  type?: string;
  description?: string;
  prices?: Prices;
  hidden?: boolean;
} & Limits;
type Limits = Parameters<typeof limitColumns>[0];

/** Every sticker, hidden ones too, for the Catalog tab. */
export async function listCatalog({ db }: ServiceContext): Promise<CatalogSticker[]> {
  const [rows, ratings, settings] = await Promise.all([
    db.select().from(sticker).orderBy(asc(sticker.name), asc(sticker.id)),
    ratingSummaries(db),
    readShopSettings(db),
  ]);
  return rows.map((row) => toCatalogSticker(row, ratings.get(row.id), settings.lowStockThreshold));
}

export async function createSticker(
  { db, now }: ServiceContext,
  actor: Actor,
  input: { name: string; type: string; description: string; prices: Prices } & Limits,
): Promise<CatalogSticker> {
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sticker)
      .values({
        id: `sticker-${randomBytes(4).toString('hex')}`,
        name: input.name,
        type: input.type,
        description: input.description,
        ...priceColumns(input.prices),
        ...limitColumns(input),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writeAudit(tx, {
      eventType: 'STICKER_CREATED',
      actorId,
      meta: { stickerId: row!.id },
      at: now,
    });
    await menuChanged(tx);
    return catalogStickerOf(tx, row!);
  });
}

/** Edits a sticker or hides / shows it; past orders keep their own copy of name and price. */
export async function updateSticker(
  { db, now }: ServiceContext,
  actor: Actor,
  { stickerId, ...input }: StickerRef & StickerChanges,
): Promise<CatalogSticker> {
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    const { prices, orderLimits, dailyLimits, ...fields } = input;
    const [row] = await tx
      .update(sticker)
      .set({
        ...fields,
        ...(prices ? priceColumns(prices) : {}),
        ...limitColumns({ orderLimits, dailyLimits }),
        updatedAt: now,
      })
      .where(eq(sticker.id, stickerId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'This sticker does not exist.');
    const eventType =
      input.hidden === true ? 'STICKER_HIDDEN' : input.hidden === false ? 'STICKER_SHOWN' : 'STICKER_UPDATED';
    await writeAudit(tx, {
      eventType,
      actorId,
      meta: { stickerId, changed: Object.keys(input) },
      at: now,
    });
    await menuChanged(tx);
    return catalogStickerOf(tx, row);
  });
}

/**
 * A new picture for a sticker, through the uploads pipeline (type from content, re-encoded, metadata gone). The
 * route's upload() has counted it against the member's upload rate limit.
 */
export async function replaceStickerImage(
  ctx: ServiceContext,
  actor: Actor,
  { stickerId, bytes }: StickerRef & { bytes: Buffer },
): Promise<CatalogSticker> {
  const { db, now } = ctx;
  const [existing] = await db.select().from(sticker).where(eq(sticker.id, stickerId));
  if (!existing) throw new AppError('NOT_FOUND', 'This sticker does not exist.');
  const image = await storeImage(ctx, bytes, 800);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(sticker)
      .set({ imageUrl: image.url, updatedAt: now })
      .where(eq(sticker.id, stickerId))
      .returning();
    await writeAudit(tx, {
      eventType: 'STICKER_UPDATED',
      actorId: actor.id,
      meta: { stickerId, changed: ['image'] },
      at: now,
    });
    await menuChanged(tx);
    return catalogStickerOf(tx, row!);
  });
  await deleteUploadedFile(ctx.storage, existing.imageUrl);
  return updated;
}

/**
 * Adds a pickup location: shown as typed (trimmed), keyed by its lowercase, so the same name in other letters is a
 * duplicate.
 */
export async function addPickupLocation(
  { db, now }: ServiceContext,
  actor: Actor,
  input: { name: string },
): Promise<void> {
  const actorId = actor.id;
  const displayName = input.name.trim();
  const name = displayName.toLowerCase();
  await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(pickupLocation)
      .values({ name, displayName, createdAt: now })
      .onConflictDoNothing()
      .returning({ name: pickupLocation.name });
    if (!added) throw new AppError('ALREADY_EXISTS', LOCATION_EXISTS, { fields: { name: LOCATION_EXISTS } });
    await locationsChanged(tx, { eventType: 'PICKUP_LOCATION_ADDED', actorId, meta: { name }, at: now });
  });
}

/** Removes a pickup location; orders placed for it keep its name. */
export async function removePickupLocation(
  { db, now }: ServiceContext,
  actor: Actor,
  { name }: { name: string },
): Promise<void> {
  const actorId = actor.id;
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(pickupLocation)
      .where(eq(pickupLocation.name, name.trim().toLowerCase()))
      .returning({ name: pickupLocation.name });
    if (!removed) throw new AppError('NOT_FOUND', 'This pickup location does not exist.');
    await locationsChanged(tx, {
      eventType: 'PICKUP_LOCATION_REMOVED',
      actorId,
      meta: { name: removed.name },
      at: now,
    });
  });
}

/** A location added or removed: audited, and every checkout refetches the list. */
async function locationsChanged(tx: Executor, entry: Parameters<typeof writeAudit>[1]): Promise<void> {
  await writeAudit(tx, entry);
  await publish(tx, 'shop.locations', {}, [{ kind: 'everyone' }]);
}

export async function updateShopSettings(
  { db, now }: ServiceContext,
  actor: Actor,
  input: Required<
    Omit<
      UpdateShopSettingsInput,
      | 'contactPhone'
      | 'timeZone'
      | 'requireVerifiedEmail'
      | 'joinMode'
      | 'askAgainDays'
      | 'idCheck'
      | 'pickupCode'
      | 'lowStockThreshold'
    >
  > & {
    contactPhone: string;
    timeZone?: string | undefined;
    requireVerifiedEmail?: boolean | undefined;
    joinMode?: JoinMode | undefined;
    askAgainDays?: number | undefined;
    idCheck?: boolean | undefined;
    pickupCode?: boolean | undefined;
    lowStockThreshold?: number | undefined;
  },
): Promise<ShopSettings> {
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    const before = await readShopSettings(tx);
    const values = {
      shopName: input.shopName,
      contactPhone: input.contactPhone,
      deliveryFeeCents: input.deliveryFeeCents,
      timeZone: input.timeZone ?? before.timeZone,
      requireVerifiedEmail: input.requireVerifiedEmail ?? before.requireVerifiedEmail,
      joinMode: input.joinMode ?? before.joinMode,
      askAgainDays: input.askAgainDays ?? before.askAgainDays,
      idCheck: input.idCheck ?? before.idCheck,
      pickupCode: input.pickupCode ?? before.pickupCode,
      lowStockThreshold: input.lowStockThreshold ?? before.lowStockThreshold,
    };
    await tx
      .insert(shopSettings)
      .values({ id: 1, ...values, updatedAt: now, updatedBy: actorId })
      .onConflictDoUpdate({
        target: shopSettings.id,
        set: { ...values, updatedAt: now, updatedBy: actorId },
      });
    if (values.requireVerifiedEmail && !before.requireVerifiedEmail) {
      // From now on only confirmed e-mails sign in: those signed in without one are signed out now, their live
      // streams too.
      const ended = await tx
        .delete(session)
        .where(
          inArray(session.userId, tx.select({ id: user.id }).from(user).where(eq(user.emailVerified, false))),
        )
        .returning({ id: session.id, userId: session.userId });
      const byMember = new Map<string, string[]>();
      for (const row of ended) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row.id]);
      for (const [userId, sessionIds] of byMember) await endUserStreams(tx, userId, sessionIds);
    }
    await writeAudit(tx, {
      eventType: 'SHOP_SETTINGS_CHANGED',
      actorId,
      meta: { before, after: values },
      at: now,
    });
    await publish(tx, 'shop.settings', {}, [{ kind: 'everyone' }]);
    return values;
  });
}
