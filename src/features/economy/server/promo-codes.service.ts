import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { dayIn, DEFAULT_TIME_ZONE } from '~/shared/time';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { isDatabaseError } from '~/server/db/errors';
import { promoCode, promoUse } from '~/server/db/tables/loyalty.tables';
import { shopSettings } from '~/server/db/tables/shop.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { PromoKind } from '../loyalty.constants';
import type { PromoCodeFormValues, PromoCodeState, PromoCodeView } from '../loyalty.schema';

/** Promo codes as the Economy tab runs them (manage:rewards): list, create, edit, pause. Pricing: promo-pricing.ts. */

export type PromoCodeRow = typeof promoCode.$inferSelect;

/** Where a code stands on a day (YYYY-MM-DD in the shop's time zone): what a member typing it meets. */
export function promoStateOn(row: PromoCodeRow, today: string): PromoCodeState {
  if (row.paused) return 'paused';
  if (row.startsOn && today < row.startsOn) return 'scheduled';
  if (row.endsOn && today > row.endsOn) return 'ended';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used-up';
  return 'active';
}

/** The shop's calendar day now: codes start and end by it. */
export async function shopToday(tx: Executor, at: Date): Promise<string> {
  const [row] = await tx.select({ timeZone: shopSettings.timeZone }).from(shopSettings).limit(1);
  return dayIn(at, row?.timeZone ?? DEFAULT_TIME_ZONE);
}

const toView = (row: PromoCodeRow, today: string, discountCents: number): PromoCodeView => ({
  id: row.id,
  code: row.code,
  kind: row.kind as PromoKind,
  percentOff: row.percentOff,
  amountOffCents: row.amountOffCents,
  minOrderCents: row.minOrderCents,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  maxUses: row.maxUses,
  uses: row.uses,
  oncePerMember: row.oncePerMember,
  firstOrderOnly: row.firstOrderOnly,
  paused: row.paused,
  state: promoStateOn(row, today),
  discountCents,
  createdAt: row.createdAt.toISOString(),
});

/** Every code, newest first, with what it took off orders that stand. */
export async function listPromoCodes({ db, now }: ServiceContext): Promise<PromoCodeView[]> {
  const discount = sql<number>`coalesce((select sum(${promoUse.discountCents}) from ${promoUse} where ${promoUse.promoCodeId} = ${promoCode.id}), 0)::int`;
  const rows = await db
    .select({ row: promoCode, discount })
    .from(promoCode)
    .orderBy(desc(promoCode.createdAt), desc(promoCode.id));
  const today = await shopToday(db, now);
  return rows.map(({ row, discount }) => toView(row, today, discount));
}

async function viewOf(tx: Executor, id: string, at: Date): Promise<PromoCodeView> {
  const [row] = await tx.select().from(promoCode).where(eq(promoCode.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'This promo code does not exist.');
  const [used] = await tx
    .select({ cents: sql<number>`coalesce(sum(${promoUse.discountCents}), 0)::int` })
    .from(promoUse)
    .where(eq(promoUse.promoCodeId, id));
  return toView(row, await shopToday(tx, at), used?.cents ?? 0);
}

/** The form's columns: the off amount that does not belong to the kind is dropped. */
const columnsOf = (form: PromoCodeFormValues) => ({
  code: form.code,
  kind: form.kind,
  percentOff: form.kind === 'percent' ? form.percentOff : null,
  amountOffCents: form.kind === 'amount' ? form.amountOffCents : null,
  minOrderCents: form.minOrderCents,
  startsOn: form.startsOn,
  endsOn: form.endsOn,
  maxUses: form.maxUses,
  oncePerMember: form.oncePerMember,
  firstOrderOnly: form.firstOrderOnly,
});

const taken = (code: string) =>
  new AppError('CONFLICT', `There is already a code ${code}. Choose another.`, {
    fields: { code: `There is already a code ${code}.` },
  });

/** Checkouts re-price (a paused or edited code) and the Economy tab refetches. */
const promosChanged = (tx: Executor) => publish(tx, 'economy.loyalty', {}, [{ kind: 'everyone' }]);

export async function createPromoCode(
  { db, now }: ServiceContext,
  actor: Actor,
  form: PromoCodeFormValues,
): Promise<PromoCodeView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promoCode)
      .values({
        id: `promo-${randomBytes(5).toString('hex')}`,
        ...columnsOf(form),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: promoCode.code })
      .returning();
    if (!row) throw taken(form.code);
    await writeAudit(tx, {
      eventType: 'PROMO_CODE_CREATED',
      actorId: actor.id,
      meta: { promoCodeId: row.id },
      at: now,
    });
    await promosChanged(tx);
    return toView(row, await shopToday(tx, now), 0);
  });
}

/**
 * Edits a code's form. A limit lowered below the uses it already has is refused; the orders that used it keep their
 * discount whatever the edit.
 */
export async function updatePromoCode(
  { db, now }: ServiceContext,
  actor: Actor,
  { promoCodeId, ...form }: { promoCodeId: string } & PromoCodeFormValues,
): Promise<PromoCodeView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promoCode).where(eq(promoCode.id, promoCodeId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', 'This promo code does not exist.');
    if (form.maxUses !== null && form.maxUses < before.uses) {
      throw new AppError(
        'BAD_REQUEST',
        `${before.uses} orders already use this code: allow at least ${before.uses}.`,
        {
          fields: { maxUses: `Allow at least ${before.uses}: that many orders already use it.` },
        },
      );
    }
    const columns = columnsOf(form);
    const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter(
      (key) => columns[key] !== before[key],
    );
    if (changed.length === 0) return viewOf(tx, promoCodeId, now);
    const [clash] = await tx
      .select({ id: promoCode.id })
      .from(promoCode)
      .where(and(eq(promoCode.code, form.code), sql`${promoCode.id} <> ${promoCodeId}`));
    if (clash) throw taken(form.code);
    // The unique index settles two edits racing to one code.
    await tx
      .update(promoCode)
      .set({ ...columns, updatedAt: now })
      .where(eq(promoCode.id, promoCodeId))
      .catch((error: unknown) => {
        throw isDatabaseError(error, 'uniqueViolation') ? taken(form.code) : error;
      });
    await writeAudit(tx, {
      eventType: 'PROMO_CODE_UPDATED',
      actorId: actor.id,
      meta: { promoCodeId, changed },
      at: now,
    });
    await promosChanged(tx);
    return viewOf(tx, promoCodeId, now);
  });
}

/** Pauses or resumes a code: members typing a paused code read "This code is not valid." */
export async function setPromoCodePaused(
  { db, now }: ServiceContext,
  actor: Actor,
  { promoCodeId, paused }: { promoCodeId: string; paused: boolean },
): Promise<PromoCodeView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(promoCode)
      .set({ paused, updatedAt: now })
      .where(and(eq(promoCode.id, promoCodeId), eq(promoCode.paused, !paused)))
      .returning({ id: promoCode.id });
    if (row) {
      await writeAudit(tx, {
        eventType: paused ? 'PROMO_CODE_PAUSED' : 'PROMO_CODE_RESUMED',
        actorId: actor.id,
        meta: { promoCodeId },
        at: now,
      });
      await promosChanged(tx);
    }
    return viewOf(tx, promoCodeId, now);
  });
}
