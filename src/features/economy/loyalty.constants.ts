/** Loyalty's texts and limits, without zod (the contract is loyalty.schema.ts; decision 042). */

/** The one refusal for a code that does not apply for a reason the member cannot act on. */
export const PROMO_NOT_VALID = 'This code is not valid.';

export const PROMO_CODE_MAX_LENGTH = 24;

/** How codes are compared and stored: upper case, no spaces ("summer 10" and "SUMMER10" are one code). */
export function normalizePromoCode(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** The most perk rows the table holds: a perk per tier, not per level. */
export const MAX_LEVEL_PERKS = 10;

/** The last level with a title of its own (Coin King): perks start at most there. */
export const PERK_MAX_LEVEL = 100;

/** The largest level perk: a discount for loyalty, not a second price list. */
export const PERK_MAX_PERCENT = 50;
