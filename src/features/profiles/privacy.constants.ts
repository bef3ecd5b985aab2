/** Privacy & Data on /profile: Download My Data and Delete My Account (docs/decisions/025). */
import { formatCents } from '~/shared/money';

/** How long a ready archive is kept for its member to download. */
export const DATA_EXPORT_KEEP_HOURS = 24;

export const DATA_EXPORT_STATUSES = ['pending', 'building', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** What the dialog says is lost; the server forfeits exactly this. */
export const DELETE_ACCOUNT_WARNING =
  'Your coins, XP and unused rewards are forfeited. Your posts, comments and messages stay, shown from "Former member"; your name, e-mail, phone, address, Telegram, avatar and bio are removed. This cannot be undone.';

export const ORDER_IN_PROGRESS_REFUSAL =
  'You have an order in progress. Wait until it is completed or cancelled, then delete your account.';
/** Store credit is money the shop owes the member: it is spent or paid out before the account goes. */
export const storeCreditRefusal = (cents: number) =>
  `You have ${formatCents(cents)} of store credit. Spend it on an order, or ask the shop about it, then delete your account.`;
export const RUN_IN_PROGRESS_REFUSAL =
  'You have a delivery run claimed or in progress. Finish it or return it to the queue, then delete your account.';
export const OWNER_DELETION_REFUSAL = 'The Owner account cannot be deleted.';
