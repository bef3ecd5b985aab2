import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '~/shared/app-error';

/**
 * The 10,000 most common passwords, from zxcvbn-ts's ranked list of leaked passwords (decision 023). Checked when a
 * password is chosen (registration, reset, change), never at sign-in: members who already have one keep it.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].slice(0, 10_000));

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones, so it is easy to guess. Choose another.';

export function isCommonPassword(password: string): boolean {
  const plain = password.trim().toLowerCase();
  return COMMON_PASSWORDS.has(plain) || COMMON_PASSWORDS.has(plain.replace(/\s+/g, ''));
}

/** Refuses a common password as a field error on `field` (the form's name for it). */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('BAD_REQUEST', COMMON_PASSWORD_MESSAGE, {
      fields: { [field]: COMMON_PASSWORD_MESSAGE },
    });
  }
}
