export const REFERRAL_CODE_PATTERN = /^VAULT-[A-Z0-9]{6}$/;

/** The one answer to "forgot password", whether or not the address belongs to a member. */
export const RESET_LINK_SENT =
  'If an account uses this e-mail, we have sent it a link to choose a new password. The link works for 1 hour.';

/** A code of 6 digits is from the app; anything else is tried as a backup code. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code);

export const CODE_MISMATCH = 'That code did not match. Codes change every 30 seconds.';
export const BACKUP_CODE_MISMATCH = 'That backup code did not match, or it has been used.';

/**
 * How new members join (the Settings tab): open to anyone who finds the address, only with the referral code of a
 * member in good standing (not banned, not deleted), after a staff review (the account waits as pending), or
 * both. Changing it never touches accounts already made, and requests already pending stay pending.
 */
export const JOIN_MODES = {
  open: 'Open',
  referral: 'Referral code required',
  approval: 'Staff approval',
  'referral-approval': 'Referral code and staff approval',
} as const;
export type JoinMode = keyof typeof JOIN_MODES;
export const isJoinMode = (value: unknown): value is JoinMode =>
  typeof value === 'string' && Object.hasOwn(JOIN_MODES, value);
export const needsReferralCode = (mode: JoinMode) => mode === 'referral' || mode === 'referral-approval';
export const needsStaffApproval = (mode: JoinMode) => mode === 'approval' || mode === 'referral-approval';

/** Days a declined member waits before "Ask again" (a setting); their contact fields are erased after it. */
export const ASK_AGAIN_DAYS = { default: 30, min: 1, max: 365 } as const;
/** Under the photo ID check: the spec's under-21 words, and how long an undecided request keeps the ID. */
export const UNDER_21_MESSAGE = 'You must be 21 years or older to enter this website.';
export const MINIMUM_AGE = 21;
export const ID_KEPT_UNDECIDED_DAYS = 60;

/** The longest decline reason staff may write; the member reads it. */
export const DECLINE_REASON_MAX = 500;

export const REFERRAL_CODE_REQUIRED =
  'The Vault is joined by invitation: enter the referral code of the member who invited you.';
export const REFERRAL_CODE_NOT_ACCEPTED =
  'That referral code does not belong to a member in good standing. Check it with the member who invited you.';
