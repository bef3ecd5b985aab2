import { z } from 'zod';
import { usPhone } from '~/shared/phone';
import { isReservedName, RESERVED_NAME_MESSAGE } from '~/shared/reserved-names';

/** One contract per endpoint: the routes validate with these, the forms resolve with them. */

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .pipe(z.email('Enter a valid email address.'));

export const REFERRAL_CODE_PATTERN = /^VAULT-[A-Z0-9]{6}$/;

/** A password being chosen (registration, reset, change). The server also refuses the most common ones. */
const newPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.')
  .refine((password) => password.trim().length > 0, 'A password cannot be only spaces.');

const telegram = z
  .string()
  .trim()
  .min(1, 'Telegram username is required.')
  .max(64, 'Keep it under 64 characters.');

const address = z
  .string()
  .trim()
  .min(1, 'Full address is required.')
  .max(300, 'Keep the address under 300 characters.');

export const registerSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, 'Full name is required.')
    .max(100, 'Keep your name under 100 characters.')
    .refine((name) => !isReservedName(name), RESERVED_NAME_MESSAGE),
  email,
  password: newPassword,
  telegram,
  phone: usPhone('Phone number is required.'),
  address,
  // Any length: a code that matches no member only warns, and registration goes on (the server looks up only
  // what could be a code).
  referralCode: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((value) => value || undefined),
  ageConfirmed: z.literal(true, 'You must confirm that you are 21 or older.'),
  dataConsent: z.literal(true, 'Please agree to the Terms of Service and Privacy Policy.'),
  smsConsent: z.boolean().default(false),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required.').max(128),
  rememberMe: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

/** The spec shows no required or format check on this field; a wrong or empty password just fails. */
export const ownerLoginSchema = z.object({
  ownerPassword: z.string().max(200),
  rememberMe: z.boolean().default(false),
});
export type OwnerLoginInput = z.input<typeof ownerLoginSchema>;

export interface RegisterResponse {
  /** 'applied' with the referrer's name, 'invalid' for an unknown code, 'none' when no code was given. */
  referral: { status: 'applied'; referrerName: string } | { status: 'invalid' } | { status: 'none' };
  /** 'required': the shop lets members sign in only once the link sent to their e-mail has been opened. */
  emailVerification: 'required' | 'optional';
}

// Forgot password, e-mail links.

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The one answer to "forgot password", whether or not the address belongs to a member. */
export const RESET_LINK_SENT =
  'If an account uses this e-mail, we have sent it a link to choose a new password. The link works for 1 hour.';

const linkToken = z.string().trim().min(1, 'This link is incomplete.').max(2000, 'This link is not valid.');

export const resetPasswordSchema = z.object({ token: linkToken, password: newPassword });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.object({ token: linkToken });

export interface VerifyEmailResponse {
  /** 'verified': the member's address is confirmed; 'changed': the member signs in with the new one from now on. */
  result: 'verified' | 'changed';
  email: string;
}

// Account settings (/account).

export interface AccountDetails {
  email: string;
  emailVerified: boolean;
  telegram: string;
  /** +15551234567 */
  phone: string;
  address: string;
  smsConsent: boolean;
  /** The Owner signs in with the owner password, not their own: no password or e-mail change here. */
  ownerAccount: boolean;
}

export const updateAccountSchema = z.strictObject({
  telegram,
  phone: usPhone('Phone number is required.'),
  address,
  smsConsent: z.boolean(),
});
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your current password.').max(128),
  newPassword,
  signOutOtherDevices: z.boolean().default(true),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changeEmailSchema = z.strictObject({
  newEmail: email,
  password: z.string().min(1, 'Enter your password.').max(128),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export interface ChangeEmailResponse {
  /** Where the confirmation link went; the address changes when it is opened. */
  sentTo: string;
}

/** A device the member is signed in on. */
export interface AccountSession {
  id: string;
  /** 'iPhone', 'Android phone', 'Mac', 'Windows computer', … */
  device: string;
  /** 'Safari 18', 'Chrome 131', … or 'Unknown browser' */
  browser: string;
  /** The day the session was last used (YYYY-MM-DD, UTC): no finer, for privacy. */
  lastActiveOn: string;
  /** The session this request came from. */
  current: boolean;
}

export interface AccountSessionsResponse {
  items: AccountSession[];
}
