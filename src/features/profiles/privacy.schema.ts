import { z } from 'zod';

/** Privacy & Data on /profile: Download My Data and Delete My Account (docs/decisions/025). */

/** How long a ready archive is kept for its member to download. */
export const DATA_EXPORT_KEEP_HOURS = 24;

export const DATA_EXPORT_STATUSES = ['pending', 'building', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** The member's newest archive, as the Privacy & Data section shows it. */
export interface DataExportView {
  id: string;
  status: DataExportStatus;
  createdAt: string;
  readyAt: string | null;
  /** When a ready archive is removed. */
  expiresAt: string | null;
  sizeBytes: number | null;
}

export interface DataExportResponse {
  export: DataExportView | null;
}

export const dataExportIdSchema = z.object({ exportId: z.string().min(1).max(64) });

/** What the dialog says is lost; the server forfeits exactly this. */
export const DELETE_ACCOUNT_WARNING =
  'Your coins, XP and unused rewards are forfeited. Your posts, comments and messages stay, shown from "Former member"; your name, e-mail, phone, address, Telegram, avatar and bio are removed. This cannot be undone.';

export const deleteAccountSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password.').max(128),
  /** A code from the authenticator app or a backup code, when two-factor sign-in is on. */
  code: z
    .string()
    .trim()
    .max(20, 'That is not a code from your app or a backup code.')
    .optional()
    .transform((value) => value?.replace(/\s+/g, '') || undefined),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const ORDER_IN_PROGRESS_REFUSAL =
  'You have an order in progress. Wait until it is completed or cancelled, then delete your account.';
export const RUN_IN_PROGRESS_REFUSAL =
  'You have a delivery run claimed or in progress. Finish it or return it to the queue, then delete your account.';
export const OWNER_DELETION_REFUSAL = 'The Owner account cannot be deleted.';
