/**
 * The audit contract: every event the app writes to the audit log, its data, what a viewer of the log may read
 * of it, and its label. `writeAudit` accepts only these types, each with its own data; the Audit Log describes
 * each with the sentence its feature keeps beside the reader (`audit-sentences.ts`), checked against this list.
 *
 * Data holds ids, never names, e-mails or addresses (decision 019): the log joins names when it is read. Add an
 * event here; the compiler then asks for its sentence.
 */

/** What a viewer of the log may read beyond the event itself: contact details, anonymous authors, IPs. */
export type AuditRight = 'contacts' | 'reveals' | 'ips';

declare const dataType: unique symbol;
/** Carries an event's data type; nothing at run time. */
export interface AuditData<D> {
  readonly [dataType]?: D;
}
const data = <D extends object = Record<never, never>>(): AuditData<D> => ({});

/** Every field of every variant of a data type. */
export type AuditDataKey<D> = D extends unknown ? keyof D & string : never;

/** A part of a row: a field of its data, or the address it came from. */
type Part<D> = (keyof D & string) | AuditDataKey<D> | 'ip';

/** Each right, with the parts of a row only a viewer who holds it reads. */
type Restricted<D, R extends AuditRight> = { readonly [K in R]: readonly Part<D>[] };

export interface AuditEventSpec<D, R extends AuditRight> {
  label: string;
  data: AuditData<D>;
  /**
   * The parts only a viewer with the right reads: a member's e-mail or a phone number (contacts), who an anonymous
   * author is (reveals), the address (ips). A sentence can ask only about the rights its event lists here.
   */
  restricted: Restricted<D, R>;
  /** A row without an actor was someone not signed in (an unknown visitor), not the Vault by itself. */
  byVisitor: boolean;
}

/** Infers the data and the rights from the entry, so `restricted` is checked against the data's fields. */
function event<D, const R extends AuditRight = never>(spec: {
  label: string;
  data: AuditData<D>;
  restricted?: Restricted<D, R>;
  byVisitor?: boolean;
}): AuditEventSpec<D, R> {
  // Without `restricted`, R is never: an empty object lists no rights.
  const restricted = spec.restricted ?? ({} as Restricted<D, R>);
  return { ...spec, restricted, byVisitor: spec.byVisitor ?? false };
}

interface OrderStep {
  orderId: string;
  driverId: string;
}
interface MemberRef {
  memberId: string;
}
interface StickerChange {
  stickerId: string;
  /** The fields the edit set. */
  changed: readonly string[];
}
/** The shop settings as an edit found and left them; the contact phone is the shop's, for those who read contacts. */
interface ShopSettingsValues {
  shopName: string;
  contactPhone: string;
  deliveryFeeCents: number;
  timeZone: string;
  requireVerifiedEmail: boolean;
  /** Absent from rows written before the setting existed. */
  joinMode?: string;
  askAgainDays?: number;
  idCheck?: boolean;
  pickupCode?: boolean;
  lowStockThreshold?: number;
}
/** A size's count before and after a staff change (null: unlimited). */
interface StockChange {
  stickerId: string;
  size: string;
  from: number | null;
  to: number | null;
}
/** The filters an export of the log was taken with, as sent (ids and ISO times). */
export type AuditExportFilters = Partial<
  Record<'orderId' | 'eventType' | 'driverId' | 'actorId' | 'from' | 'to', string>
>;

/** A driver's step on an order: the order, the driver (their e-mail for those who read contacts), and D. */
const driverStep = <D extends object = Record<never, never>>(label: string) =>
  event({ label, data: data<OrderStep & D>(), restricted: { contacts: ['driverId'] } });
/** Staff acting on a member, named with their e-mail for those who read contacts. */
const memberEvent = (label: string) =>
  event({ label, data: data<MemberRef>(), restricted: { contacts: ['memberId'] } });
/** What a member did to their own account: the sentence names no one but the actor. */
const ownAccount = (label: string) => event({ label, data: data<MemberRef>() });

export const AUDIT_EVENTS = {
  // Orders and their runs: `orderId` on every one, `driverId` on every one with a driver (decision 019).
  ORDER_STATUS_CHANGED: event({
    label: 'Order status changed',
    data: data<{
      orderId: string;
      driverId?: string;
      oldStatus: string;
      newStatus: string;
      /** A delivery staff completed: no handover code was typed. */
      withoutCode?: boolean;
    }>(),
    restricted: { contacts: ['driverId'] },
  }),
  ORDER_CLAIMED: driverStep('Order claimed'),
  ETA_SUBMITTED: driverStep<{ etaMinutes: number }>('ETA submitted'),
  /** `declined`: the run was assigned to the driver by staff, who gave it back. */
  RUN_CANCELLED: driverStep<{ declined?: boolean }>('Run cancelled'),
  /** Staff gave the run to `driverId` (dispatch), taking it from `previousDriverId` when it had one. */
  RUN_ASSIGNED: event({
    label: 'Run assigned',
    data: data<{ orderId: string; driverId: string; previousDriverId?: string }>(),
    restricted: { contacts: ['driverId', 'previousDriverId'] },
  }),
  /** The member cancelled their own order before the shop or a driver took it. */
  ORDER_CANCELLED_BY_MEMBER: event({ label: 'Order cancelled by member', data: data<{ orderId: string }>() }),
  CUSTOMER_NOTIFIED: driverStep<{ minutesLeft: number }>('Customer notified'),
  ORDER_DELIVERED: driverStep<{
    oldStatus: string;
    newStatus: string;
    /** Nobody answered: left at the door with a photo instead of the handover code. */
    leftAtDoor?: boolean;
  }>('Order delivered'),
  /** Staff opened a door photo (a private file). */
  DOOR_PHOTO_VIEWED: event({ label: 'Door photo viewed', data: data<{ orderId: string }>() }),
  // The sweep's: no actor. The claim's driver, when the order still names one.
  CLAIM_EXPIRED: event({
    label: 'Claim expired',
    data: data<{ orderId: string; driverId: string | null; strike: number }>(),
    restricted: { contacts: ['driverId'] },
  }),
  ORDERS_EXPORTED: event({ label: 'Orders exported', data: data<{ view: string; count: number }>() }),
  // One section of the Overview tab, for a range of days (no member contact details in any).
  INSIGHTS_EXPORTED: event({
    label: 'Insights exported',
    data: data<{ section: string; from: string; to: string }>(),
  }),
  DRIVER_STATUS_CHANGE: event({
    label: 'Driver status changed',
    data: data<{
      driverId: string;
      field: 'isApprovedDriver' | 'isOnline';
      oldValue: boolean;
      newValue: boolean;
    }>(),
    restricted: { contacts: ['driverId'] },
  }),

  MEMBER_BANNED: memberEvent('Member banned'),
  MEMBER_UNBANNED: memberEvent('Member unbanned'),
  // Under staff approval; a decline's reason is on the member's request (join_request), never here.
  MEMBER_APPROVED: memberEvent('Request to join approved'),
  MEMBER_DECLINED: memberEvent('Request to join declined'),
  MEMBER_ID_VIEWED: memberEvent('ID photo viewed'),
  ROLES_UPDATED: event({
    label: 'Roles updated',
    data: data<MemberRef & { oldRoles: readonly string[]; newRoles: readonly string[] }>(),
    restricted: { contacts: ['memberId'] },
  }),

  STICKER_CREATED: event({ label: 'Sticker created', data: data<{ stickerId: string }>() }),
  STICKER_UPDATED: event({ label: 'Sticker updated', data: data<StickerChange>() }),
  STICKER_HIDDEN: event({ label: 'Sticker hidden', data: data<StickerChange>() }),
  STICKER_SHOWN: event({ label: 'Sticker shown', data: data<StickerChange>() }),
  STOCK_SET: event({ label: 'Stock set', data: data<StockChange>() }),
  STOCK_ADJUSTED: event({ label: 'Stock adjusted', data: data<StockChange & { by: number }>() }),
  // A pickup location's key is its lower-case name: a place, not a person.
  PICKUP_LOCATION_ADDED: event({ label: 'Pickup location added', data: data<{ name: string }>() }),
  PICKUP_LOCATION_REMOVED: event({ label: 'Pickup location removed', data: data<{ name: string }>() }),
  // A delivery area's name and ZIP codes are places, not people.
  DELIVERY_AREA_SAVED: event({
    label: 'Delivery area saved',
    data: data<{ areaId: string; name: string; created: boolean }>(),
  }),
  DELIVERY_AREA_REMOVED: event({
    label: 'Delivery area removed',
    data: data<{ areaId: string; name: string }>(),
  }),
  DELIVERY_HOURS_SET: event({
    label: 'Delivery hours set',
    data: data<{ days: { weekday: number; opensAt: number; closesAt: number }[] }>(),
  }),
  SHOP_SETTINGS_CHANGED: event({
    label: 'Shop settings changed',
    data: data<{ before: ShopSettingsValues; after: ShopSettingsValues }>(),
    restricted: { contacts: ['before', 'after'] },
  }),
  ECONOMY_SETTINGS_UPDATED: event({
    label: 'Economy settings updated',
    data: data<{ changes: Record<string, { old: number; new: number }> }>(),
  }),
  // Promo codes are named by id (the log joins the code when read); `changed` lists the form's fields.
  PROMO_CODE_CREATED: event({ label: 'Promo code created', data: data<{ promoCodeId: string }>() }),
  PROMO_CODE_UPDATED: event({
    label: 'Promo code edited',
    data: data<{ promoCodeId: string; changed: readonly string[] }>(),
  }),
  PROMO_CODE_PAUSED: event({ label: 'Promo code paused', data: data<{ promoCodeId: string }>() }),
  PROMO_CODE_RESUMED: event({ label: 'Promo code resumed', data: data<{ promoCodeId: string }>() }),
  LEVEL_PERKS_SET: event({
    label: 'Level perks set',
    data: data<{
      before: readonly { fromLevel: number; percentOff: number }[];
      after: readonly { fromLevel: number; percentOff: number }[];
    }>(),
  }),

  POST_PINNED: event({ label: 'Post pinned', data: data<{ postId: string }>() }),
  POST_UNPINNED: event({ label: 'Post unpinned', data: data<{ postId: string }>() }),
  POST_DELETED: event({
    label: 'Post deleted',
    data: data<{ postId: string; anonymous: boolean; comments: number; media: boolean }>(),
  }),
  COMMENT_DELETED: event({
    label: 'Comment deleted',
    data: data<{ postId: string; commentId: string; anonymous: boolean }>(),
  }),
  REPORTS_DISMISSED: event({
    label: 'Reports dismissed',
    data: data<({ postId: string } | { commentId: string }) & { reports: number }>(),
  }),
  ANONYMOUS_AUTHOR_REVEALED: event({
    label: 'Anonymous author revealed',
    data: data<{ postId: string; commentId?: string; authorId: string | null }>(),
    restricted: { reveals: ['authorId'], contacts: ['authorId'] },
  }),

  OWNER_LOGIN: event({
    label: 'Owner sign-in',
    data: data<{ success: boolean }>(),
    restricted: { ips: ['ip'] },
    byVisitor: true,
  }),
  // Under `filters`, so filtering the log by an order does not list the exports of it.
  AUDIT_LOG_EXPORTED: event({ label: 'Audit log exported', data: data<{ filters: AuditExportFilters }>() }),

  BALANCE_ADJUSTED: event({
    label: 'Balance adjusted',
    data: data<MemberRef & { coins: number; xp: number; reason: string }>(),
    restricted: { contacts: ['memberId'] },
  }),
  REWARD_CREATED: event({ label: 'Reward created', data: data<{ rewardId: string }>() }),
  REWARD_UPDATED: event({
    label: 'Reward updated',
    data: data<{ rewardId: string; changed: readonly string[] }>(),
  }),
  REWARD_HIDDEN: event({ label: 'Reward hidden', data: data<{ rewardId: string }>() }),
  REWARD_SHOWN: event({ label: 'Reward shown', data: data<{ rewardId: string }>() }),
  REWARD_REDEEMED: event({
    label: 'Reward redeemed',
    data: data<{ rewardId: string; redemptionId: string; cost: number }>(),
  }),
  REWARD_REQUEST_APPROVED: event({
    label: 'Reward request approved',
    // `creditCents`: paid as store credit (a reward worth credit); absent: the reward rides on an order.
    data: data<MemberRef & { redemptionId: string; rewardId: string; creditCents?: number }>(),
    restricted: { contacts: ['memberId'] },
  }),
  // An approved reward worth credit, still unused, paid as store credit instead.
  REWARD_CONVERTED_TO_CREDIT: event({
    label: 'Reward paid as store credit',
    data: data<MemberRef & { redemptionId: string; rewardId: string; creditCents: number }>(),
    restricted: { contacts: ['memberId'] },
  }),
  REWARD_REQUEST_REFUSED: event({
    label: 'Reward request refused',
    data: data<MemberRef & { redemptionId: string; rewardId: string; reason: string }>(),
    restricted: { contacts: ['memberId'] },
  }),

  SMS_SENT: event({
    label: 'SMS sent',
    data: data<{ sendId: string; segment: string; recipientCount: number }>(),
  }),
  // The sender is a phone number; the provider's account id is kept, never shown.
  SMS_SETTINGS_CHANGED: event({
    label: 'SMS settings changed',
    data: data<{
      accountSid: string;
      sender: string;
      authToken: 'replaced' | 'removed' | 'unchanged';
      dailyCap: number;
    }>(),
    restricted: { contacts: ['sender'] },
  }),
  DATABASE_EXPORTED: event({
    label: 'Database exported',
    data: data<{ format: string; formatVersion: number; sections: readonly string[] }>(),
  }),

  // A member's own account; an address that belongs to nobody leaves no id, and no trace of itself.
  PASSWORD_RESET_REQUESTED: event({
    label: 'Password reset asked for',
    data: data<Partial<MemberRef>>(),
    restricted: { ips: ['ip'] },
    byVisitor: true,
  }),
  PASSWORD_RESET: ownAccount('Password reset'),
  PASSWORD_CHANGED: event({
    label: 'Password changed',
    data: data<MemberRef & { otherDevicesSignedOut: boolean }>(),
  }),
  EMAIL_VERIFIED: ownAccount('E-mail confirmed'),
  EMAIL_CHANGE_REQUESTED: ownAccount('E-mail change asked for'),
  EMAIL_CHANGED: ownAccount('E-mail changed'),
  SESSIONS_ENDED: event({ label: 'Signed out of devices', data: data<MemberRef & { count: number }>() }),
  DATA_EXPORT_REQUESTED: event({
    label: 'Data download asked for',
    data: data<MemberRef & { exportId: string }>(),
  }),
  DATA_EXPORT_DOWNLOADED: event({ label: 'Data downloaded', data: data<MemberRef & { exportId: string }>() }),
  ACCOUNT_DELETED: ownAccount('Account deleted'),
  TWO_FACTOR_ENABLED: ownAccount('Two-factor turned on'),
  TWO_FACTOR_DISABLED: ownAccount('Two-factor turned off'),
  // Written by `npm run reset-2fa`: no actor, the operator at the server.
  TWO_FACTOR_RESET: memberEvent('Two-factor reset by the operator'),
  TWO_FACTOR_BACKUP_CODE_USED: event({
    label: 'Backup code used',
    data: data<MemberRef & { codesLeft?: number }>(),
  }),
};

type Events = typeof AUDIT_EVENTS;
export type AuditEventType = keyof Events;

/** The data an event carries, e.g. `{ orderId: string; driverId: string }` for ORDER_CLAIMED. */
export type AuditEventData<K extends AuditEventType> =
  Events[K]['data'] extends AuditData<infer D> ? D : never;

/** The rights an event's sentence may ask about: those its entry restricts a part to. */
export type AuditRightsOf<K extends AuditEventType> = keyof Events[K]['restricted'] & AuditRight;

/** An event as `writeAudit` takes it: its type and that type's data. */
export type AuditEvent = { [K in AuditEventType]: { eventType: K; meta: AuditEventData<K> } }[AuditEventType];

export function isAuditEventType(name: string): name is AuditEventType {
  return Object.hasOwn(AUDIT_EVENTS, name);
}

/** An event type's readable name; an unknown type (an older or newer build's) shows as itself. */
export const auditEventLabel = (eventType: string): string =>
  isAuditEventType(eventType) ? AUDIT_EVENTS[eventType].label : eventType;
