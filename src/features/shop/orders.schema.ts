import { z } from 'zod';
import { pageQuerySchema, type Page } from '~/shared/pagination';
import { usPhone } from '~/shared/phone';
import { STICKER_SIZES, type StickerSize } from '~/features/shop/shop.constants';
import {
  normalizePromoCode,
  PROMO_CODE_MAX_LENGTH,
  PROMO_NOT_VALID,
} from '~/features/economy/loyalty.constants';
import {
  ADDRESS_REQUIRED,
  CART_EMPTY_OR_SIGNED_OUT,
  DELIVERY_METHODS,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MAX_ORDER_REWARDS,
  ORDER_STATUSES,
  ORDER_VIEWS,
  PAYMENT_METHODS,
  PHONE_REQUIRED,
  PICKUP_CODE_NEEDED,
  PICKUP_LOCATION_REQUIRED,
  type DeliveryMethod,
  type OrderStatus,
  type PaymentMethod,
} from './orders.constants';

const orderLineSchema = z.strictObject(
  {
    stickerId: z.string().min(1, 'Each line needs a sticker.').max(64),
    size: z.enum(STICKER_SIZES, 'Choose a size: 3.5g, oz or lb.'),
    quantity: z
      .number('Quantity must be a number.')
      .int('Quantity must be a whole number.')
      .min(1, 'Quantity must be at least 1.')
      .max(MAX_LINE_QUANTITY, `Quantity can be at most ${MAX_LINE_QUANTITY}.`),
  },
  // A browser that sends its own prices is refused: the shop prices every line itself.
  { error: 'Send only the sticker, size and quantity of each line: the shop sets the prices.' },
);

/** What prices a cart: its lines, its rewards and the order type (the fee). */
const cartFields = {
  deliveryMethod: z.enum(DELIVERY_METHODS, 'Choose Delivery or Pickup.'),
  items: z
    .array(orderLineSchema, CART_EMPTY_OR_SIGNED_OUT)
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines.`),
  /** The member's rewards in the cart (their redemptions' ids): each becomes a $0 line of this order. */
  rewardIds: z
    .array(z.string().min(1).max(64), 'Send the rewards in your cart as a list.')
    .max(MAX_ORDER_REWARDS, `An order can carry at most ${MAX_ORDER_REWARDS} rewards.`)
    .default([]),
  /** The delivery address's ZIP code: with delivery areas, it picks the area (its fee and minimum). */
  zip: z.string('Enter a ZIP code.').trim().max(10, 'Enter the 5-digit ZIP code.').default(''),
  /** A promo code the member applied ('' for none); compared as normalizePromoCode writes it. */
  promoCode: z
    .string('Enter the promo code as text.')
    .transform(normalizePromoCode)
    // Longer than any code: a code that long is simply not found ("This code is not valid.").
    .pipe(z.string().max(PROMO_CODE_MAX_LENGTH * 4, PROMO_NOT_VALID))
    .default(''),
};

/** POST /api/orders/quote: the cart as the shop prices it now (quote.service.ts). */
export const quoteCartSchema = z.strictObject(cartFields, {
  error:
    'Send only the cart’s lines, rewards, order type, ZIP code and promo code: the shop sets the prices.',
});
export type QuoteCartInput = z.input<typeof quoteCartSchema>;

/** A cart line as the shop prices it; `problem` says why it cannot be ordered as it is (sold out, a limit). */
export interface QuotedLine {
  stickerId: string;
  size: StickerSize;
  quantity: number;
  /** Null when the sticker left the menu. */
  stickerName: string | null;
  /** Null when the sticker or this size is no longer sold. */
  unitPriceCents: number | null;
  lineTotalCents: number;
  problem: string | null;
}

/** The one price: what the cart shows and the total Submit Order sends as `expectedTotalCents`. */
export interface OrderQuote {
  lines: QuotedLine[];
  /** The sticker lines at the menu's prices, before any discount. */
  subtotalCents: number;
  /** The member's level perk: its percentage (null without one) and what it takes off the sticker lines. */
  perkPercent: number | null;
  perkCents: number;
  /** The promo code applied (normalised), or null; what it takes off what the perk left. */
  promoCode: string | null;
  promoCents: number;
  /** Why the promo code typed does not apply: "This code is not valid.", a rule the member can act on, or the wait. */
  promoProblem: string | null;
  /**
   * The cart should forget the code: it is not valid, or the member is out of tries and it was not looked at. Asked
   * again, it would only count another try. A code refused for a rule stays (more stickers may meet a minimum).
   */
  promoDropped: boolean;
  deliveryFeeCents: number;
  /** A Free Delivery reward in the cart waived the fee. */
  freeDelivery: boolean;
  /** Delivery: the shop has delivery areas, so a ZIP code picks the fee and minimum. */
  zipRequired: boolean;
  /** The delivery area the ZIP code is in (its fee applies); null for Pickup or without areas. */
  deliveryArea: string | null;
  /** Why Delivery cannot go as it is: outside the hours (with the next opening), the ZIP, the area's minimum. */
  deliveryProblem: string | null;
  /** Store credit the order spends: the member's balance, up to subtotal and fee. */
  storeCreditCents: number;
  /** What is left to pay: subtotal - perk - promo + fee - store credit. 0 with credit: paid by store credit. */
  totalCents: number;
  /** Why the rewards in the cart cannot ride on this order; null when they can. */
  rewardsProblem: string | null;
  /** Coins the order pays when it is completed (coins per dollar on the stickers after perk and promo). */
  purchaseCoins: number;
}

export const placeOrderSchema = z
  .strictObject(
    {
      /** The same key for a retried or double-tapped submit: one order. */
      idempotencyKey: z.string().min(8).max(100),
      deliveryMethod: cartFields.deliveryMethod,
      paymentMethod: z.enum(
        PAYMENT_METHODS,
        'Choose a payment method: Cash, Cash App, Apple Pay or Even Exchange.',
      ),
      phone: usPhone(PHONE_REQUIRED),
      address: z.string().trim().max(300, 'Keep the address under 300 characters.').default(''),
      pickupLocation: z.string().trim().toLowerCase().max(100).default(''),
      notes: z.string().trim().max(500, 'Keep the notes under 500 characters.').default(''),
      items: cartFields.items,
      rewardIds: cartFields.rewardIds,
      zip: cartFields.zip,
      promoCode: cartFields.promoCode,
      /** The total the member saw, in cents: a different server total is a 409 instead of a surprise. */
      expectedTotalCents: z.number().int().min(0),
    },
    { error: 'Send only the order form’s fields: the shop sets the prices.' },
  )
  .superRefine((order, ctx) => {
    // An order needs a sticker line or a reward.
    if (order.items.length === 0 && order.rewardIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: CART_EMPTY_OR_SIGNED_OUT });
    }
    if (order.deliveryMethod === 'Delivery' && !order.address) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: ADDRESS_REQUIRED });
    }
    if (order.deliveryMethod === 'Pickup' && !order.pickupLocation) {
      ctx.addIssue({ code: 'custom', path: ['pickupLocation'], message: PICKUP_LOCATION_REQUIRED });
    }
  });
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrderValues = z.output<typeof placeOrderSchema>;

export const orderIdSchema = z.object({ orderId: z.string().min(1).max(64) });

/** A sticker line's size, or 'Reward' for a reward line (named 'REWARD: …', $0). */
export type OrderLineSize = StickerSize | 'Reward';

export interface OrderLineView {
  stickerId: string | null;
  stickerName: string;
  size: OrderLineSize;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** An order as its member sees it. */
export interface OrderView {
  id: string;
  /** The last 6 characters of the id, as notifications name the order. */
  shortId: string;
  status: OrderStatus;
  deliveryMethod: DeliveryMethod;
  paymentMethod: PaymentMethod;
  phone: string;
  address: string | null;
  pickupLocation: string;
  notes: string;
  items: OrderLineView[];
  subtotalCents: number;
  /** The level perk and the promo code it was priced with (OrderQuote). */
  perkCents: number;
  promoCode: string | null;
  promoCents: number;
  deliveryFeeCents: number;
  /** Store credit the order spent; totalCents is what was left to pay. */
  storeCreditCents: number;
  totalCents: number;
  /** The delivery area its ZIP code fell in, when the shop had areas. */
  deliveryArea: string | null;
  /** Coins it pays (or paid) on completion: coins per dollar as they were when it was placed. */
  purchaseCoins: number;
  etaMinutes: number | null;
  etaSubmittedAt: string | null;
  /** When staff confirmed it; null when nobody has (drivers take delivery orders straight from the queue). */
  confirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PlaceOrderResponse {
  order: OrderView;
  /** The number to call to confirm (shop settings). */
  contactPhone: string;
}

/**
 * An order in its member's own answers: with the 4-digit handover code they give the driver, once it is on its
 * way (a delivery the driver gave an ETA, or the desk marked out for delivery); null otherwise. Never in a staff or
 * driver answer.
 */
export type MemberOrderView = OrderView & {
  handoverCode: string | null;
  /** Nobody has started on it (memberMayCancel): the member may still cancel it. */
  canCancel: boolean;
  /** The member cancelled it themselves. */
  cancelledByMember: boolean;
  /** A delivery's driver by first name ("Your driver" for an Owner or Admin), once one has the run. */
  driverName: string | null;
  /**
   * Nobody answered: when the driver left it at the door, their note, whether the photo is still kept (it is
   * served by GET /api/orders/:orderId/door-photo), and the shop's number for "not received? Get help".
   */
  leftAtDoor: { at: string; note: string | null; hasPhoto: boolean; shopPhone: string } | null;
};

export type MyOrdersResponse = Page<MemberOrderView>;

/** Order again: a past order's sticker lines at today's prices, and the names of those no longer sold. */
export interface ReorderResponse {
  deliveryMethod: DeliveryMethod;
  lines: {
    stickerId: string;
    stickerName: string;
    size: StickerSize;
    quantity: number;
    unitPriceCents: number;
  }[];
  skipped: string[];
}

export interface CancelMyOrderResponse {
  order: MemberOrderView;
  /** How many rewards the order used went back under Your rewards. */
  rewardsReturned: number;
}

// The orders desk (the admin Orders tab).

export const adminOrdersQuerySchema = pageQuerySchema.extend({
  view: z.enum(ORDER_VIEWS, 'Choose active or archived.').default('active'),
});

/** Completing a pickup when the shop asks for the code at the counter: the code the member shows. */
export const counterCodeSchema = z.strictObject({
  code: z
    .string(PICKUP_CODE_NEEDED)
    .trim()
    .regex(/^\d{4}$/, PICKUP_CODE_NEEDED),
});

export const setOrderStatusSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES, 'Choose a status from the list.'),
  code: counterCodeSchema.shape.code.optional(),
  /** Return to queue: the driver the desk showed on the run; a run that has moved since is not taken from another. */
  currentDriverId: z.string().min(1).max(64).nullable().optional(),
});

/**
 * An order as the desk sees it; phone, address, notes (a gate code, a door to knock) and email are null for staff
 * without contact details.
 */
export interface AdminOrderView extends Omit<OrderView, 'phone' | 'address' | 'notes'> {
  phone: string | null;
  address: string | null;
  notes: string | null;
  customer: { id: string; name: string; email: string | null };
  driver: { id: string; name: string } | null;
  claimedAt: string | null;
  /**
   * Left at the door with a photo (nobody answered). The note and the photo (GET
   * /api/admin/orders/:orderId/door-photo) only for staff who read contact details.
   */
  leftAtDoor: { at: string; note: string | null; hasPhoto: boolean } | null;
  /** Completing it takes the code the member shows at the counter (a pickup, under the `pickupCode` setting). */
  asksCounterCode: boolean;
}

export type AdminOrdersResponse = Page<AdminOrderView>;
