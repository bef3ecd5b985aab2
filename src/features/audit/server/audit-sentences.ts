import { ECONOMY_SETTINGS, type EconomySettingKey } from '~/shared/economy-settings';
import type { AuditDataKey, AuditEventData, AuditEventType, AuditRightsOf } from '~/shared/audit-events';
import { formatCents } from '~/shared/money';
import { shortOrderId } from '~/features/shop/orders.constants';
import { SIZE_LABELS, type StickerSize } from '~/features/shop/shop.constants';
import { clockText, WEEKDAYS } from '~/features/shop/delivery-hours';
import { isJoinMode, JOIN_MODES } from '~/features/accounts/accounts.constants';
import type { DetailPart } from '../audit.schema';
import { FORMER_MEMBER } from '../audit.constants';

/*
 * The sentence of each audit event, typed against the contract in `src/shared/audit-events.ts`: a type the contract
 * adds is a compile error here until it has its sentence, and a sentence reads only its event's fields and asks
 * only about the rights its entry restricts. They live in the audit feature, not beside the contract, because only
 * the server describes rows (decision 019) and a sentence needs the feature's texts, its links (`DetailPart`) and
 * the shop's order number.
 */

// A row's data is JSON written over the years (and rewritten once by a migration): every value is checked before use.

/** A non-empty string, or undefined. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const textList = (value: unknown) =>
  Array.isArray(value) ? value.filter((item) => typeof item === 'string').join(', ') : '';
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** An event's data as a row holds it: its fields, each perhaps missing or of another type. */
export type Stored<D> = { readonly [K in AuditDataKey<D>]?: unknown };

export interface Named {
  name: string;
  email: string;
}

/** The names a page of rows refers to, loaded at once. */
export interface Names {
  members: Map<string, Named>;
  stickers: Map<string, string>;
  rewards: Map<string, string>;
  promoCodes: Map<string, string>;
}

/** What a sentence reads: the row's data and address, the viewer's rights it asked for, and the names. */
export interface SentenceInput<K extends AuditEventType> {
  meta: Stored<AuditEventData<K>>;
  ip: string | null;
  viewer: { readonly [R in AuditRightsOf<K>]: boolean };
  names: Names;
}

/** A sentence's pieces, in order; an empty piece (undefined, false, '') says nothing. */
type Piece = string | DetailPart | DetailPart[] | undefined | false;
type Sentence<K extends AuditEventType> = (row: SentenceInput<K>) => Piece[];

/** A member by id: linked, with their e-mail for a viewer who reads contact details. */
function member(
  row: { names: Names; viewer: { contacts?: boolean } },
  id: unknown,
  fallback = 'a member',
): DetailPart[] {
  const memberId = text(id);
  if (!memberId) return [{ text: fallback }];
  const found = row.names.members.get(memberId);
  if (!found) return [{ text: FORMER_MEMBER }];
  return [{ text: found.name, memberId }, ...(row.viewer.contacts ? [{ text: ` (${found.email})` }] : [])];
}

const driver = (row: { names: Names; viewer: { contacts?: boolean } }, id: unknown) =>
  member(row, id, 'a driver');

function order(id: unknown): DetailPart | string {
  const orderId = text(id);
  return orderId ? { text: `order #${shortOrderId(orderId)}`, orderId } : 'an order';
}

/** A size as the menu names it ('OZ Sticker'). */
function sizeOf(size: unknown): string {
  const known = text(size);
  return known && known in SIZE_LABELS ? SIZE_LABELS[known as StickerSize] : (known ?? 'a size');
}

/** A stock count: a number, or unlimited. */
const stockCount = (value: unknown) => (value === null ? 'unlimited' : String(count(value) ?? '?'));

function stickerName({ names }: { names: Names }, id: unknown) {
  const stickerId = text(id);
  return `the sticker “${(stickerId && names.stickers.get(stickerId)) ?? 'a removed sticker'}”`;
}

const promoName = ({ names }: { names: Names }, id: unknown) =>
  `“${names.promoCodes.get(text(id) ?? '') ?? 'a removed code'}”`;

/** A perk table as one line: "level 10: 5% off, level 25: 10% off", or "none". */
function levelPerks(value: unknown): string {
  const perks = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const level = (perk: Record<string, unknown>) =>
    `level ${count(perk.fromLevel)}: ${count(perk.percentOff)}% off`;
  return perks.map(level).join(', ') || 'none';
}

function rewardName({ names }: { names: Names }, id: unknown) {
  const rewardId = text(id);
  return `the reward “${(rewardId && names.rewards.get(rewardId)) ?? 'a removed reward'}”`;
}

/** A post or comment as the Content tab shows it: the end of its id. */
function postRef(id: unknown) {
  const postId = text(id);
  return postId ? ` #${postId.slice(-6).toUpperCase()}` : '';
}

const anonymous = (value: unknown) => (value === true ? 'an anonymous' : 'a');

/** Where an address appears: for the Owner only. */
const fromIp = (row: { ip: string | null; viewer: { ips: boolean } }) =>
  row.viewer.ips && row.ip ? ` from ${row.ip}` : '';

export const AUDIT_SENTENCES: { [K in AuditEventType]: Sentence<K> } = {
  ORDER_STATUS_CHANGED: (row) => [
    'Changed the status of ',
    order(row.meta.orderId),
    ` from ${text(row.meta.oldStatus) ?? 'unknown'} to ${text(row.meta.newStatus) ?? 'unknown'}`,
    text(row.meta.driverId) && [{ text: ' (driver ' }, ...driver(row, row.meta.driverId), { text: ')' }],
    row.meta.withoutCode === true ? ': completed by staff, no code.' : '.',
  ],
  ORDER_CLAIMED: (row) => [driver(row, row.meta.driverId), ' called dibs on ', order(row.meta.orderId), '.'],
  ETA_SUBMITTED: (row) => [
    driver(row, row.meta.driverId),
    ` submitted an ETA of ${plural(count(row.meta.etaMinutes) ?? 0, 'minute')} for `,
    order(row.meta.orderId),
    '.',
  ],
  RUN_CANCELLED: (row) => [
    driver(row, row.meta.driverId),
    row.meta.declined === true ? ' declined the run of ' : ' cancelled the run of ',
    order(row.meta.orderId),
    row.meta.declined === true
      ? ' they were assigned: it went back to the queue.'
      : ': it went back to the queue.',
  ],
  RUN_ASSIGNED: (row) => [
    'Assigned ',
    order(row.meta.orderId),
    ' to ',
    driver(row, row.meta.driverId),
    text(row.meta.previousDriverId) && [
      { text: ', taking it from ' },
      ...driver(row, row.meta.previousDriverId),
    ],
    '.',
  ],
  ORDER_CANCELLED_BY_MEMBER: (row) => ['Cancelled their own ', order(row.meta.orderId), '.'],
  CUSTOMER_NOTIFIED: (row) => [
    driver(row, row.meta.driverId),
    ' told the customer of ',
    order(row.meta.orderId),
    ` they are on the way (${plural(count(row.meta.minutesLeft) ?? 0, 'minute')} to go).`,
  ],
  ORDER_DELIVERED: (row) => [
    driver(row, row.meta.driverId),
    ' delivered ',
    order(row.meta.orderId),
    row.meta.leftAtDoor === true ? ': left at the door with a photo.' : '.',
  ],
  DOOR_PHOTO_VIEWED: (row) => ['Viewed the door photo of ', order(row.meta.orderId), '.'],
  CLAIM_EXPIRED: (row) => [
    'The ETA window of ',
    driver(row, row.meta.driverId),
    ' ran out on ',
    order(row.meta.orderId),
    count(row.meta.strike) === 0
      ? ': back in the queue, no strike (the run was assigned).'
      : `: back in the queue, ${plural(count(row.meta.strike) ?? 1, 'strike')}.`,
  ],
  INSIGHTS_EXPORTED: ({ meta }) => [
    `Exported ${text(meta.section)} insights, ${text(meta.from)} to ${text(meta.to)}, as CSV.`,
  ],
  ORDERS_EXPORTED: ({ meta }) => [
    `Exported ${plural(count(meta.count) ?? 0, `${text(meta.view) ?? ''} order`)} as CSV.`,
  ],
  DRIVER_STATUS_CHANGE: (row) => {
    const on = row.meta.newValue === true;
    return row.meta.field === 'isApprovedDriver'
      ? [on ? 'Approved ' : 'Withdrew the approval of ', driver(row, row.meta.driverId), ' as a driver.']
      : ['Set ', driver(row, row.meta.driverId), on ? ' online.' : ' offline.'];
  },

  MEMBER_BANNED: (row) => ['Banned ', member(row, row.meta.memberId), '.'],
  MEMBER_UNBANNED: (row) => ['Unbanned ', member(row, row.meta.memberId), '.'],
  MEMBER_APPROVED: (row) => ['Approved the request to join of ', member(row, row.meta.memberId), '.'],
  MEMBER_DECLINED: (row) => ['Declined the request to join of ', member(row, row.meta.memberId), '.'],
  MEMBER_ID_VIEWED: (row) => ['Viewed the ID photo of ', member(row, row.meta.memberId), '.'],
  ROLES_UPDATED: (row) => {
    const roles = (value: unknown) => (Array.isArray(value) && value.length ? textList(value) : 'none');
    return [
      'Changed the roles of ',
      member(row, row.meta.memberId),
      ` from ${roles(row.meta.oldRoles)} to ${roles(row.meta.newRoles)}.`,
    ];
  },

  STICKER_CREATED: (row) => [`Added ${stickerName(row, row.meta.stickerId)} to the menu.`],
  STICKER_UPDATED: (row) => {
    const changed = textList(row.meta.changed);
    return [`Edited ${stickerName(row, row.meta.stickerId)}${changed ? ` (${changed})` : ''}.`];
  },
  STICKER_HIDDEN: (row) => [`Hid ${stickerName(row, row.meta.stickerId)} from the menu.`],
  STICKER_SHOWN: (row) => [`Showed ${stickerName(row, row.meta.stickerId)} on the menu again.`],
  STOCK_SET: (row) => [
    `Set the stock of ${stickerName(row, row.meta.stickerId)} (${sizeOf(row.meta.size)}): ${stockCount(row.meta.from)} → ${stockCount(row.meta.to)}.`,
  ],
  STOCK_ADJUSTED: (row) => {
    const by = count(row.meta.by) ?? 0;
    return [
      `${by < 0 ? `Took ${-by} from` : `Added ${by} to`} the stock of ${stickerName(row, row.meta.stickerId)} (${sizeOf(row.meta.size)}): ${stockCount(row.meta.from)} → ${stockCount(row.meta.to)}.`,
    ];
  },
  PICKUP_LOCATION_ADDED: ({ meta }) => [`Added the pickup location “${text(meta.name) ?? ''}”.`],
  PICKUP_LOCATION_REMOVED: ({ meta }) => [`Removed the pickup location “${text(meta.name) ?? ''}”.`],
  DELIVERY_AREA_SAVED: ({ meta }) => [
    `${meta.created ? 'Added' : 'Edited'} the delivery area “${text(meta.name) ?? ''}”.`,
  ],
  DELIVERY_AREA_REMOVED: ({ meta }) => [`Removed the delivery area “${text(meta.name) ?? ''}”.`],
  DELIVERY_HOURS_SET: ({ meta }) => [deliveryHoursChange(meta.days)],
  SHOP_SETTINGS_CHANGED: (row) => [shopSettingsChanges(row)],
  ECONOMY_SETTINGS_UPDATED: ({ meta }) => {
    const described = Object.entries(record(meta.changes)).map(([key, change]) => {
      const label = ECONOMY_SETTINGS[key as EconomySettingKey]?.label ?? key;
      const { old: before, new: after } = (change ?? {}) as { old?: unknown; new?: unknown };
      return `${label} ${String(count(before) ?? '?')} → ${String(count(after) ?? '?')}`;
    });
    return [`Changed the economy settings${described.length ? `: ${described.join('; ')}` : ''}.`];
  },
  PROMO_CODE_CREATED: (row) => [`Created the promo code ${promoName(row, row.meta.promoCodeId)}.`],
  PROMO_CODE_UPDATED: (row) => {
    const changed = textList(row.meta.changed);
    return [
      `Edited the promo code ${promoName(row, row.meta.promoCodeId)}${changed ? ` (${changed})` : ''}.`,
    ];
  },
  PROMO_CODE_PAUSED: (row) => [`Paused the promo code ${promoName(row, row.meta.promoCodeId)}.`],
  PROMO_CODE_RESUMED: (row) => [`Resumed the promo code ${promoName(row, row.meta.promoCodeId)}.`],
  LEVEL_PERKS_SET: ({ meta }) => [
    `Set the level perks: ${levelPerks(meta.before)} → ${levelPerks(meta.after)}.`,
  ],

  POST_PINNED: ({ meta }) => [`Pinned post${postRef(meta.postId)}.`],
  POST_UNPINNED: ({ meta }) => [`Unpinned post${postRef(meta.postId)}.`],
  POST_DELETED: ({ meta }) => {
    const comments = count(meta.comments) ?? 0;
    return [
      `Deleted ${anonymous(meta.anonymous)} post${postRef(meta.postId)}`,
      comments ? ` with ${plural(comments, 'comment')}` : '',
      meta.media === true ? ' and its media' : '',
      '.',
    ];
  },
  COMMENT_DELETED: ({ meta }) => [
    `Deleted ${anonymous(meta.anonymous)} comment on post${postRef(meta.postId)}.`,
  ],
  REPORTS_DISMISSED: ({ meta }) => [
    `Dismissed ${plural(count(meta.reports) ?? 0, 'report')} about `,
    text(meta.commentId) ? `a comment on post${postRef(meta.postId)}.` : `post${postRef(meta.postId)}.`,
  ],
  ANONYMOUS_AUTHOR_REVEALED: (row) => {
    const what = text(row.meta.commentId) ? 'an anonymous comment on post' : 'the anonymous post';
    return [
      `Revealed the author of ${what}${postRef(row.meta.postId)}`,
      row.viewer.reveals && [{ text: ': ' }, ...member(row, row.meta.authorId)],
      '.',
    ];
  },

  OWNER_LOGIN: (row) => [
    row.meta.success === true ? 'Signed in with the owner password' : 'A wrong owner password was tried',
    fromIp(row),
    '.',
  ],
  AUDIT_LOG_EXPORTED: (row) => auditExportDetails(row),

  BALANCE_ADJUSTED: (row) => {
    const signed = (value: unknown, unit: string) => {
      const n = count(value);
      return n ? `${n > 0 ? '+' : ''}${n} ${unit}` : undefined;
    };
    const change = [signed(row.meta.coins, 'coins'), signed(row.meta.xp, 'XP')].filter(Boolean).join(' and ');
    const reason = text(row.meta.reason);
    return [
      'Adjusted the balance of ',
      member(row, row.meta.memberId),
      change ? `: ${change}` : '',
      reason ? ` (reason: “${reason}”)` : '',
      '.',
    ];
  },
  REWARD_CREATED: (row) => [`Added ${rewardName(row, row.meta.rewardId)} to the Rewards Center.`],
  REWARD_UPDATED: (row) => {
    const changed = textList(row.meta.changed);
    return [`Edited ${rewardName(row, row.meta.rewardId)}${changed ? ` (${changed})` : ''}.`];
  },
  REWARD_HIDDEN: (row) => [`Hid ${rewardName(row, row.meta.rewardId)} from the Rewards Center.`],
  REWARD_SHOWN: (row) => [`Showed ${rewardName(row, row.meta.rewardId)} in the Rewards Center again.`],
  REWARD_REDEEMED: (row) => [
    `Redeemed ${rewardName(row, row.meta.rewardId)} for ${plural(count(row.meta.cost) ?? 0, 'coin')}.`,
  ],
  REWARD_REQUEST_APPROVED: (row) => {
    const credit = count(row.meta.creditCents);
    return [
      'Approved the request of ',
      member(row, row.meta.memberId),
      ` for ${rewardName(row, row.meta.rewardId)}${credit ? `, paid as ${formatCents(credit)} of store credit` : ''}.`,
    ];
  },
  REWARD_CONVERTED_TO_CREDIT: (row) => [
    'Paid the ',
    rewardName(row, row.meta.rewardId),
    ' reward of ',
    member(row, row.meta.memberId),
    ` as ${formatCents(count(row.meta.creditCents) ?? 0)} of store credit.`,
  ],
  REWARD_REQUEST_REFUSED: (row) => {
    const reason = text(row.meta.reason);
    return [
      'Refused the request of ',
      member(row, row.meta.memberId),
      ` for ${rewardName(row, row.meta.rewardId)}`,
      reason ? ` (reason: “${reason}”)` : '',
      ': coins refunded.',
    ];
  },

  SMS_SENT: ({ meta }) => [
    `Sent an SMS to ${plural(count(meta.recipientCount) ?? 0, 'member')}`,
    text(meta.segment) ? ` (${text(meta.segment)})` : '',
    '.',
  ],
  SMS_SETTINGS_CHANGED: ({ meta, viewer }) => {
    // The sender is a phone number: contact details. The provider's account id is never shown.
    const changes = [
      viewer.contacts && text(meta.sender) ? `sender ${text(meta.sender)}` : undefined,
      count(meta.dailyCap) === undefined ? undefined : `daily cap ${count(meta.dailyCap)}`,
      text(meta.authToken) && meta.authToken !== 'unchanged'
        ? `auth token ${text(meta.authToken)}`
        : undefined,
    ].filter(Boolean);
    return [`Changed the SMS settings${changes.length ? `: ${changes.join('; ')}` : ''}.`];
  },
  DATABASE_EXPORTED: () => ['Exported the database as JSON.'],

  PASSWORD_RESET_REQUESTED: (row) => [
    // Ids only: an address that belongs to nobody leaves no trace of itself.
    text(row.meta.memberId)
      ? 'Asked for a password reset link'
      : 'A password reset link was asked for an unknown e-mail',
    fromIp(row),
    '.',
  ],
  PASSWORD_RESET: () => ['Chose a new password with a reset link; every session of the account ended.'],
  PASSWORD_CHANGED: ({ meta }) => [
    'Changed their password',
    meta.otherDevicesSignedOut === true ? ' and signed out of their other devices' : '',
    '.',
  ],
  EMAIL_VERIFIED: () => ['Confirmed their e-mail address.'],
  EMAIL_CHANGE_REQUESTED: () => ['Asked to change their e-mail address (a link went to the new one).'],
  EMAIL_CHANGED: () => ['Changed their e-mail address.'],
  SESSIONS_ENDED: ({ meta }) => [`Signed out of ${plural(count(meta.count) ?? 0, 'other device')}.`],
  DATA_EXPORT_REQUESTED: () => ['Asked for a copy of their data (Download My Data).'],
  DATA_EXPORT_DOWNLOADED: () => ['Downloaded the copy of their data.'],
  ACCOUNT_DELETED: () => ['Deleted their account; their personal details were removed.'],
  TWO_FACTOR_ENABLED: () => ['Turned on two-factor sign-in.'],
  TWO_FACTOR_DISABLED: () => ['Turned off two-factor sign-in.'],
  TWO_FACTOR_RESET: (row) => [
    'Turned off two-factor sign-in for ',
    member(row, row.meta.memberId),
    ' (npm run reset-2fa).',
  ],
  TWO_FACTOR_BACKUP_CODE_USED: ({ meta }) => {
    const left = count(meta.codesLeft);
    return ['Signed in with a backup code', left === undefined ? '' : ` (${plural(left, 'code')} left)`, '.'];
  },
};

/** An event's sentence, as the parts the browser links and the CSV joins. */
export function sentenceOf<K extends AuditEventType>(type: K, row: SentenceInput<K>): DetailPart[] {
  return joinPieces(AUDIT_SENTENCES[type](row));
}

/** The pieces as a sentence: neighbouring plain pieces as one, so it is its text with its links, no more. */
function joinPieces(pieces: Piece[]): DetailPart[] {
  const joined: DetailPart[] = [];
  for (const piece of pieces.flat()) {
    if (!piece) continue;
    const part = typeof piece === 'string' ? { text: piece } : piece;
    const last = joined.at(-1);
    if (last && Object.keys(last).length === 1 && Object.keys(part).length === 1) {
      joined[joined.length - 1] = { text: last.text + part.text };
    } else joined.push(part);
  }
  return joined.filter((part) => part.text !== '');
}

/** What changed in the shop settings; the shop's phone number only for a viewer who reads contact details. */
/** The week's delivery hours as set: "Set the delivery hours: Mon 10:00 AM – 10:00 PM, …" or always open. */
function deliveryHoursChange(days: unknown): string {
  const set = Array.isArray(days)
    ? (days as { weekday?: unknown; opensAt?: unknown; closesAt?: unknown }[])
    : [];
  if (set.length === 0) return 'Set delivery to always open (no hours).';
  const described = WEEKDAYS.flatMap(({ weekday, short }) => {
    const day = set.find((d) => d.weekday === weekday);
    return day
      ? [`${short} ${clockText(count(day.opensAt) ?? 0)} – ${clockText(count(day.closesAt) ?? 0)}`]
      : [];
  });
  return `Set the delivery hours: ${described.join(', ')}; other days closed.`;
}

function shopSettingsChanges({ meta, viewer }: SentenceInput<'SHOP_SETTINGS_CHANGED'>): string {
  const before = record(meta.before);
  const after = record(meta.after);
  const changes: string[] = [];
  if (before.shopName !== after.shopName) {
    changes.push(`name “${text(before.shopName) ?? ''}” → “${text(after.shopName) ?? ''}”`);
  }
  if (before.contactPhone !== after.contactPhone) {
    changes.push(
      viewer.contacts
        ? `contact phone ${text(before.contactPhone) ?? 'none'} → ${text(after.contactPhone) ?? 'none'}`
        : 'contact phone',
    );
  }
  if (before.deliveryFeeCents !== after.deliveryFeeCents) {
    const fee = (value: unknown) => (count(value) === undefined ? '?' : formatCents(count(value)!));
    changes.push(`delivery fee ${fee(before.deliveryFeeCents)} → ${fee(after.deliveryFeeCents)}`);
  }
  if (after.timeZone !== undefined && before.timeZone !== after.timeZone) {
    changes.push(`time zone ${text(before.timeZone) ?? '?'} → ${text(after.timeZone) ?? '?'}`);
  }
  if (
    typeof after.requireVerifiedEmail === 'boolean' &&
    before.requireVerifiedEmail !== after.requireVerifiedEmail
  ) {
    changes.push(`confirmed e-mail required ${after.requireVerifiedEmail ? 'on' : 'off'}`);
  }
  // Rows from before the setting existed have no join mode: nothing changed there.
  const joinModeName = (mode: unknown) => JOIN_MODES[isJoinMode(mode) ? mode : 'open'];
  if (after.joinMode !== undefined && joinModeName(before.joinMode) !== joinModeName(after.joinMode)) {
    changes.push(`how members join ${joinModeName(before.joinMode)} → ${joinModeName(after.joinMode)}`);
  }
  if (after.askAgainDays !== undefined && before.askAgainDays !== after.askAgainDays) {
    const days = (value: unknown) => (count(value) === undefined ? '?' : plural(count(value)!, 'day'));
    changes.push(`wait before asking again ${days(before.askAgainDays)} → ${days(after.askAgainDays)}`);
  }
  if (typeof after.idCheck === 'boolean' && Boolean(before.idCheck) !== after.idCheck) {
    changes.push(`photo ID check ${after.idCheck ? 'on' : 'off'}`);
  }
  if (typeof after.pickupCode === 'boolean' && Boolean(before.pickupCode) !== after.pickupCode) {
    changes.push(`pickup code at the counter ${after.pickupCode ? 'on' : 'off'}`);
  }
  if (after.lowStockThreshold !== undefined && before.lowStockThreshold !== after.lowStockThreshold) {
    changes.push(
      `“Only N left” at ${stockCount(before.lowStockThreshold)} → ${stockCount(after.lowStockThreshold)}`,
    );
  }
  return `Changed the shop settings${changes.length ? `: ${changes.join('; ')}` : ''}.`;
}

/** An export of this log, with the filters it was taken with (members named, never with their e-mails). */
function auditExportDetails(row: SentenceInput<'AUDIT_LOG_EXPORTED'>): Piece[] {
  const filters = record(row.meta.filters);
  const described: DetailPart[][] = [];
  const orderId = text(filters.orderId);
  if (orderId) described.push([{ text: `order ${orderId}` }]);
  const eventType = text(filters.eventType);
  if (eventType) described.push([{ text: `event type ${eventType}` }]);
  for (const [key, label] of [
    ['driverId', 'driver'],
    ['actorId', 'actor'],
  ] as const) {
    const id = text(filters[key]);
    if (id) described.push([{ text: `${label} ` }, ...member(row, id)]);
  }
  const from = text(filters.from);
  if (from) described.push([{ text: `from ${from}` }]);
  const to = text(filters.to);
  if (to) described.push([{ text: `until ${to}` }]);
  if (described.length === 0) return ['Exported the whole audit log as CSV.'];
  return [
    'Exported the audit log as CSV (',
    ...described.flatMap((parts, index) => (index === 0 ? parts : [{ text: ', ' }, ...parts])),
    ').',
  ];
}
