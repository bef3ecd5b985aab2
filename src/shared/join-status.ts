/**
 * Whether staff let a member in. Every account is `approved` while the shop is open to anyone or joined by
 * referral code; under staff approval a new account is `pending` until staff decide, then `approved` or
 * `declined` (accounts.constants.ts, JOIN_MODES). Until approved, a member reaches only their own account.
 */
export const JOIN_STATUSES = ['approved', 'pending', 'declined'] as const;
export type JoinStatus = (typeof JOIN_STATUSES)[number];

export const ACCOUNT_PENDING_MESSAGE =
  'Your request to join is being reviewed. You can use The Vault as soon as staff approve it.';

export const accountDeclinedMessage = (reason: string) => `Your request to join was declined: ${reason}`;
