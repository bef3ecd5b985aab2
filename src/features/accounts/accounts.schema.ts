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

export const registerSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, 'Full name is required.')
    .max(100, 'Keep your name under 100 characters.')
    .refine((name) => !isReservedName(name), RESERVED_NAME_MESSAGE),
  email,
  password: z
    .string()
    .min(8, 'Password must be at least 8 characters.')
    .max(128, 'Password must be at most 128 characters.'),
  telegram: z
    .string()
    .trim()
    .min(1, 'Telegram username is required.')
    .max(64, 'Keep it under 64 characters.'),
  phone: usPhone('Phone number is required.'),
  address: z
    .string()
    .trim()
    .min(1, 'Full address is required.')
    .max(300, 'Keep the address under 300 characters.'),
  referralCode: z
    .string()
    .trim()
    .toUpperCase()
    .max(20, 'The code you entered was not found. Proceeding without referral.')
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
}
