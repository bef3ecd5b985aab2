import type { JoinStatus } from '~/shared/join-status';
import { z } from 'zod';
import type { SessionUser } from '~/shared/session';
import { usPhone } from '~/shared/phone';
import { isReservedName, RESERVED_NAME_MESSAGE } from '~/shared/reserved-names';

/** One contract per endpoint: the routes validate with these, the forms resolve with them. */

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .pipe(z.email('Enter a valid email address.'));

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
  /** 'pending' under staff approval: the member may sign in and follow their request. */
  joinStatus: 'approved' | 'pending';
}

/** GET /api/accounts/join-rules: what the Request Access form says before a visitor fills it in. */
export interface JoinRules {
  referralCodeRequired: boolean;
  staffApproval: boolean;
}

/** GET /api/accounts/join-request: the member's own request to join (shared/join-status.ts). */
export interface JoinRequestState {
  status: JoinStatus;
  requestedAt: string;
  decidedAt: string | null;
  /** A declined member reads staff's reason. */
  declineReason: string | null;
  /** Declined: when "Ask again" opens. */
  askAgainAt: string | null;
  canAskAgain: boolean;
  /** Under the photo ID check: whether the shop asks for one, and when the member gave theirs. */
  idCheck: { required: boolean; submittedAt: string | null };
}

/** The date of birth sent with an ID photo (multipart field `birthDate`). */
export const idCheckSchema = z.object({
  birthDate: z.iso
    .date('Enter your date of birth.')
    .refine((day) => day >= '1900-01-01', 'Enter your date of birth.'),
});

// Forgot password, e-mail links.

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

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

// Two-factor sign-in (decision 026).

/** A code from the authenticator app (6 digits; spaces ignored), or one of the 10 backup codes (xxxxx-xxxxx). */
const twoFactorCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, 'Enter the code.').max(20, 'That is not a code from your app or a backup code.'));

/** What the sign-in answers: the member, or that the password was right and a code is needed next. */
export type SignInResponse =
  { user: SessionUser; twoFactorRequired?: undefined } | { user: null; twoFactorRequired: true };

export const twoFactorSignInSchema = z.strictObject({
  code: twoFactorCode,
  /** "Remember this device for 30 days": no code asked on this browser until then. */
  trustDevice: z.boolean().default(false),
});
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;

/** Starting setup needs the password again (the owner password for the Owner). */
export const twoFactorSetupSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password.').max(200),
});
export type TwoFactorSetupInput = z.input<typeof twoFactorSetupSchema>;

export interface TwoFactorSetupResponse {
  /** otpauth:// for the QR code. */
  totpURI: string;
  /** The same secret in base32, to type in by hand. */
  manualKey: string;
  /** Shown once: each signs in once when the phone is lost. */
  backupCodes: string[];
}

export const twoFactorConfirmSchema = z.strictObject({
  code: twoFactorCode.pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your app.')),
});
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmSchema>;

export const twoFactorDisableSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password.').max(200),
  code: twoFactorCode,
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;
