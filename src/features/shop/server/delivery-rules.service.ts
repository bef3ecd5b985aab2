import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { formatCents } from '~/shared/money';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { isDatabaseError } from '~/server/db/errors';
import { deliveryArea, deliveryAreaZip, deliveryHours } from '~/server/db/tables/shop.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import { deliveryClosedText, deliveryOpening, WEEKDAYS } from '../delivery-hours';

const ALL_WEEKDAYS = WEEKDAYS.map((day) => day.weekday);
import type { DeliveryArea, DeliveryRules, DeliveryTermsResponse, ShopSettings } from '../shop.schema';

/** Where and when the shop delivers: every area with its ZIP codes (by name), and the week's hours. */
export async function readDeliveryRules(db: Executor): Promise<DeliveryRules> {
  const [areas, zips, hours] = await Promise.all([
    db.select().from(deliveryArea).orderBy(asc(deliveryArea.name)),
    db.select().from(deliveryAreaZip).orderBy(asc(deliveryAreaZip.zip)),
    db.select().from(deliveryHours).orderBy(asc(deliveryHours.weekday)),
  ]);
  return {
    areas: areas.map((area): DeliveryArea => ({
      id: area.id,
      name: area.name,
      zips: zips.filter((zip) => zip.areaId === area.id).map((zip) => zip.zip),
      feeCents: area.feeCents,
      minimumCents: area.minimumCents,
    })),
    hours,
  };
}

/** GET /api/admin/delivery-rules: the Locations tab's areas and hours. */
export async function listDeliveryRules({ db }: ServiceContext): Promise<DeliveryRules> {
  return readDeliveryRules(db);
}

/** GET /api/shop/delivery: what checkout shows, whether it asks for a ZIP and the week's hours. */
export async function deliveryTerms({ db }: ServiceContext): Promise<DeliveryTermsResponse> {
  const [areas, hours] = await Promise.all([
    db.$count(deliveryArea),
    db.select().from(deliveryHours).orderBy(asc(deliveryHours.weekday)),
  ]);
  return { zipRequired: areas > 0, hours };
}

/** A Delivery order's terms: the fee of its area, the minimum its stickers must reach, and why it cannot go. */
export interface DeliveryQuote {
  feeCents: number;
  /** Null when the shop has no areas (it delivers anywhere at the settings' fee) or the ZIP is in none. */
  area: { name: string; minimumCents: number } | null;
  zipRequired: boolean;
  problem: string | null;
}

const ZIP_NEEDED = 'Enter the 5-digit ZIP code of your delivery address.';

/**
 * The terms of delivering to `zip` at `at`: outside the hours, the next opening; with areas, the ZIP must be in one
 * (else Pickup is offered) and the stickers must reach its minimum (a reward-only order has none to reach).
 */
export async function quoteDelivery(
  tx: Executor,
  {
    zip,
    stickerSubtotalCents,
    rewardOnly,
  }: { zip: string; stickerSubtotalCents: number; rewardOnly: boolean },
  { at, settings }: { at: Date; settings: ShopSettings },
): Promise<DeliveryQuote> {
  const [hours, areas] = await Promise.all([
    tx.select().from(deliveryHours),
    tx.select({ id: deliveryArea.id }).from(deliveryArea).limit(1),
  ]);
  const zipRequired = areas.length > 0;
  const opening = deliveryOpening(hours, at, settings.timeZone);
  const closed = opening.open ? null : deliveryClosedText(opening.next);
  if (!zipRequired) return { feeCents: settings.deliveryFeeCents, area: null, zipRequired, problem: closed };

  const [area] = /^\d{5}$/.test(zip)
    ? await tx
        .select({
          name: deliveryArea.name,
          feeCents: deliveryArea.feeCents,
          minimumCents: deliveryArea.minimumCents,
        })
        .from(deliveryAreaZip)
        .innerJoin(deliveryArea, eq(deliveryArea.id, deliveryAreaZip.areaId))
        .where(eq(deliveryAreaZip.zip, zip))
    : [];
  if (!area) {
    const problem = /^\d{5}$/.test(zip)
      ? `We don’t deliver to ${zip}. Choose Pickup to collect your order from one of our locations.`
      : ZIP_NEEDED;
    return { feeCents: 0, area: null, zipRequired, problem: closed ?? problem };
  }
  const short = rewardOnly ? 0 : area.minimumCents - stickerSubtotalCents;
  const problem =
    closed ??
    (short > 0
      ? `Delivery to ${area.name} needs an order of at least ${formatCents(area.minimumCents)}: add ${formatCents(short)} more, or choose Pickup.`
      : null);
  return {
    feeCents: area.feeCents,
    area: { name: area.name, minimumCents: area.minimumCents },
    zipRequired,
    problem,
  };
}

type AreaValues = { name: string; zips: string[]; feeCents: number; minimumCents: number };

/** The ZIP codes of `zips` another area already covers, refused naming the first. */
async function claimZips(tx: Executor, areaId: string, zips: readonly string[]): Promise<void> {
  await tx.delete(deliveryAreaZip).where(eq(deliveryAreaZip.areaId, areaId));
  const claimed = await tx
    .insert(deliveryAreaZip)
    .values(zips.map((zip) => ({ zip, areaId })))
    .onConflictDoNothing()
    .returning({ zip: deliveryAreaZip.zip });
  if (claimed.length === zips.length) return;
  const taken = zips.find((zip) => !claimed.some((row) => row.zip === zip))!;
  const [owner] = await tx
    .select({ name: deliveryArea.name })
    .from(deliveryAreaZip)
    .innerJoin(deliveryArea, eq(deliveryArea.id, deliveryAreaZip.areaId))
    .where(eq(deliveryAreaZip.zip, taken));
  const message = `${taken} is already in the area “${owner?.name ?? 'another area'}”. Remove it there first.`;
  throw new AppError('ALREADY_EXISTS', message, { fields: { zips: message } });
}

const nameTaken = (name: string) => {
  const message = `There is already an area named “${name}”.`;
  return new AppError('ALREADY_EXISTS', message, { fields: { name: message } });
};

/** Adds a delivery area; its ZIP codes must be in no other area. */
export async function createDeliveryArea(
  { db, now }: ServiceContext,
  actor: Actor,
  input: AreaValues,
): Promise<DeliveryRules> {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const [created] = await tx
      .insert(deliveryArea)
      .values({
        id,
        name: input.name,
        feeCents: input.feeCents,
        minimumCents: input.minimumCents,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: deliveryArea.id });
    if (!created) throw nameTaken(input.name);
    await claimZips(tx, id, input.zips);
    return rulesChanged(tx, {
      eventType: 'DELIVERY_AREA_SAVED',
      actorId: actor.id,
      meta: { areaId: id, name: input.name, created: true },
      at: now,
    });
  });
}

/** Edits a delivery area: its name, ZIP codes (replaced whole), fee and minimum. */
export async function updateDeliveryArea(
  { db, now }: ServiceContext,
  actor: Actor,
  { areaId, ...input }: AreaValues & { areaId: string },
): Promise<DeliveryRules> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(deliveryArea).where(eq(deliveryArea.id, areaId)).for('update');
    if (!existing) throw new AppError('NOT_FOUND', 'This delivery area does not exist.');
    await tx
      .update(deliveryArea)
      .set({ name: input.name, feeCents: input.feeCents, minimumCents: input.minimumCents, updatedAt: now })
      .where(eq(deliveryArea.id, areaId))
      .catch((error: unknown) => {
        throw isDatabaseError(error, 'uniqueViolation') ? nameTaken(input.name) : error;
      });
    await claimZips(tx, areaId, input.zips);
    return rulesChanged(tx, {
      eventType: 'DELIVERY_AREA_SAVED',
      actorId: actor.id,
      meta: { areaId, name: input.name, created: false },
      at: now,
    });
  });
}

/** Removes a delivery area; orders placed for it keep its name. With the last one gone, the shop delivers anywhere. */
export async function removeDeliveryArea(
  { db, now }: ServiceContext,
  actor: Actor,
  { areaId }: { areaId: string },
): Promise<DeliveryRules> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(deliveryArea)
      .where(eq(deliveryArea.id, areaId))
      .returning({ name: deliveryArea.name });
    if (!removed) throw new AppError('NOT_FOUND', 'This delivery area does not exist.');
    return rulesChanged(tx, {
      eventType: 'DELIVERY_AREA_REMOVED',
      actorId: actor.id,
      meta: { areaId, name: removed.name },
      at: now,
    });
  });
}

/** Replaces the week's delivery hours: a weekday left out is closed; none at all is always open. */
export async function setDeliveryHours(
  { db, now }: ServiceContext,
  actor: Actor,
  { days }: { days: { weekday: number; opensAt: number; closesAt: number }[] },
): Promise<DeliveryRules> {
  return db.transaction(async (tx) => {
    // Every weekday's row goes; the days sent replace them.
    await tx.delete(deliveryHours).where(inArray(deliveryHours.weekday, ALL_WEEKDAYS));
    if (days.length) await tx.insert(deliveryHours).values(days);
    return rulesChanged(tx, {
      eventType: 'DELIVERY_HOURS_SET',
      actorId: actor.id,
      meta: { days: days.map((day) => ({ ...day })) },
      at: now,
    });
  });
}

/** An area or the hours changed: audited, every checkout and cart refetches its terms, and the tab its rules. */
async function rulesChanged(tx: Executor, entry: Parameters<typeof writeAudit>[1]): Promise<DeliveryRules> {
  await writeAudit(tx, entry);
  await publish(tx, 'shop.locations', {}, [{ kind: 'everyone' }]);
  return readDeliveryRules(tx);
}
