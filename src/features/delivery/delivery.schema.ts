import { z } from 'zod';
import type { OrderLineView } from '~/features/shop/orders.schema';
import type { OrderStatus, PaymentMethod } from '~/features/shop/orders.constants';
import { DOOR_NOTE_MAX_LENGTH } from '~/features/shop/orders.constants';
import { ETA_MAX_MINUTES, ETA_MIN_MINUTES, INVALID_ETA } from './delivery.constants';

export const submitEtaSchema = z.strictObject({
  etaMinutes: z
    .number(INVALID_ETA)
    .int(INVALID_ETA)
    .min(ETA_MIN_MINUTES, INVALID_ETA)
    .max(ETA_MAX_MINUTES, INVALID_ETA),
});
export type SubmitEtaInput = z.input<typeof submitEtaSchema>;

/** Mark Delivered: the 4-digit handover code the member gives the driver at the door. */
export const deliveredSchema = z.strictObject({
  code: z
    .string('Enter the 4-digit code the member gives you.')
    .trim()
    .regex(/^\d{4}$/, 'Enter the 4-digit code the member gives you.'),
});

/** Left at the door (nobody answered): the photo travels as the upload (its own field), with a short note. */
export const leftAtDoorSchema = z.object({
  note: z
    .string()
    .trim()
    .max(DOOR_NOTE_MAX_LENGTH, `Keep the note under ${DOOR_NOTE_MAX_LENGTH} characters.`)
    .default(''),
});

export const driverOnlineSchema = z.strictObject({ isOnline: z.boolean('Say whether you are online.') });

export const driverFlagsSchema = z
  .strictObject({
    isApprovedDriver: z.boolean().optional(),
    isOnline: z.boolean().optional(),
  })
  .refine((flags) => flags.isApprovedDriver !== undefined || flags.isOnline !== undefined, {
    message: 'Change approval, online status or both.',
  });

export const driverIdSchema = z.object({ driverId: z.string().min(1).max(64) });

/**
 * Staff give a delivery run to a driver (dispatch). `currentDriverId` is the driver the desk saw on the run (null:
 * none), so a desk that is out of date never moves a run it did not see.
 */
export const assignRunSchema = z.strictObject({
  driverId: z.string({ error: 'Choose a driver.' }).min(1, 'Choose a driver.').max(64),
  currentDriverId: z.string().min(1).max(64).nullable(),
});

/**
 * A delivery order as a driver sees it. The customer's phone, address and notes are null until this driver has
 * submitted the ETA, and again once the order is completed (admins with contact details always see them).
 */
export interface DriverOrderView {
  id: string;
  shortId: string;
  status: OrderStatus;
  items: OrderLineView[];
  totalCents: number;
  paymentMethod: PaymentMethod;
  createdAt: string;
  customer: { firstName: string; phone: string | null; address: string | null; notes: string | null };
  driver: { id: string; name: string } | null;
  isMine: boolean;
  claimedAt: string | null;
  /** When an unanswered claim goes back to the queue (server time). */
  claimExpiresAt: string | null;
  etaMinutes: number | null;
  etaSubmittedAt: string | null;
  /** The driver has told the customer they are on the way (once per order). */
  customerNotified: boolean;
  /** Staff gave this run to its driver (dispatch): the driver may decline it without a strike. */
  assignedByStaff: boolean;
  /** Too many wrong handover codes: only staff can complete it now. */
  handoverLocked: boolean;
  /**
   * For the driver's own run in progress: from when they may leave it at the door with a photo (the promised time,
   * or DOOR_PHOTO_AFTER_NOTIFY_MINUTES after Notify Customer, whichever comes first); else null.
   */
  leftAtDoorFrom: string | null;
  /** Delivered with a photo at the door rather than the code (the photo itself is never in a driver's answer). */
  leftAtDoor: boolean;
  completedAt: string | null;
}

export interface DriverSelf {
  holdsDriverRole: boolean;
  isApprovedDriver: boolean;
  isOnline: boolean;
  strikes: number;
  /** Why Call Dibs is not offered, or null when it is. */
  cannotClaimBecause: string | null;
}

export interface DriverQueueResponse {
  /** The server's clock, so a phone whose clock is off still counts down correctly. */
  serverNow: string;
  etaWindowMs: number;
  me: DriverSelf;
  available: DriverOrderView[];
  myRuns: DriverOrderView[];
  history: DriverOrderView[];
  /** Every claimed or in-progress run, for staff who read orders (the admin driver-queue tab); else null. */
  allRuns: DriverOrderView[] | null;
}

export interface ClaimResponse {
  order: DriverOrderView;
  serverNow: string;
}

export interface AdminDriver {
  id: string;
  name: string;
  avatarUrl: string;
  isApprovedDriver: boolean;
  isOnline: boolean;
  strikes: number;
  deliveries: number;
  /** Of those, left at the door with a photo (nobody answered). */
  leftAtDoor: number;
  /** Share of deliveries completed within the submitted ETA, 0 to 1; null before the first delivery. */
  onTimeRate: number | null;
  /** Runs they hold now: claims inside their window and runs with an ETA. */
  activeRuns: number;
}

export interface AdminDriversResponse {
  drivers: AdminDriver[];
}
