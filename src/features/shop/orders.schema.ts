import { z } from 'zod';
import { pageQuerySchema, type Page } from '~/shared/pagination';
import { usPhone } from '~/shared/phone';
import { SIZE_LABELS, STICKER_SIZES, type StickerSize } from '~/features/shop/shop.schema';

export const DELIVERY_METHODS = ['Delivery', 'Pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const PAYMENT_METHODS = ['Cash', 'Cash App', 'Apple Pay', 'Even Exchange'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_STATUSES = [
  'available',
  'claimed',
  'in-progress',
  'pending',
  'confirmed',
  'out-for-delivery',
  'ready-for-pickup',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Completed and cancelled orders live in the archive. */
export const ARCHIVED_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled'];

/** Where a delivery order's pickupLocation points (spec section 3). */
export const DELIVERY_HUB = 'Main Hub';

export const MAX_LINE_QUANTITY = 99;
export const MAX_ORDER_LINES = 50;

/** The spec's order-submit messages (section 5), title before the colon. */
export const CART_EMPTY_OR_SIGNED_OUT = 'Cannot submit order: Your cart is empty or you are not logged in.';
export const PHONE_REQUIRED = 'Phone number required';
export const ADDRESS_REQUIRED = 'Address required';
export const PICKUP_LOCATION_REQUIRED = 'Pickup location required';
/** A cart holding rewards but no sticker: rewards go out with a sticker order. */
export const REWARDS_NEED_A_STICKER = 'Add a sticker to your cart: rewards go out with a sticker order.';
export const MAX_ORDER_REWARDS = 20;

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

export const placeOrderSchema = z
  .strictObject(
    {
      /** The same key for a retried or double-tapped submit: one order. */
      idempotencyKey: z.string().min(8).max(100),
      deliveryMethod: z.enum(DELIVERY_METHODS, 'Choose Delivery or Pickup.'),
      paymentMethod: z.enum(
        PAYMENT_METHODS,
        'Choose a payment method: Cash, Cash App, Apple Pay or Even Exchange.',
      ),
      phone: usPhone(PHONE_REQUIRED),
      address: z.string().trim().max(300, 'Keep the address under 300 characters.').default(''),
      pickupLocation: z.string().trim().toLowerCase().max(100).default(''),
      notes: z.string().trim().max(500, 'Keep the notes under 500 characters.').default(''),
      items: z
        .array(orderLineSchema, CART_EMPTY_OR_SIGNED_OUT)
        .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines.`),
      /** The member's rewards in the cart (their redemptions' ids): each becomes a $0 line of this order. */
      rewardIds: z
        .array(z.string().min(1).max(64), 'Send the rewards in your cart as a list.')
        .max(MAX_ORDER_REWARDS, `An order can carry at most ${MAX_ORDER_REWARDS} rewards.`)
        .default([]),
      /** The total the member saw, in cents: a different server total is a 409 instead of a surprise. */
      expectedTotalCents: z.number().int().min(0),
    },
    { error: 'Send only the order form’s fields: the shop sets the prices.' },
  )
  .superRefine((order, ctx) => {
    // An order needs a sticker line; rewards ride along with one.
    if (order.items.length === 0) {
      const message = order.rewardIds.length ? REWARDS_NEED_A_STICKER : CART_EMPTY_OR_SIGNED_OUT;
      ctx.addIssue({ code: 'custom', path: ['items'], message });
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

/** How an order line's size reads: the menu's tab label, or 'Reward'. */
export const lineSizeLabel = (size: OrderLineSize) => (size === 'Reward' ? 'Reward' : SIZE_LABELS[size]);

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
  deliveryFeeCents: number;
  totalCents: number;
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

export type MyOrdersResponse = Page<OrderView>;

export const shortOrderId = (id: string) => id.slice(-6).toUpperCase();

/** The member's timeline (departure 10): each order status as one of these steps. */
export const TIMELINE_STEPS = [
  'Placed',
  'Confirmed',
  'Out for delivery',
  'Ready for pickup',
  'Completed',
  'Cancelled',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

export function timelineStep(status: OrderStatus): TimelineStep {
  switch (status) {
    case 'available':
    case 'claimed':
    case 'pending':
      return 'Placed';
    case 'confirmed':
      return 'Confirmed';
    case 'in-progress':
    case 'out-for-delivery':
      return 'Out for delivery';
    case 'ready-for-pickup':
      return 'Ready for pickup';
    case 'completed':
      return 'Completed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/**
 * The steps an order goes through, in order. Confirmed is a step only when staff confirmed the order or it may
 * still come (the order is still at Placed): an order that went straight on never shows it as passed. A cancelled
 * order ends at Cancelled.
 */
export function timelineFor({
  deliveryMethod,
  status,
  confirmedAt,
}: Pick<OrderView, 'deliveryMethod' | 'status' | 'confirmedAt'>): TimelineStep[] {
  const step = timelineStep(status);
  const confirmed: TimelineStep[] =
    confirmedAt !== null || step === 'Placed' || step === 'Confirmed' ? ['Confirmed'] : [];
  if (status === 'cancelled') return ['Placed', ...confirmed, 'Cancelled'];
  const middle: TimelineStep = deliveryMethod === 'Delivery' ? 'Out for delivery' : 'Ready for pickup';
  return ['Placed', ...confirmed, middle, 'Completed'];
}

/** The statuses an admin may set by hand (departure 16), for this method. */
export function statusesAdminsMaySet(method: DeliveryMethod): OrderStatus[] {
  return [
    'available',
    'pending',
    'confirmed',
    method === 'Delivery' ? 'out-for-delivery' : 'ready-for-pickup',
    'completed',
    'cancelled',
  ].filter((status) => method === 'Delivery' || status !== 'available') as OrderStatus[];
}

// The orders desk (the admin Orders tab).

export const ORDER_VIEWS = ['active', 'archived'] as const;
export type OrderListView = (typeof ORDER_VIEWS)[number];

export const adminOrdersQuerySchema = pageQuerySchema.extend({
  view: z.enum(ORDER_VIEWS, 'Choose active or archived.').default('active'),
});

export const setOrderStatusSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES, 'Choose a status from the list.'),
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
}

export type AdminOrdersResponse = Page<AdminOrderView>;
