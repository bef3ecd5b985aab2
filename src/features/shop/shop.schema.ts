import { z } from 'zod';
import { formatUsPhone, usPhone } from '~/shared/phone';
import { isTimeZone } from '~/shared/time';
import { ASK_AGAIN_DAYS, JOIN_MODES, type JoinMode } from '~/features/accounts/accounts.constants';
import {
  INCOMPLETE_RATING_MESSAGE,
  LOCATION_EMPTY,
  STICKER_TYPES,
  type StickerSize,
  type StickerType,
} from './shop.constants';

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
  rating: RatingSummary;
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
});
export type StickerFormInput = z.input<typeof stickerFormSchema>;

export const updateStickerSchema = stickerFormSchema.partial().extend({ hidden: z.boolean().optional() });
export type UpdateStickerInput = z.input<typeof updateStickerSchema>;

/** A sticker as the Catalog tab sees it: hidden ones too. */
export interface CatalogSticker extends MenuSticker {
  hidden: boolean;
}

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
});
export type UpdateShopSettingsInput = z.input<typeof updateShopSettingsSchema>;
