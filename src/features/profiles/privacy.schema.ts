import { z } from 'zod';
import type { DataExportStatus } from './privacy.constants';

/** Privacy & Data on /profile: Download My Data and Delete My Account (docs/decisions/025). */

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
