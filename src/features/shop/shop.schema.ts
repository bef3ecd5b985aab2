import { z } from 'zod';
import { formatUsPhone, usPhone } from '~/shared/phone';
import { isTimeZone } from '~/shared/time';
import { MAX_LINE_QUANTITY } from '~/features/shop/orders.constants';
import { ASK_AGAIN_DAYS, JOIN_MODES, type JoinMode } from '~/features/accounts/accounts.constants';
import {
  INCOMPLETE_RATING_MESSAGE,
  LOCATION_EMPTY,
  LOW_STOCK_THRESHOLD,
  MAX_STOCK,
  STICKER_SIZES,
  STICKER_TYPES,
  type StickerSize,
  type StickerType,
} from './shop.constants';
import { DAY_MINUTES, type DeliveryWindow } from './delivery-hours';

/** Averages of each category and the overall rating (the mean of the three averages, departure 4). */
export interface RatingSummary {
  count: number;
  smell: number | null;
  taste: number | null;
  high: number | null;
  overall: number | null;
}

export interface MenuSticker {
  id: string;
  name: string;
  type: StickerType;
  description: string;
  imageUrl: string;
  /** Price in cents per size; null when that size is not offered. */
  prices: Record<StickerSize, number | null>;
  /** What a member may order of each size (stock.service.ts). */
  availability: Record<StickerSize, SizeAvailability>;
  rating: RatingSummary;
}

/** A size as the menu shows it: the exact count only once it is low. */
export interface SizeAvailability {
  soldOut: boolean;
  /** "Only N left": the count, at or below the shop's low-stock threshold; null while there is more (or no count). */
  onlyLeft: number | null;
  /** The most one order may carry (MAX_LINE_QUANTITY when the catalogue sets none). */
  orderLimit: number;
  /** The most a member may order in a day, across orders; null for no limit. */
  dailyLimit: number | null;
}

export interface MenuResponse {
  stickers: MenuSticker[];
}

/**
 * What members see of the shop's settings: the name, the number to call after ordering, the delivery fee, and the
 * time zone its weeks start in (the leaderboard's This Week board).
 */
export interface ShopSettings {
  shopName: string;
  contactPhone: string;
  deliveryFeeCents: number;
  timeZone: string;
  /** Members sign in only once they have confirmed their e-mail (off: they may, with a banner until they do). */
  requireVerifiedEmail: boolean;
  /** How new members join: open, with a member's referral code, after a staff review, or both (JOIN_MODES). */
  joinMode: JoinMode;
  /** Under staff approval: days a declined member waits before asking again. */
  askAgainDays: number;
  /** Under staff approval: a pending member gives a photo of a government ID and a date of birth. */
  idCheck: boolean;
  /** Pickup orders: the member shows a 4-digit code at the counter; staff type it to mark the order Completed. */
  pickupCode: boolean;
  /** The menu says "Only N left" at this count or below, and catalogue staff are told when a size falls to it. */
  lowStockThreshold: number;
}

/**
 * A pickup location: `name` is its key, stored lowercase ('suitland md') and kept on orders; `displayName` is how
 * members read it, as the admin typed it ('Suitland MD').
 */
export interface PickupLocation {
  name: string;
  displayName: string;
}

export interface PickupLocationsResponse {
  locations: PickupLocation[];
}

const score = z
  .number(INCOMPLETE_RATING_MESSAGE)
  .int('Ratings are whole numbers from 1 to 5.')
  .min(1, 'Ratings go from 1 to 5.')
  .max(5, 'Ratings go from 1 to 5.');

export const rateStickerSchema = z.strictObject({ smell: score, taste: score, high: score });
export type RateStickerInput = z.input<typeof rateStickerSchema>;

export const stickerIdSchema = z.object({ stickerId: z.string().min(1).max(64) });

/** When the member may rate again; null when they may now. */
export interface RatingStatusResponse {
  nextRatingAt: string | null;
}

export interface RateStickerResponse extends RatingStatusResponse {
  rating: RatingSummary;
  xpAwarded: number;
}

// The admin side: the catalogue, pickup locations and the shop's settings.

/** A price in cents for each size; 0 means the size is not offered. */
const priceCents = z
  .number('Enter a price for every size (0 means the size is not offered).')
  .int('Prices are in whole cents.')
  .min(0, 'Prices cannot be negative.')
  .max(10_000_000, 'Prices can be at most $100,000.');

/** A size's limit: a whole number from 1 (per order: up to MAX_LINE_QUANTITY), or null for none. */
const limit = (what: string, max: number) =>
  z
    .number(`Enter the ${what} as a number, or leave it empty for no limit.`)
    .int(`The ${what} is a whole number.`)
    .min(1, `The ${what} is at least 1 (leave it empty for no limit).`)
    .max(max, `The ${what} can be at most ${max}.`)
    .nullable();
const perSize = <T extends z.ZodType>(value: T) =>
  z.strictObject({ '3.5g': value, oz: value, lb: value }).partial();

export const stickerFormSchema = z.strictObject({
  name: z
    .string('Name is required.')
    .trim()
    .min(1, 'Name is required.')
    .max(80, 'Keep the name under 80 characters.'),
  type: z.enum(STICKER_TYPES, 'Choose Indica, Sativa or Hybrid.'),
  description: z
    .string('Description is required.')
    .trim()
    .min(1, 'Description is required.')
    .max(1000, 'Keep the description under 1000 characters.'),
  prices: z.strictObject(
    { '3.5g': priceCents, oz: priceCents, lb: priceCents },
    'Enter a price for every size (0 means the size is not offered).',
  ),
  /** Left out (or a size left out): stays as it is; null is no limit. */
  orderLimits: perSize(limit('limit per order', MAX_LINE_QUANTITY)).optional(),
  dailyLimits: perSize(limit('limit per member per day', MAX_STOCK)).optional(),
});
export type StickerFormInput = z.input<typeof stickerFormSchema>;

export const updateStickerSchema = stickerFormSchema.partial().extend({ hidden: z.boolean().optional() });
export type UpdateStickerInput = z.input<typeof updateStickerSchema>;

/** A sticker as the Catalog tab sees it: hidden ones too, with each size's count and limits as set. */
export interface CatalogSticker extends MenuSticker {
  hidden: boolean;
  /** The count of each size; null for unlimited. */
  stock: Record<StickerSize, number | null>;
  orderLimits: Record<StickerSize, number | null>;
  dailyLimits: Record<StickerSize, number | null>;
}

const stockCount = z
  .number('Enter the count as a number, or leave it empty for unlimited.')
  .int('The count is a whole number.')
  .min(0, 'The count cannot be negative.')
  .max(MAX_STOCK, `The count can be at most ${MAX_STOCK.toLocaleString('en-US')}.`)
  .nullable();
const stockSize = z.enum(STICKER_SIZES, 'Choose a size: 3.5g, oz or lb.');

/** A new count for a size, against the count the staff member saw: if it moved meanwhile, 409 "Stock changed". */
export const setStockSchema = z.strictObject({
  size: stockSize,
  count: stockCount,
  /** The count the form showed (null: unlimited). */
  expected: z.number().int().min(0).nullable(),
});
export type SetStockInput = z.input<typeof setStockSchema>;

/** Received or taken away: the count moves by this much, whatever it is now; never below 0. */
export const adjustStockSchema = z.strictObject({
  size: stockSize,
  by: z
    .number('Enter how many to add or take away.')
    .int('Enter a whole number.')
    .min(-MAX_STOCK, `Take away at most ${MAX_STOCK.toLocaleString('en-US')}.`)
    .max(MAX_STOCK, `Add at most ${MAX_STOCK.toLocaleString('en-US')}.`)
    .refine((by) => by !== 0, 'Enter how many to add (or, with a minus, take away).'),
});
export type AdjustStockInput = z.input<typeof adjustStockSchema>;

export interface CatalogResponse {
  stickers: CatalogSticker[];
}

/** The name as the admin typed it (trimmed): shown to members; the lowercase of it is the location's key. */
export const addLocationSchema = z.strictObject({
  name: z
    .string(LOCATION_EMPTY)
    .trim()
    .min(1, LOCATION_EMPTY)
    .max(100, 'Keep the location name under 100 characters.'),
});

export const locationNameSchema = z.object({ name: z.string().min(1).max(100) });

export const updateShopSettingsSchema = z.strictObject({
  shopName: z
    .string()
    .trim()
    .min(1, 'Shop name is required.')
    .max(80, 'Keep the shop name under 80 characters.'),
  contactPhone: usPhone('Contact phone is required.').transform(formatUsPhone),
  deliveryFeeCents: z
    .number('Enter the delivery fee.')
    .int('The delivery fee is in whole cents.')
    .min(0, 'The delivery fee cannot be negative.')
    .max(100_000, 'The delivery fee can be at most $1,000.'),
  /** Left out: the time zone stays as it is. */
  timeZone: z
    .string()
    .trim()
    .max(64, 'Choose a time zone from the list.')
    .refine(isTimeZone, 'Choose a time zone from the list.')
    .optional(),
  /** Left out: stays as it is. Turning it on signs out members whose e-mail is not confirmed. */
  requireVerifiedEmail: z.boolean().optional(),
  /** Left out: stays as it is. Never changes accounts already made. */
  joinMode: z
    .enum(Object.keys(JOIN_MODES) as [JoinMode, ...JoinMode[]], 'Choose how members join.')
    .optional(),
  /** Left out: stays as it is. */
  askAgainDays: z
    .number('Enter the number of days.')
    .int('Enter a whole number of days.')
    .min(ASK_AGAIN_DAYS.min, `Enter at least ${ASK_AGAIN_DAYS.min} day.`)
    .max(ASK_AGAIN_DAYS.max, `Enter at most ${ASK_AGAIN_DAYS.max} days.`)
    .optional(),
  /** Left out: stays as it is. */
  idCheck: z.boolean().optional(),
  /** Left out: stays as it is. */
  pickupCode: z.boolean().optional(),
  /** Left out: stays as it is. */
  lowStockThreshold: z
    .number('Enter the low-stock count.')
    .int('Enter a whole number.')
    .min(LOW_STOCK_THRESHOLD.min, 'The low-stock count cannot be negative.')
    .max(LOW_STOCK_THRESHOLD.max, `The low-stock count can be at most ${LOW_STOCK_THRESHOLD.max}.`)
    .optional(),
});
export type UpdateShopSettingsInput = z.input<typeof updateShopSettingsSchema>;

/** The most ZIP codes one delivery area lists. */
export const MAX_AREA_ZIPS = 200;

/** ZIP codes as an admin pastes them: separated by commas, spaces or lines; each must be 5 digits. */
const zipList = z
  .string('List the ZIP codes this area covers.')
  .transform((text) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))])
  .superRefine((zips, ctx) => {
    const wrong = zips.find((zip) => !/^\d{5}$/.test(zip));
    if (wrong) ctx.addIssue({ code: 'custom', message: `“${wrong}” is not a 5-digit ZIP code.` });
    else if (zips.length === 0)
      ctx.addIssue({ code: 'custom', message: 'List the ZIP codes this area covers.' });
    else if (zips.length > MAX_AREA_ZIPS) {
      ctx.addIssue({ code: 'custom', message: `An area can list at most ${MAX_AREA_ZIPS} ZIP codes.` });
    }
  });

/** A delivery area as the Locations tab saves it (new or edited). */
export const deliveryAreaSchema = z.strictObject({
  name: z
    .string('Name the area.')
    .trim()
    .min(1, 'Name the area.')
    .max(60, 'Keep the area name under 60 characters.'),
  zips: zipList,
  feeCents: z
    .number('Enter the delivery fee.')
    .int('The delivery fee is in whole cents.')
    .min(0, 'The delivery fee cannot be negative.')
    .max(100_000, 'The delivery fee can be at most $1,000.'),
  minimumCents: z
    .number('Enter the minimum order.')
    .int('The minimum order is in whole cents.')
    .min(0, 'The minimum order cannot be negative.')
    .max(1_000_000, 'The minimum order can be at most $10,000.'),
});
export type DeliveryAreaInput = z.input<typeof deliveryAreaSchema>;

export const deliveryAreaIdSchema = z.object({ areaId: z.string().min(1).max(64) });

const minuteOfDay = z.number('Enter a time.').int('Enter a time.').min(0).max(DAY_MINUTES);

/** The week's delivery hours, replaced whole: a weekday left out is closed; none at all is always open. */
export const deliveryHoursSchema = z.strictObject({
  days: z
    .array(
      z
        .strictObject({
          weekday: z.number().int().min(1).max(7),
          opensAt: minuteOfDay,
          closesAt: minuteOfDay,
        })
        .refine((day) => day.opensAt < day.closesAt, {
          message: 'Each day must close after it opens.',
          path: ['closesAt'],
        }),
      'Send the delivery hours as a list of days.',
    )
    .max(7)
    .refine(
      (days) => new Set(days.map((day) => day.weekday)).size === days.length,
      'Each weekday only once.',
    ),
});
export type DeliveryHoursInput = z.input<typeof deliveryHoursSchema>;

/** A delivery area as staff see it: the ZIP codes it covers, in order, with its fee and minimum. */
export interface DeliveryArea {
  id: string;
  name: string;
  zips: string[];
  feeCents: number;
  minimumCents: number;
}

/** Where and when the shop delivers: its areas (none: anywhere, at the settings' fee) and its week's hours. */
export interface DeliveryRules {
  areas: DeliveryArea[];
  hours: DeliveryWindow[];
}

/** What checkout shows of the delivery rules: whether a ZIP is asked for, and the week's hours. */
export interface DeliveryTermsResponse {
  zipRequired: boolean;
  hours: DeliveryWindow[];
}
