import { z } from 'zod';
import { formatUsPhone, usPhone } from '~/shared/phone';
import { isTimeZone, timeLeftText } from '~/shared/time';

/** The menu's sizes (spec section 9), their tabs' labels, and the sticker types. */
export const STICKER_SIZES = ['3.5g', 'oz', 'lb'] as const;
export type StickerSize = (typeof STICKER_SIZES)[number];

export const SIZE_LABELS: Record<StickerSize, string> = {
  '3.5g': '3.5g Sticker',
  oz: 'OZ Sticker',
  lb: 'P Sticker',
};

export const STICKER_TYPES = ['Indica', 'Sativa', 'Hybrid'] as const;
export type StickerType = (typeof STICKER_TYPES)[number];

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

/** An order's location when it is no longer on the list: its stored name, each word capitalised ('Suitland Md'). */
export const pickupLocationLabel = (location: string) =>
  location.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

/** How an order's pickup location reads: its display name while it is on the list, else `pickupLocationLabel`. */
export const pickupLocationName = (locations: readonly PickupLocation[] | undefined, name: string) =>
  locations?.find((location) => location.name === name)?.displayName ?? pickupLocationLabel(name);

export const RATING_CATEGORIES = ['smell', 'taste', 'high'] as const;
export type RatingCategory = (typeof RATING_CATEGORIES)[number];

export const INCOMPLETE_RATING = 'Incomplete Rating: Please rate all three categories before submitting.';
const [incompleteTitle, incompleteMessage] = INCOMPLETE_RATING.split(': ') as [string, string];
export const INCOMPLETE_RATING_TITLE = incompleteTitle;

const score = z
  .number(incompleteMessage)
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

/** Why every sticker's Rate waits after one rating: said under the cooldown text. */
export const RATING_COOLDOWN_REASON = 'One rating a day across the whole menu.';

/** 'Rate again in {h}h {m}m left' (spec section 5), rounded up to the minute. */
export function rateAgainText(msLeft: number): string {
  return `Rate again in ${timeLeftText(msLeft)}`;
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

export const LOCATION_EMPTY = 'Location name cannot be empty.';
export const LOCATION_EXISTS = 'Location already exists.';

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
});
export type UpdateShopSettingsInput = z.input<typeof updateShopSettingsSchema>;
