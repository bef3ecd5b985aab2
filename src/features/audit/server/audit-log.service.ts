import { stringify } from 'csv-stringify/sync';
import { and, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { can, hasRole } from '~/shared/permissions';
import { ECONOMY_SETTINGS, type EconomySettingKey } from '~/shared/economy-settings';
import { formatCents } from '~/shared/money';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { sticker } from '~/server/db/tables/shop.tables';
import { reward } from '~/server/db/tables/rewards.tables';
import { pageOf, timeKeyset } from '~/server/pagination';
import type { Actor, ServiceContext } from '~/server/service-context';
import { shortOrderId } from '~/features/shop/orders.constants';
import { neutraliseCell } from '~/features/shop/server/orders-desk.service';
import type {
  AuditLogEntry,
  AuditLogFilters,
  AuditLogMember,
  AuditLogOptions,
  AuditLogPage,
  AuditLogQuery,
  DetailPart,
} from '../audit.schema';
import { FORMER_MEMBER, SYSTEM_ACTOR } from '../audit.constants';

export const AUDIT_PAGE_SIZE = 50;
/** Rows read, described and written out per step of a CSV export: the export never holds more. */
export const EXPORT_BATCH = 500;

type AuditRow = typeof auditLog.$inferSelect;

const newestFirst = timeKeyset({ time: auditLog.createdAt, id: auditLog.id, direction: 'desc' });
// The same expressions as the indexes audit_log_order_idx and audit_log_driver_idx, so the planner uses them.
const orderIdOf = sql<string>`(${auditLog.meta} ->> 'orderId')`;
const driverIdOf = sql<string>`(${auditLog.meta} ->> 'driverId')`;

/** What this viewer may read in a row beyond the event itself. */
interface Viewer {
  contacts: boolean;
  reveals: boolean;
  ips: boolean;
}

const viewerOf = (actor: Actor): Viewer => ({
  contacts: can(actor, 'read:contact-details'),
  reveals: can(actor, 'reveal:anonymous-authors'),
  // Not a capability an Admin holds: the Owner's own sign-in addresses are the Owner's to read.
  ips: hasRole(actor, 'Owner'),
});

/**
 * The order filter's ids: the text as an order id, and, for a short number as the app shows it (#A1B2C3, any
 * case, # optional), every order whose id ends with it.
 */
async function orderIdsFor(db: Executor, text: string): Promise<string[]> {
  const short = text.replace(/^#/, '').trim();
  const ids = new Set([text, short]);
  if (/^[0-9a-f]{6}$/i.test(short)) {
    const matches = await db
      .select({ id: shopOrder.id })
      .from(shopOrder)
      .where(like(shopOrder.id, `%${short.toLowerCase()}`))
      .limit(100);
    for (const { id } of matches) ids.add(id);
  }
  return [...ids].filter(Boolean);
}

async function conditionsOf(db: Executor, filters: AuditLogFilters): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (filters.orderId) conditions.push(inArray(orderIdOf, await orderIdsFor(db, filters.orderId)));
  if (filters.eventType) conditions.push(eq(auditLog.eventType, filters.eventType));
  if (filters.driverId) conditions.push(eq(driverIdOf, filters.driverId));
  if (filters.actorId) conditions.push(eq(auditLog.actorId, filters.actorId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) conditions.push(lt(auditLog.createdAt, filters.to));
  return conditions;
}

function selectRows(db: Executor, conditions: SQL[], limit: number, cursor: string | undefined) {
  return db
    .select({ row: auditLog, cursorAt: newestFirst.cursorAt })
    .from(auditLog)
    .where(and(...conditions, newestFirst.after(cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(limit);
}

const keyOf = (last: { row: AuditRow; cursorAt: string }) => [last.cursorAt, last.row.id] as const;

/** The Audit Log, newest first, a page at a time, each row described for this viewer. */
export async function listAuditLog(
  ctx: ServiceContext,
  actor: Actor,
  { cursor, ...filters }: AuditLogQuery,
): Promise<AuditLogPage> {
  const conditions = await conditionsOf(ctx.db, filters);
  const rows = await selectRows(ctx.db, conditions, AUDIT_PAGE_SIZE + 1, cursor);
  const page = pageOf(rows, AUDIT_PAGE_SIZE, keyOf);
  return {
    items: await describeRows(
      ctx.db,
      viewerOf(actor),
      page.items.map(({ row }) => row),
    ),
    nextCursor: page.nextCursor,
  };
}

/** The distinct values of an indexed expression, one index probe each (a skip scan), in order. */
async function distinctValues(db: Executor, expression: SQL): Promise<string[]> {
  // PGlite and node-postgres both answer a raw query with `rows`.
  const result = (await db.execute(sql`
    with recursive found(value) as (
      (select ${expression} from ${auditLog} where ${expression} is not null order by 1 limit 1)
      union all
      select (
        select ${expression} from ${auditLog}
        where ${expression} > found.value
        order by 1 limit 1
      )
      from found where found.value is not null
    )
    select value from found where value is not null`)) as unknown as { rows: { value: string }[] };
  return result.rows.map((row) => row.value);
}

/** Names for member ids; a deleted member is a Former member, told apart by the start of their id. */
async function membersNamed(db: Executor, ids: string[]): Promise<AuditLogMember[]> {
  const named = await namesOf(db, ids);
  return ids
    .map((id) => ({ id, name: named.get(id)?.name ?? `${FORMER_MEMBER} (${id.slice(0, 8)})` }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The filters' choices: event types in the log, drivers (who hold the role or acted as one), actors. */
export async function auditLogOptions(ctx: ServiceContext): Promise<AuditLogOptions> {
  const [eventTypes, loggedDrivers, actors, currentDrivers] = await Promise.all([
    distinctValues(ctx.db, sql`${auditLog.eventType}`),
    distinctValues(ctx.db, driverIdOf),
    distinctValues(ctx.db, sql`${auditLog.actorId}`),
    ctx.db
      .select({ id: user.id })
      .from(user)
      .where(or(sql`'Driver' = ANY(${user.roles})`, eq(user.role, 'Driver'))),
  ]);
  const driverIds = [...new Set([...loggedDrivers, ...currentDrivers.map((row) => row.id)])];
  return {
    eventTypes: eventTypes.sort(),
    drivers: await membersNamed(ctx.db, driverIds),
    actors: await membersNamed(ctx.db, actors),
  };
}

const CSV_COLUMNS = ['Timestamp', 'Event Type', 'Actor', 'Details', 'Order ID'] as const;

/** The filters an export was asked with, ids only, for its audit row (under `filters`, so no filter finds it). */
function filtersForAudit(filters: AuditLogFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, value instanceof Date ? value.toISOString() : value]],
    ),
  );
}

/**
 * The filtered log as CSV, newest first, streamed: EXPORT_BATCH rows are read, described for this viewer and
 * written out at a time, as the reader takes them, so the export never holds the whole table. Every cell goes
 * through csv-stringify and `neutraliseCell`, as the orders export does. The export itself is audited first.
 */
export async function exportAuditLog(
  ctx: ServiceContext,
  actor: Actor,
  filters: AuditLogFilters,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  await writeAudit(ctx.db, {
    eventType: 'AUDIT_LOG_EXPORTED',
    actorId: actor.id,
    meta: { filters: filtersForAudit(filters) },
    at: ctx.now,
  });
  const viewer = viewerOf(actor);
  const conditions = await conditionsOf(ctx.db, filters);
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await selectRows(ctx.db, conditions, EXPORT_BATCH + 1, cursor);
      const page = pageOf(rows, EXPORT_BATCH, keyOf);
      const entries = await describeRows(
        ctx.db,
        viewer,
        page.items.map(({ row }) => row),
      );
      const records = entries.map((entry, index) =>
        [
          entry.at,
          entry.eventType,
          entry.actor.name,
          entry.details.map((part) => part.text).join(''),
          orderIdIn(page.items[index]!.row.meta) ?? '',
        ].map(neutraliseCell),
      );
      const csv = stringify(records, {
        header: first,
        columns: [...CSV_COLUMNS],
        record_delimiter: 'windows',
      });
      first = false;
      if (csv) controller.enqueue(encoder.encode(csv));
      if (page.nextCursor) cursor = page.nextCursor;
      else controller.close();
    },
  });
  return { filename: 'audit-log.csv', body };
}

// Reading a row's event data: it is JSON written over the years, so every value is checked before use.

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const orderIdIn = (meta: Record<string, unknown>) => text(meta.orderId);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Named {
  name: string;
  email: string;
}

async function namesOf(db: Executor, ids: string[]): Promise<Map<string, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/** The members and stickers a page of rows names, loaded at once; then each row as its readable entry. */
async function describeRows(db: Executor, viewer: Viewer, rows: AuditRow[]): Promise<AuditLogEntry[]> {
  const memberIds = new Set<string>();
  const stickerIds = new Set<string>();
  const rewardIds = new Set<string>();
  for (const row of rows) {
    if (row.actorId) memberIds.add(row.actorId);
    for (const key of ['driverId', 'memberId'] as const) {
      const id = text(row.meta[key]);
      if (id) memberIds.add(id);
    }
    // An anonymous author's id is looked up only for a viewer who may see who they are.
    const authorId = text(row.meta.authorId);
    if (authorId && viewer.reveals) memberIds.add(authorId);
    if (row.eventType === 'AUDIT_LOG_EXPORTED' && row.meta.filters && typeof row.meta.filters === 'object') {
      const filters = row.meta.filters as Record<string, unknown>;
      for (const id of [text(filters.driverId), text(filters.actorId)]) if (id) memberIds.add(id);
    }
    const stickerId = text(row.meta.stickerId);
    if (stickerId) stickerIds.add(stickerId);
    const rewardId = text(row.meta.rewardId);
    if (rewardId) rewardIds.add(rewardId);
  }
  const [members, stickers, rewards] = await Promise.all([
    namesOf(db, [...memberIds]),
    stickerIds.size
      ? db
          .select({ id: sticker.id, name: sticker.name })
          .from(sticker)
          .where(inArray(sticker.id, [...stickerIds]))
      : [],
    rewardIds.size
      ? db
          .select({ id: reward.id, title: reward.title })
          .from(reward)
          .where(inArray(reward.id, [...rewardIds]))
      : [],
  ]);
  const stickerNames = new Map(stickers.map((row) => [row.id, row.name]));
  const rewardNames = new Map(rewards.map((row) => [row.id, row.title]));
  return rows.map((row) => describeRow(row, { viewer, members, stickerNames, rewardNames }));
}

interface Lookup {
  viewer: Viewer;
  members: Map<string, Named>;
  stickerNames: Map<string, string>;
  rewardNames: Map<string, string>;
}

function actorOf(row: AuditRow, members: Map<string, Named>): AuditLogEntry['actor'] {
  if (!row.actorId) {
    const byVisitor = row.eventType === 'OWNER_LOGIN' || row.eventType === 'PASSWORD_RESET_REQUESTED';
    return { name: byVisitor ? 'Unknown visitor' : SYSTEM_ACTOR, memberId: null };
  }
  const member = members.get(row.actorId);
  return member ? { name: member.name, memberId: row.actorId } : { name: FORMER_MEMBER, memberId: null };
}

/** One row as the viewer may read it: when, what, who, and a sentence built from its ids. */
function describeRow(row: AuditRow, lookup: Lookup): AuditLogEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    eventType: row.eventType,
    actor: actorOf(row, lookup.members),
    details: sentenceOf(row, lookup),
  };
}

function sentenceOf(row: AuditRow, lookup: Lookup): DetailPart[] {
  const { viewer, members, stickerNames, rewardNames } = lookup;
  const meta = row.meta;
  const parts: DetailPart[] = [];
  const say = (...pieces: (string | DetailPart | DetailPart[] | undefined | false)[]) => {
    for (const piece of pieces) {
      if (!piece) continue;
      if (typeof piece === 'string') parts.push({ text: piece });
      else if (Array.isArray(piece)) parts.push(...piece);
      else parts.push(piece);
    }
  };
  const order = (): DetailPart | string => {
    const id = orderIdIn(meta);
    return id ? { text: `order #${shortOrderId(id)}`, orderId: id } : 'an order';
  };
  /** A member by id: linked, with their e-mail for a viewer who reads contact details. */
  const member = (id: string | undefined, fallback = 'a member'): DetailPart[] => {
    if (!id) return [{ text: fallback }];
    const found = members.get(id);
    if (!found) return [{ text: FORMER_MEMBER }];
    return [{ text: found.name, memberId: id }, ...(viewer.contacts ? [{ text: ` (${found.email})` }] : [])];
  };
  const driver = () => member(text(meta.driverId), 'a driver');
  const stickerName = () => {
    const id = text(meta.stickerId);
    return `the sticker “${(id && stickerNames.get(id)) ?? 'a removed sticker'}”`;
  };
  const rewardName = () => {
    const id = text(meta.rewardId);
    return `the reward “${(id && rewardNames.get(id)) ?? 'a removed reward'}”`;
  };
  const postRef = (key: 'postId' | 'commentId') => {
    const id = text(meta[key]);
    return id ? ` #${id.slice(-6).toUpperCase()}` : '';
  };
  const anonymous = meta.anonymous === true ? 'an anonymous' : 'a';

  switch (row.eventType) {
    case 'ORDER_STATUS_CHANGED': {
      const driverId = text(meta.driverId);
      say(
        'Changed the status of ',
        order(),
        ` from ${text(meta.oldStatus) ?? 'unknown'} to ${text(meta.newStatus) ?? 'unknown'}`,
        driverId && [{ text: ' (driver ' }, ...driver(), { text: ')' }],
        '.',
      );
      break;
    }
    case 'ORDER_CLAIMED':
      say(driver(), ' called dibs on ', order(), '.');
      break;
    case 'ETA_SUBMITTED':
      say(
        driver(),
        ` submitted an ETA of ${plural(count(meta.etaMinutes) ?? 0, 'minute')} for `,
        order(),
        '.',
      );
      break;
    case 'RUN_CANCELLED':
      say(driver(), ' cancelled the run of ', order(), ': it went back to the queue.');
      break;
    case 'CUSTOMER_NOTIFIED':
      say(
        driver(),
        ' told the customer of ',
        order(),
        ` they are on the way (${plural(count(meta.minutesLeft) ?? 0, 'minute')} to go).`,
      );
      break;
    case 'ORDER_DELIVERED':
      say(driver(), ' delivered ', order(), '.');
      break;
    case 'CLAIM_EXPIRED':
      say(
        'The ETA window of ',
        driver(),
        ' ran out on ',
        order(),
        `: back in the queue, ${plural(count(meta.strike) ?? 1, 'strike')}.`,
      );
      break;
    case 'ORDERS_EXPORTED':
      say(`Exported ${plural(count(meta.count) ?? 0, `${text(meta.view) ?? ''} order`)} as CSV.`);
      break;
    case 'DRIVER_STATUS_CHANGE': {
      const on = meta.newValue === true;
      if (meta.field === 'isApprovedDriver') {
        say(on ? 'Approved ' : 'Withdrew the approval of ', driver(), on ? ' as a driver.' : ' as a driver.');
      } else {
        say('Set ', driver(), on ? ' online.' : ' offline.');
      }
      break;
    }
    case 'MEMBER_BANNED':
    case 'MEMBER_UNBANNED':
      say(row.eventType === 'MEMBER_BANNED' ? 'Banned ' : 'Unbanned ', member(text(meta.memberId)), '.');
      break;
    case 'ROLES_UPDATED': {
      const roles = (value: unknown) =>
        Array.isArray(value) && value.length ? value.filter((r) => typeof r === 'string').join(', ') : 'none';
      say(
        'Changed the roles of ',
        member(text(meta.memberId)),
        ` from ${roles(meta.oldRoles)} to ${roles(meta.newRoles)}.`,
      );
      break;
    }
    case 'STICKER_CREATED':
      say(`Added ${stickerName()} to the menu.`);
      break;
    case 'STICKER_UPDATED': {
      const changed = Array.isArray(meta.changed)
        ? meta.changed.filter((field) => typeof field === 'string').join(', ')
        : '';
      say(`Edited ${stickerName()}${changed ? ` (${changed})` : ''}.`);
      break;
    }
    case 'STICKER_HIDDEN':
      say(`Hid ${stickerName()} from the menu.`);
      break;
    case 'STICKER_SHOWN':
      say(`Showed ${stickerName()} on the menu again.`);
      break;
    case 'PICKUP_LOCATION_ADDED':
      say(`Added the pickup location “${text(meta.name) ?? ''}”.`);
      break;
    case 'PICKUP_LOCATION_REMOVED':
      say(`Removed the pickup location “${text(meta.name) ?? ''}”.`);
      break;
    case 'SHOP_SETTINGS_CHANGED':
      say(shopSettingsChanges(meta, viewer));
      break;
    case 'ECONOMY_SETTINGS_UPDATED': {
      const changes =
        meta.changes && typeof meta.changes === 'object' ? Object.entries(meta.changes as object) : [];
      const described = changes.map(([key, change]) => {
        const label = ECONOMY_SETTINGS[key as EconomySettingKey]?.label ?? key;
        const { old: before, new: after } = (change ?? {}) as { old?: unknown; new?: unknown };
        return `${label} ${String(count(before) ?? '?')} → ${String(count(after) ?? '?')}`;
      });
      say(`Changed the economy settings${described.length ? `: ${described.join('; ')}` : ''}.`);
      break;
    }
    case 'POST_PINNED':
      say(`Pinned post${postRef('postId')}.`);
      break;
    case 'POST_UNPINNED':
      say(`Unpinned post${postRef('postId')}.`);
      break;
    case 'POST_DELETED': {
      const comments = count(meta.comments) ?? 0;
      say(
        `Deleted ${anonymous} post${postRef('postId')}`,
        comments ? ` with ${plural(comments, 'comment')}` : '',
        meta.media === true ? ' and its media' : '',
        '.',
      );
      break;
    }
    case 'COMMENT_DELETED':
      say(`Deleted ${anonymous} comment on post${postRef('postId')}.`);
      break;
    case 'REPORTS_DISMISSED':
      say(
        `Dismissed ${plural(count(meta.reports) ?? 0, 'report')} about `,
        text(meta.commentId) ? `a comment on post${postRef('postId')}.` : `post${postRef('postId')}.`,
      );
      break;
    case 'ANONYMOUS_AUTHOR_REVEALED': {
      const what = text(meta.commentId) ? 'an anonymous comment on post' : 'the anonymous post';
      say(
        `Revealed the author of ${what}${postRef('postId')}`,
        viewer.reveals && [{ text: ': ' }, ...member(text(meta.authorId))],
        '.',
      );
      break;
    }
    case 'OWNER_LOGIN':
      say(
        meta.success === true ? 'Signed in with the owner password' : 'A wrong owner password was tried',
        viewer.ips && row.ip ? ` from ${row.ip}` : '',
        '.',
      );
      break;
    case 'AUDIT_LOG_EXPORTED':
      say(auditExportDetails(meta, lookup));
      break;
    case 'BALANCE_ADJUSTED': {
      const signed = (value: unknown, unit: string) => {
        const n = count(value);
        return n ? `${n > 0 ? '+' : ''}${n} ${unit}` : undefined;
      };
      const change = [signed(meta.coins, 'coins'), signed(meta.xp, 'XP')].filter(Boolean).join(' and ');
      const reason = text(meta.reason);
      say(
        'Adjusted the balance of ',
        member(text(meta.memberId)),
        change ? `: ${change}` : '',
        reason ? ` (reason: “${reason}”)` : '',
        '.',
      );
      break;
    }
    case 'REWARD_CREATED':
      say(`Added ${rewardName()} to the Rewards Center.`);
      break;
    case 'REWARD_UPDATED': {
      const changed = Array.isArray(meta.changed)
        ? meta.changed.filter((field) => typeof field === 'string').join(', ')
        : '';
      say(`Edited ${rewardName()}${changed ? ` (${changed})` : ''}.`);
      break;
    }
    case 'REWARD_HIDDEN':
      say(`Hid ${rewardName()} from the Rewards Center.`);
      break;
    case 'REWARD_SHOWN':
      say(`Showed ${rewardName()} in the Rewards Center again.`);
      break;
    case 'REWARD_REDEEMED':
      say(`Redeemed ${rewardName()} for ${plural(count(meta.cost) ?? 0, 'coin')}.`);
      break;
    case 'REWARD_REQUEST_APPROVED':
      say('Approved the request of ', member(text(meta.memberId)), ` for ${rewardName()}.`);
      break;
    case 'REWARD_REQUEST_REFUSED': {
      const reason = text(meta.reason);
      say(
        'Refused the request of ',
        member(text(meta.memberId)),
        ` for ${rewardName()}`,
        reason ? ` (reason: “${reason}”)` : '',
        ': coins refunded.',
      );
      break;
    }
    case 'SMS_SENT':
      say(
        `Sent an SMS to ${plural(count(meta.recipientCount) ?? 0, 'member')}`,
        text(meta.segment) ? ` (${text(meta.segment)})` : '',
        '.',
      );
      break;
    case 'SMS_SETTINGS_CHANGED': {
      // The sender is a phone number: contact details. The provider's account id is never shown.
      const changes = [
        viewer.contacts && text(meta.sender) ? `sender ${text(meta.sender)}` : undefined,
        count(meta.dailyCap) === undefined ? undefined : `daily cap ${count(meta.dailyCap)}`,
        text(meta.authToken) && meta.authToken !== 'unchanged'
          ? `auth token ${text(meta.authToken)}`
          : undefined,
      ].filter(Boolean);
      say(`Changed the SMS settings${changes.length ? `: ${changes.join('; ')}` : ''}.`);
      break;
    }
    case 'DATABASE_EXPORTED':
      say('Exported the database as JSON.');
      break;
    case 'PASSWORD_RESET_REQUESTED':
      // Ids only: an address that belongs to nobody leaves no trace of itself.
      say(
        text(meta.memberId)
          ? 'Asked for a password reset link'
          : 'A password reset link was asked for an unknown e-mail',
        viewer.ips && row.ip ? ` from ${row.ip}` : '',
        '.',
      );
      break;
    case 'PASSWORD_RESET':
      say('Chose a new password with a reset link; every session of the account ended.');
      break;
    case 'PASSWORD_CHANGED':
      say(
        'Changed their password',
        meta.otherDevicesSignedOut === true ? ' and signed out of their other devices' : '',
        '.',
      );
      break;
    case 'EMAIL_VERIFIED':
      say('Confirmed their e-mail address.');
      break;
    case 'EMAIL_CHANGE_REQUESTED':
      say('Asked to change their e-mail address (a link went to the new one).');
      break;
    case 'EMAIL_CHANGED':
      say('Changed their e-mail address.');
      break;
    case 'SESSIONS_ENDED': {
      const n = count(meta.count) ?? 0;
      say(`Signed out of ${plural(n, 'other device')}.`);
      break;
    }
    case 'DATA_EXPORT_REQUESTED':
      say('Asked for a copy of their data (Download My Data).');
      break;
    case 'DATA_EXPORT_DOWNLOADED':
      say('Downloaded the copy of their data.');
      break;
    case 'ACCOUNT_DELETED':
      say('Deleted their account; their personal details were removed.');
      break;
    case 'TWO_FACTOR_ENABLED':
      say('Turned on two-factor sign-in.');
      break;
    case 'TWO_FACTOR_DISABLED':
      say('Turned off two-factor sign-in.');
      break;
    case 'TWO_FACTOR_RESET':
      say('Turned off two-factor sign-in for ', member(text(meta.memberId)), ' (npm run reset-2fa).');
      break;
    case 'TWO_FACTOR_BACKUP_CODE_USED': {
      const left = count(meta.codesLeft);
      say('Signed in with a backup code', left === undefined ? '' : ` (${plural(left, 'code')} left)`, '.');
      break;
    }
    default:
      say(`Recorded ${row.eventType}.`);
  }
  return joinText(parts);
}

/** Neighbouring plain pieces as one: a sentence is its text with its links, no more pieces than that. */
function joinText(parts: DetailPart[]): DetailPart[] {
  const joined: DetailPart[] = [];
  for (const part of parts) {
    const last = joined.at(-1);
    if (last && Object.keys(last).length === 1 && Object.keys(part).length === 1) {
      joined[joined.length - 1] = { text: last.text + part.text };
    } else joined.push(part);
  }
  return joined.filter((part) => part.text !== '');
}

/** What changed in the shop settings; the shop's phone number only for a viewer who reads contact details. */
function shopSettingsChanges(meta: Record<string, unknown>, viewer: Viewer): string {
  const side = (value: unknown) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const before = side(meta.before);
  const after = side(meta.after);
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
  return `Changed the shop settings${changes.length ? `: ${changes.join('; ')}` : ''}.`;
}

/** An export of this log, with the filters it was taken with. */
function auditExportDetails(meta: Record<string, unknown>, lookup: Lookup): DetailPart[] {
  const filters =
    meta.filters && typeof meta.filters === 'object' ? (meta.filters as Record<string, unknown>) : {};
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
    if (!id) continue;
    const found = lookup.members.get(id);
    described.push([
      { text: `${label} ` },
      found ? { text: found.name, memberId: id } : { text: FORMER_MEMBER },
    ]);
  }
  const from = text(filters.from);
  if (from) described.push([{ text: `from ${from}` }]);
  const to = text(filters.to);
  if (to) described.push([{ text: `until ${to}` }]);
  if (described.length === 0) return [{ text: 'Exported the whole audit log as CSV.' }];
  return joinText([
    { text: 'Exported the audit log as CSV (' },
    ...described.flatMap((parts, index) => (index === 0 ? parts : [{ text: ', ' }, ...parts])),
    { text: ').' },
  ]);
}
