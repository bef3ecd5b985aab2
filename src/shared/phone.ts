import { z } from 'zod';

/**
 * US phone numbers in the formats people type — (555) 123-4567, 555-123-4567, 555.123.4567, 5551234567,
 * +1 555 123 4567, 1-555-123-4567 — normalised to +15551234567. Returns undefined when it is not one.
 */
export function normaliseUsPhone(input: string): string | undefined {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return undefined;
  // North American numbers: neither the area code nor the exchange starts with 0 or 1.
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return undefined;
  return `+1${digits}`;
}

/** +15551234567 shown as (555) 123-4567. */
export function formatUsPhone(normalised: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(normalised);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : normalised;
}

export const INVALID_US_PHONE = 'Enter a valid US phone number, like (555) 123-4567.';

/** A contract field for a US phone number: required, read in any common format, stored as +15551234567. */
export function usPhone(requiredMessage: string) {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .transform((value, ctx) => {
      const phone = normaliseUsPhone(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: INVALID_US_PHONE });
        return z.NEVER;
      }
      return phone;
    });
}
