import { SIZE_LABELS } from '~/features/shop/shop.constants';
import type { OrderLineSize, OrderView } from './orders.schema';

export const DELIVERY_METHODS = ['Delivery', 'Pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** How a member may pay what is left after store credit. */
export const PAYMENT_METHODS = ['Cash', 'Cash App', 'Apple Pay', 'Even Exchange'] as const;
/** An order whose store credit covers its whole total is paid by it: the member chooses nothing. */
export const STORE_CREDIT_PAYMENT = 'Store credit';
export type PaymentMethod = (typeof PAYMENT_METHODS)[number] | typeof STORE_CREDIT_PAYMENT;

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
/** The most rewards one order carries (with stickers or on their own). */
export const MAX_ORDER_REWARDS = 20;

/** How an order line's size reads: the menu's tab label, or 'Reward'. */
export const lineSizeLabel = (size: OrderLineSize) => (size === 'Reward' ? 'Reward' : SIZE_LABELS[size]);

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

/**
 * The member may cancel their own order while nobody has started on it: a pickup still Placed, or a delivery still
 * in the queue with no driver, and not confirmed by staff. The server's update checks the same in SQL
 * (order-status.service.ts, memberMayStillCancel).
 */
export function memberMayCancel(order: {
  deliveryMethod: string;
  status: string;
  confirmedAt: Date | null;
  assignedDriverId: string | null;
}): boolean {
  if (order.confirmedAt !== null || order.assignedDriverId !== null) return false;
  return order.deliveryMethod === 'Pickup' ? order.status === 'pending' : order.status === 'available';
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

/**
 * When nobody answers, a driver may leave the order at the door with a photo once the promised time has passed,
 * or DOOR_PHOTO_WAIT_MS (10 minutes) after Notify Customer. The photo is kept this long, then deleted.
 */
export const DOOR_PHOTO_KEPT_DAYS = 30;
export const DOOR_NOTE_MAX_LENGTH = 200;
/** A door photo's longer side at most, in pixels: enough to see a parcel on a doorstep. */
export const DOOR_PHOTO_MAX_DIMENSION = 1600;

/** How a member's order names an Owner or Admin who drives it (decision 008: members never learn which). */
export const MASKED_DRIVER = 'Your driver';

/** Completing a pickup when the shop asks for the code at the counter. */
export const PICKUP_CODE_NEEDED = 'Type the 4-digit code the member shows on their order.';
