export const REFERRAL_CODE_PATTERN = /^VAULT-[A-Z0-9]{6}$/;

/** The one answer to "forgot password", whether or not the address belongs to a member. */
export const RESET_LINK_SENT =
  'If an account uses this e-mail, we have sent it a link to choose a new password. The link works for 1 hour.';

/** A code of 6 digits is from the app; anything else is tried as a backup code. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code);

export const CODE_MISMATCH = 'That code did not match. Codes change every 30 seconds.';
export const BACKUP_CODE_MISMATCH = 'That backup code did not match, or it has been used.';
