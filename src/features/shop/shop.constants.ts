import { timeLeftText } from '~/shared/time';
import type { PickupLocation } from './shop.schema';

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
/** What a missing score says (the part after the title). */
export const INCOMPLETE_RATING_MESSAGE = incompleteMessage;

/** Why every sticker's Rate waits after one rating: said under the cooldown text. */
export const RATING_COOLDOWN_REASON = 'One rating a day across the whole menu.';

/** 'Rate again in {h}h {m}m left' (spec section 5), rounded up to the minute. */
export function rateAgainText(msLeft: number): string {
  return `Rate again in ${timeLeftText(msLeft)}`;
}

// The admin side: pickup locations.

export const LOCATION_EMPTY = 'Location name cannot be empty.';
export const LOCATION_EXISTS = 'Location already exists.';

// Stock and limits (stock.service.ts): each size of a sticker may carry a count, a most per order and per day.

/** "Purple Haze (OZ Sticker)": how a message names a sticker in one size. */
export const sizedName = (name: string, size: StickerSize) => `${name} (${SIZE_LABELS[size]})`;

export const soldOutText = (name: string, size: StickerSize) =>
  `${sizedName(name, size)} is sold out. Remove it from your cart and submit again.`;
export const onlyLeftText = (name: string, size: StickerSize, left: number) =>
  `Only ${left} left of ${sizedName(name, size)}: lower the quantity and submit again.`;
/** Fewer left than asked for, when the count is above the low-stock threshold (members never read it). */
export const notEnoughText = (name: string, size: StickerSize, quantity: number) =>
  `Not enough left of ${sizedName(name, size)} for ${quantity}: lower the quantity and submit again.`;
export const orderLimitText = (name: string, size: StickerSize, limit: number) =>
  `${sizedName(name, size)} is limited to ${limit} per order.`;
export const dailyLimitText = (name: string, size: StickerSize, limit: number, left: number) =>
  `${sizedName(name, size)} is limited to ${limit} per member per day` +
  (left > 0 ? `: you can order ${left} more today.` : ', and you have reached it today.');

/** The menu's "Only N left" shows at this count or below; the Settings tab changes it. */
export const LOW_STOCK_THRESHOLD = { default: 5, min: 0, max: 1000 } as const;
/** How far a count or an adjustment goes. */
export const MAX_STOCK = 100_000;
