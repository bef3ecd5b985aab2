import type { Executor } from '~/server/db/client';
import { promoCode } from '~/server/db/tables/loyalty.tables';

/** The demo shop's promo code: 10% off a member's first order, so checkout's Promo code field has one to try. */
export async function seedPromoCodes(tx: Executor, now: Date): Promise<void> {
  await tx
    .insert(promoCode)
    .values({
      id: 'promo-demo-welcome',
      code: 'WELCOME10',
      kind: 'percent',
      percentOff: 10,
      firstOrderOnly: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
