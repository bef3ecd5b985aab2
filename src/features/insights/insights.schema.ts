import { z } from 'zod';
import { daysBetween, isCalendarDay } from '~/shared/time';
import { INSIGHTS_MAX_DAYS, INSIGHTS_SECTIONS } from './insights.constants';

/**
 * The Overview tab (decision 043): how the shop is doing over a range of days in the shop's time zone, beside the
 * period of the same length just before it. Every figure is counted by the server in SQL (insights.service.ts).
 */

const day = z.string('Choose a day.').refine(isCalendarDay, 'Choose a day (YYYY-MM-DD).');

/** The range's rules, for the tab's query and its exports alike. */
function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (range.from > range.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The range ends before it starts.' });
  } else if (daysBetween(range.from, range.to) > INSIGHTS_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: `Choose at most ${INSIGHTS_MAX_DAYS} days.` });
  }
}

/** A range of whole days, both included, in the shop's time zone. */
export const insightsQuerySchema = z.object({ from: day, to: day }).superRefine(checkRange);
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

export const insightsExportQuerySchema = z
  .object({ section: z.enum(INSIGHTS_SECTIONS, 'Choose a section to export.'), from: day, to: day })
  .superRefine(checkRange);

/** Sales figures of one period: orders by created_at, cancelled ones left out (but counted in cancelledShare). */
export interface SalesTotals {
  /** What the shop collects: the orders' totals after store credit, the delivery fee included. */
  revenueCents: number;
  /** The same without delivery fees. */
  revenueWithoutFeesCents: number;
  orders: number;
  /** revenueCents / orders, rounded; 0 without orders. */
  averageOrderCents: number;
  /** Cancelled orders among all placed in the period, 0 to 1. */
  cancelledShare: number;
}

export interface SalesDay {
  day: string;
  revenueCents: number;
  revenueWithoutFeesCents: number;
  orders: number;
}

export interface SalesSplit {
  /** Delivery or Pickup; a payment method; a promo code. */
  name: string;
  orders: number;
  revenueCents: number;
}

export interface ProductRow {
  stickerId: string | null;
  name: string;
  units: number;
  revenueCents: number;
  /** The sticker's overall rating now (the mean of its three category averages), null without ratings. */
  rating: number | null;
}

export interface InsightsResponse {
  range: {
    from: string;
    to: string;
    days: number;
    previousFrom: string;
    previousTo: string;
    timeZone: string;
  };
  sales: {
    totals: SalesTotals;
    previous: SalesTotals;
    /** Every day of the range, days without orders included. */
    daily: SalesDay[];
    methods: SalesSplit[];
    payments: SalesSplit[];
    /** Orders that used each promo code, and what the codes took off. */
    promoCodes: { code: string; orders: number; discountCents: number }[];
  };
  products: {
    /** The 10 best sellers by revenue, and by units. */
    byRevenue: ProductRow[];
    byUnits: ProductRow[];
    sizes: { size: string; units: number; revenueCents: number }[];
    /** Counted sizes at 0 now, on stickers still on the menu. */
    soldOut: { stickerId: string; name: string; size: string }[];
  };
  members: {
    /** Each week (Monday, shop time zone) that overlaps the range: members who joined, and how many by referral. */
    newPerWeek: { weekStart: string; members: number; referred: number }[];
    newMembers: number;
    previousNewMembers: number;
    /** Members who ordered, posted or commented in the range. */
    activeMembers: number;
    previousActiveMembers: number;
    /** Customers of the range, and those among them with two or more orders by its end (cancelled ones left out). */
    repeat: { customers: number; repeatCustomers: number; share: number };
    /** Who brought the most members who joined in the range (names shown to these roles by design). */
    topReferrers: { memberId: string; name: string; referred: number }[];
  };
  deliveries: {
    /** Delivery orders of the range delivered: minutes from the claim to delivered. */
    delivered: number;
    medianMinutes: number | null;
    p90Minutes: number | null;
    /** Delivered by the ETA the driver gave (ETA submitted + its minutes), 0 to 1; null without ETAs. */
    onTimeShare: number | null;
    /** Left at the door with a photo. */
    photoDeliveries: number;
    expiredClaims: { driverId: string; name: string; expired: number }[];
    /** Orders placed at each hour of the day (0-23, shop time zone), cancelled ones included: when the shop is busy. */
    ordersByHour: { hour: number; orders: number }[];
  };
  economy: {
    /** Coins issued (every earning) and spent (rewards, staff removals, take-backs) per week. */
    weekly: { weekStart: string; issued: number; spent: number }[];
    byCause: { cause: string; label: string; issued: number; spent: number }[];
    xpIssued: number;
    redemptions: { rewardId: string; title: string; redemptions: number; coins: number }[];
    /** Coins members hold now: Owners, Admins and deleted members left out. */
    outstandingCoins: number;
    storeCreditOutstandingCents: number;
  };
}
