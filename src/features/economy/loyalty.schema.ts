import { z } from 'zod';
import {
  MAX_LEVEL_PERKS,
  normalizePromoCode,
  PERK_MAX_LEVEL,
  PERK_MAX_PERCENT,
  PROMO_CODE_MAX_LENGTH,
  PROMO_KINDS,
  type PromoKind,
} from './loyalty.constants';

/**
 * Loyalty beyond the spec (decision 042): promo codes the Economy tab runs and checkout applies, and level perks
 * (a percentage off sticker lines from a level on). The shop's quote prices both (quote.service.ts).
 */

const day = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${what} as a date.`)
    .nullable()
    .default(null);

/**
 * A promo code as the Economy tab creates and edits it. Every limit is optional: a minimum order (on the sticker
 * subtotal, before discounts), the first and last day it works (in the shop's time zone, both included), how many
 * orders may use it in all, once per member, first order only.
 */
export const promoCodeFormSchema = z
  .strictObject({
    code: z
      .string('Enter the code members type.')
      .transform(normalizePromoCode)
      .pipe(z.string().min(1, 'Enter the code members type.'))
      .pipe(
        z
          .string()
          .min(3, 'A code needs at least 3 letters or digits.')
          .max(PROMO_CODE_MAX_LENGTH, `Keep the code to ${PROMO_CODE_MAX_LENGTH} characters.`)
          .regex(/^[A-Z0-9-]+$/, 'Use only letters, digits and dashes in a code.'),
      ),
    kind: z.enum(PROMO_KINDS, 'Choose a percentage or an amount off.'),
    /** For `percent`: 1-100. */
    percentOff: z
      .number('Enter the percentage off.')
      .int('The percentage off is a whole number.')
      .min(1, 'Take at least 1% off.')
      .max(100, 'Take at most 100% off.')
      .nullable()
      .default(null),
    /** For `amount`: cents off the sticker total. */
    amountOffCents: z
      .number('Enter the amount off.')
      .int('The amount off is in whole cents.')
      .min(1, 'Take at least $0.01 off.')
      .max(10_000_00, 'Take at most $10,000 off.')
      .nullable()
      .default(null),
    minOrderCents: z
      .number('Enter the minimum order.')
      .int('The minimum order is in whole cents.')
      .min(1, 'Leave the minimum empty for none.')
      .max(100_000_00, 'Keep the minimum under $100,000.')
      .nullable()
      .default(null),
    startsOn: day('first day'),
    endsOn: day('last day'),
    maxUses: z
      .number('Enter how many orders may use it in all.')
      .int('Enter how many orders may use it in all, as a whole number.')
      .min(1, 'Allow at least 1 use, or leave it empty for no limit.')
      .max(1_000_000, 'Allow at most 1,000,000 uses, or leave it empty for no limit.')
      .nullable()
      .default(null),
    oncePerMember: z.boolean().default(false),
    firstOrderOnly: z.boolean().default(false),
  })
  .superRefine((form, ctx) => {
    if (form.kind === 'percent' && form.percentOff === null) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Enter the percentage off.' });
    }
    if (form.kind === 'amount' && form.amountOffCents === null) {
      ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'Enter the amount off.' });
    }
    if (form.startsOn && form.endsOn && form.endsOn < form.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The last day comes before the first.' });
    }
  });
export type PromoCodeFormInput = z.input<typeof promoCodeFormSchema>;
export type PromoCodeFormValues = z.output<typeof promoCodeFormSchema>;

/** Pausing or resuming a code (PUT /api/admin/promo-codes/:id/paused). */
export const pausePromoCodeSchema = z.strictObject({
  paused: z.boolean('Say whether the code is paused.'),
});

export const promoCodeIdSchema = z.object({ promoCodeId: z.string().min(1).max(64) });

/** Where a code stands today: what members would meet typing it. */
export type PromoCodeState = 'active' | 'paused' | 'scheduled' | 'ended' | 'used-up';

export interface PromoCodeView {
  id: string;
  code: string;
  kind: PromoKind;
  percentOff: number | null;
  amountOffCents: number | null;
  minOrderCents: number | null;
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  /** Orders that use it now (a cancelled order gives its use back). */
  uses: number;
  oncePerMember: boolean;
  firstOrderOnly: boolean;
  paused: boolean;
  state: PromoCodeState;
  /** Sticker money the code took off orders that were not cancelled. */
  discountCents: number;
  createdAt: string;
}

export interface PromoCodesResponse {
  codes: PromoCodeView[];
}

export interface PromoCodeResponse {
  code: PromoCodeView;
}

/** A level perk: from this level on, this percentage off sticker lines (the highest level reached applies). */
export const levelPerkSchema = z.strictObject({
  fromLevel: z
    .number('Enter the level the perk starts at.')
    .int('Levels are whole numbers.')
    .min(2, 'Start a perk at level 2 or later: everyone is level 1.')
    .max(PERK_MAX_LEVEL, `Start a perk at level ${PERK_MAX_LEVEL} at the latest.`),
  percentOff: z
    .number('Enter the percentage off.')
    .int('The percentage off is a whole number.')
    .min(1, 'Take at least 1% off.')
    .max(PERK_MAX_PERCENT, `Take at most ${PERK_MAX_PERCENT}% off.`),
});
export type LevelPerk = z.output<typeof levelPerkSchema>;

/** The whole perk table at once (the Economy tab saves it as one list). */
export const levelPerksSchema = z
  .strictObject({
    perks: z.array(levelPerkSchema).max(MAX_LEVEL_PERKS, `Keep the table to ${MAX_LEVEL_PERKS} perks.`),
  })
  .superRefine(({ perks }, ctx) => {
    const levels = perks.map((perk) => perk.fromLevel);
    levels.forEach((level, index) => {
      if (levels.indexOf(level) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: ['perks', index, 'fromLevel'],
          message: `Level ${level} has two perks: keep one.`,
        });
      }
    });
    // Climbing a level never lowers a member's discount: a higher level takes off more.
    perks.forEach((perk, index) => {
      const below = perks
        .filter((other) => other.fromLevel < perk.fromLevel)
        .sort((a, b) => b.fromLevel - a.fromLevel)[0];
      if (below && perk.percentOff <= below.percentOff) {
        ctx.addIssue({
          code: 'custom',
          path: ['perks', index, 'percentOff'],
          message: `Level ${below.fromLevel} already takes ${below.percentOff}% off: take more from level ${perk.fromLevel}.`,
        });
      }
    });
  });
export type LevelPerksInput = z.input<typeof levelPerksSchema>;

export interface LevelPerksResponse {
  /** Lowest level first. */
  perks: LevelPerk[];
}
