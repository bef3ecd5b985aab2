/** The spec's texts for the Audit Log tab. */
export const NO_LOGS = 'No logs found matching criteria.';
export const FILTERS_APPLIED = 'Filters Applied';
export const LOG_EXPORT_STARTED = 'Log export started.';
export const ALL_EVENT_TYPES = 'All Event Types';
export const ALL_DRIVERS = 'All Drivers';
export const ALL_ACTORS = 'All Actors';
/** Who a row names when the member it refers to has been deleted. */
export const FORMER_MEMBER = 'Former member';
/** The actor of what the server did by itself (an expired claim). */
export const SYSTEM_ACTOR = 'The Vault';
export const DATE_ORDER = 'The start date must be on or before the end date.';

/** Readable names of the event types the app writes; an unknown type shows as itself. */
export const AUDIT_EVENT_LABELS: Record<string, string> = {
  ORDER_STATUS_CHANGED: 'Order status changed',
  ORDER_CLAIMED: 'Order claimed',
  ETA_SUBMITTED: 'ETA submitted',
  RUN_CANCELLED: 'Run cancelled',
  CUSTOMER_NOTIFIED: 'Customer notified',
  ORDER_DELIVERED: 'Order delivered',
  CLAIM_EXPIRED: 'Claim expired',
  ORDERS_EXPORTED: 'Orders exported',
  DRIVER_STATUS_CHANGE: 'Driver status changed',
  MEMBER_BANNED: 'Member banned',
  MEMBER_UNBANNED: 'Member unbanned',
  ROLES_UPDATED: 'Roles updated',
  STICKER_CREATED: 'Sticker created',
  STICKER_UPDATED: 'Sticker updated',
  STICKER_HIDDEN: 'Sticker hidden',
  STICKER_SHOWN: 'Sticker shown',
  PICKUP_LOCATION_ADDED: 'Pickup location added',
  PICKUP_LOCATION_REMOVED: 'Pickup location removed',
  SHOP_SETTINGS_CHANGED: 'Shop settings changed',
  ECONOMY_SETTINGS_UPDATED: 'Economy settings updated',
  POST_PINNED: 'Post pinned',
  POST_UNPINNED: 'Post unpinned',
  POST_DELETED: 'Post deleted',
  COMMENT_DELETED: 'Comment deleted',
  REPORTS_DISMISSED: 'Reports dismissed',
  ANONYMOUS_AUTHOR_REVEALED: 'Anonymous author revealed',
  OWNER_LOGIN: 'Owner sign-in',
  AUDIT_LOG_EXPORTED: 'Audit log exported',
  BALANCE_ADJUSTED: 'Balance adjusted',
  REWARD_CREATED: 'Reward created',
  REWARD_UPDATED: 'Reward updated',
  REWARD_HIDDEN: 'Reward hidden',
  REWARD_SHOWN: 'Reward shown',
  REWARD_REDEEMED: 'Reward redeemed',
  REWARD_REQUEST_APPROVED: 'Reward request approved',
  REWARD_REQUEST_REFUSED: 'Reward request refused',
  SMS_SENT: 'SMS sent',
  SMS_SETTINGS_CHANGED: 'SMS settings changed',
  DATABASE_EXPORTED: 'Database exported',
  PASSWORD_RESET_REQUESTED: 'Password reset asked for',
  PASSWORD_RESET: 'Password reset',
  PASSWORD_CHANGED: 'Password changed',
  EMAIL_VERIFIED: 'E-mail confirmed',
  EMAIL_CHANGE_REQUESTED: 'E-mail change asked for',
  EMAIL_CHANGED: 'E-mail changed',
  SESSIONS_ENDED: 'Signed out of devices',
  DATA_EXPORT_REQUESTED: 'Data download asked for',
  DATA_EXPORT_DOWNLOADED: 'Data downloaded',
  ACCOUNT_DELETED: 'Account deleted',
  TWO_FACTOR_ENABLED: 'Two-factor turned on',
  TWO_FACTOR_DISABLED: 'Two-factor turned off',
  TWO_FACTOR_RESET: 'Two-factor reset by the operator',
  TWO_FACTOR_BACKUP_CODE_USED: 'Backup code used',
};

export const auditEventLabel = (eventType: string) => AUDIT_EVENT_LABELS[eventType] ?? eventType;
