import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, ne, sql, sum } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { can } from '~/shared/permissions';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { shopSettings } from '~/server/db/tables/shop.tables';
import { smsRecipient, smsSend, smsSettings } from '~/server/db/tables/sms.tables';
import { publish } from '~/server/events';
import { decodeCursor, pageOf, timeKeyset } from '~/server/pagination';
import { secretBoxFor } from '~/server/secret-box';
import type { Actor, ServiceContext } from '~/server/service-context';
import { z } from 'zod';
import { DEFAULT_SHOP_SETTINGS } from '~/features/shop/server/shop.service';
import type {
  SendSmsResponse,
  SmsAudienceResponse,
  SmsRecipientStatus,
  SmsRecipientsResponse,
  SmsSendStatus,
  SmsSendView,
  SmsSendsResponse,
  SmsSettingsView,
  UpdateSmsSettingsInput,
} from '../sms.schema';
import type { SmsSegment } from '../sms.constants';
import { inGoodStanding } from '~/server/member-standing';

export const SMS_LOG_PAGE_SIZE = 20;
export const SMS_RECIPIENTS_PAGE_SIZE = 50;
/** The daily cap counts the messages queued in the last 24 hours. */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Shop settings' default, when no settings row was ever saved. */
export const DEFAULT_SMS_DAILY_CAP = 500;
/** Sends take this transaction-scoped lock: the cap and the idempotency key are checked one send at a time. */
const SEND_LOCK_KEY = 742_042_020;

type SendRow = typeof smsSend.$inferSelect;

// ---- Recipients ---------------------------------------------------------------------------------------------

/**
 * Who a segment reaches: members with SMS consent, approved, not banned, with a phone, holding the segment's role
 * (the roles list, falling back to the single role, as rolesOf() reads them). 'all' is every such member.
 */
function recipientsWhere(segment: SmsSegment) {
  return and(
    eq(user.smsConsent, true),
    inGoodStanding,
    ne(user.phone, ''),
    segment === 'all'
      ? undefined
      : sql`(case when cardinality(${user.roles}) > 0 then ${segment} = any(${user.roles}) else ${user.role} = ${segment} end)`,
  );
}

async function countRecipients(db: Executor, segment: SmsSegment): Promise<number> {
  const [row] = await db.select({ n: count() }).from(user).where(recipientsWhere(segment));
  return row?.n ?? 0;
}

/** The daily cap (a shop setting) and how many messages were queued in the 24 hours before `now`. */
async function capState(db: Executor, now: Date): Promise<{ dailyCap: number; sentToday: number }> {
  const [settings] = await db
    .select({ cap: shopSettings.smsDailyCap })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  const [queued] = await db
    .select({ n: sum(smsSend.recipientCount) })
    .from(smsSend)
    .where(gt(smsSend.createdAt, new Date(now.getTime() - DAY_MS)));
  return { dailyCap: settings?.cap ?? DEFAULT_SMS_DAILY_CAP, sentToday: Number(queued?.n ?? 0) };
}

/** What the confirm step shows before a send: the segment's recipients now, and the cap. */
export async function smsAudience(
  { db, now }: ServiceContext,
  input: { segment: SmsSegment },
): Promise<SmsAudienceResponse> {
  const [recipientCount, cap] = await Promise.all([countRecipients(db, input.segment), capState(db, now)]);
  return { segment: input.segment, recipientCount, ...cap };
}

// ---- Sending ------------------------------------------------------------------------------------------------

/**
 * Queues a Mass SMS: the send and one row per recipient, in one transaction; the sender (sms-sender.ts) delivers
 * them. The idempotency key makes a repeated request return the first send (`created: false`). A segment with no
 * recipients, or a send that would pass the daily cap, is refused whole.
 */
export async function sendSms(
  ctx: ServiceContext,
  actor: Actor,
  input: { segment: SmsSegment; message: string; idempotencyKey: string },
): Promise<SendSmsResponse & { created: boolean }> {
  const { db, now } = ctx;
  const result = await db.transaction(async (tx) => {
    // One send at a time: two sends at once could each fit under the cap alone; the same key twice finds the first.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LOCK_KEY})`);
    const [existing] = await tx
      .select({ id: smsSend.id })
      .from(smsSend)
      .where(and(eq(smsSend.createdBy, actor.id), eq(smsSend.idempotencyKey, input.idempotencyKey)));
    if (existing) return { id: existing.id, created: false };

    const members = await tx
      .select({ id: user.id, name: user.name, phone: user.phone })
      .from(user)
      .where(recipientsWhere(input.segment))
      .orderBy(asc(user.name), asc(user.id));
    if (members.length === 0) {
      throw new AppError(
        'UNPROCESSABLE',
        'No members in this segment can receive SMS (they need SMS consent, an approved account and a phone). Nothing was sent.',
        { title: 'No recipients' },
      );
    }
    const { dailyCap, sentToday } = await capState(tx, now);
    if (sentToday + members.length > dailyCap) {
      const left = Math.max(0, dailyCap - sentToday);
      throw new AppError(
        'UNPROCESSABLE',
        `This message would go to ${members.length} members, but only ${left} more SMS may be sent in 24 hours (daily limit ${dailyCap}). Nothing was sent.`,
        { title: 'Daily SMS limit reached' },
      );
    }

    const id = randomUUID();
    await tx.insert(smsSend).values({
      id,
      createdBy: actor.id,
      idempotencyKey: input.idempotencyKey,
      message: input.message,
      segment: input.segment,
      recipientCount: members.length,
      status: 'sending',
      createdAt: now,
    });
    const CHUNK = 1000;
    for (let start = 0; start < members.length; start += CHUNK) {
      await tx.insert(smsRecipient).values(
        members.slice(start, start + CHUNK).map((member, offset) => ({
          // Padded, so the recipients list pages by id in name order.
          id: `${id}-${String(start + offset).padStart(6, '0')}`,
          sendId: id,
          userId: member.id,
          name: member.name,
          phone: member.phone,
          status: 'pending',
          nextAttemptAt: now,
        })),
      );
    }
    await writeAudit(tx, {
      eventType: 'SMS_SENT',
      actorId: actor.id,
      meta: { sendId: id, segment: input.segment, recipientCount: members.length },
      at: now,
    });
    await publish(tx, 'sms.changed', {}, [{ kind: 'capability', capability: 'read:sms' }]);
    return { id, created: true };
  });
  const [send] = await sendViews(db, [result.id]);
  // The provider the sender will take up (sms-sender.ts: smsProviderFor), so the sender's screen can say whether
  // anything will leave the machine.
  const provider = (await readProviderCredentials(ctx)) ? 'twilio' : 'log';
  return { send: send!, provider, created: result.created };
}

// ---- The log ------------------------------------------------------------------------------------------------

const newestFirst = timeKeyset({ time: smsSend.createdAt, id: smsSend.id, direction: 'desc' });

async function sendViews(db: Executor, ids: string[]): Promise<SmsSendView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ send: smsSend, senderName: user.name })
    .from(smsSend)
    .leftJoin(user, eq(user.id, smsSend.createdBy))
    .where(inArray(smsSend.id, ids));
  const counts = await countsOf(db, ids);
  const byId = new Map(
    rows.map((row) => [row.send.id, toSendView(row.send, row.senderName, counts.get(row.send.id))]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type Counts = { pending: number; sent: number; failed: number; logOnly: boolean };

async function countsOf(db: Executor, sendIds: string[]): Promise<Map<string, Counts>> {
  const rows = await db
    .select({
      sendId: smsRecipient.sendId,
      pending: sql<number>`count(*) filter (where ${smsRecipient.status} in ('pending', 'sending'))::int`,
      sent: sql<number>`count(*) filter (where ${smsRecipient.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${smsRecipient.status} = 'failed')::int`,
      logOnly: sql<boolean>`coalesce(bool_or(${smsRecipient.provider} = 'log'), false)`,
    })
    .from(smsRecipient)
    .where(inArray(smsRecipient.sendId, sendIds))
    .groupBy(smsRecipient.sendId);
  return new Map(rows.map(({ sendId, ...rest }) => [sendId, rest]));
}

function toSendView(send: SendRow, senderName: string | null, counts: Counts | undefined): SmsSendView {
  return {
    id: send.id,
    message: send.message,
    segment: send.segment as SmsSegment,
    recipientCount: send.recipientCount,
    sentAt: send.createdAt.toISOString(),
    status: send.status as SmsSendStatus,
    counts: {
      pending: counts?.pending ?? 0,
      sent: counts?.sent ?? 0,
      failed: counts?.failed ?? 0,
    },
    logOnly: counts?.logOnly ?? false,
    sentBy: send.createdBy ? { id: send.createdBy, name: senderName ?? 'Unknown' } : null,
  };
}

/** The SMS log, newest first, a page at a time, with the number of sends in all (on every page). */
export async function listSmsSends(
  { db }: ServiceContext,
  input: { cursor?: string | undefined },
): Promise<SmsSendsResponse> {
  const rows = await db
    .select({ id: smsSend.id, cursorAt: newestFirst.cursorAt })
    .from(smsSend)
    .where(newestFirst.after(input.cursor))
    .orderBy(...newestFirst.orderBy)
    .limit(SMS_LOG_PAGE_SIZE + 1);
  const page = pageOf(rows, SMS_LOG_PAGE_SIZE, (last) => [last.cursorAt, last.id]);
  const [total] = await db.select({ n: count() }).from(smsSend);
  return {
    items: await sendViews(
      db,
      page.items.map((row) => row.id),
    ),
    nextCursor: page.nextCursor,
    total: total?.n ?? 0,
  };
}

const recipientCursor = z.tuple([z.string().min(1).max(80)]);

/**
 * One send's recipients in name order. Names and phones go only to `send:sms` or `read:contact-details`;
 * everyone else with `read:sms` (Read-Only) sees statuses only.
 */
export async function listSmsRecipients(
  { db }: ServiceContext,
  actor: Actor,
  input: { sendId: string; cursor?: string | undefined },
): Promise<SmsRecipientsResponse> {
  const [send] = await db.select({ id: smsSend.id }).from(smsSend).where(eq(smsSend.id, input.sendId));
  if (!send) throw new AppError('NOT_FOUND', 'This SMS is not in the log.');
  const after = input.cursor ? decodeCursor(input.cursor, recipientCursor)[0] : undefined;
  const rows = await db
    .select()
    .from(smsRecipient)
    .where(and(eq(smsRecipient.sendId, input.sendId), after ? gt(smsRecipient.id, after) : undefined))
    .orderBy(asc(smsRecipient.id))
    .limit(SMS_RECIPIENTS_PAGE_SIZE + 1);
  const page = pageOf(rows, SMS_RECIPIENTS_PAGE_SIZE, (last) => [last.id]);
  const seesContacts = can(actor, 'send:sms') || can(actor, 'read:contact-details');
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      id: row.id,
      name: seesContacts ? row.name : null,
      phone: seesContacts ? row.phone : null,
      status: row.status as SmsRecipientStatus,
      error: row.error,
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

// ---- Settings -----------------------------------------------------------------------------------------------

/** The provider credentials as the Settings tab sees them: the token only as "set" and its last 4. */
export async function readSmsSettings({ db }: ServiceContext): Promise<SmsSettingsView> {
  const [row] = await db.select().from(smsSettings).where(eq(smsSettings.id, 1));
  const [shop] = await db
    .select({ cap: shopSettings.smsDailyCap })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  const tokenSet = Boolean(row?.authTokenEncrypted);
  return {
    accountSid: row?.accountSid ?? '',
    sender: row?.sender ?? '',
    authToken: { set: tokenSet, last4: tokenSet ? (row?.authTokenLast4 ?? null) : null },
    dailyCap: shop?.cap ?? DEFAULT_SMS_DAILY_CAP,
    provider: row?.accountSid && row.sender && tokenSet ? 'twilio' : 'log',
  };
}

/**
 * Saves the credentials and the daily cap. A new auth token is encrypted before it is stored; the audit records
 * that it changed, never the token.
 */
export async function updateSmsSettings(
  ctx: ServiceContext,
  actor: Actor,
  input: UpdateSmsSettingsInput & { sender: string },
): Promise<SmsSettingsView> {
  const { db, now } = ctx;
  const newToken = input.authToken ? input.authToken : undefined;
  const tokenFields = newToken
    ? { authTokenEncrypted: secretBoxFor(ctx.config).seal(newToken), authTokenLast4: newToken.slice(-4) }
    : input.clearAuthToken
      ? { authTokenEncrypted: null, authTokenLast4: null }
      : {};
  await db.transaction(async (tx) => {
    const values = { accountSid: input.accountSid, sender: input.sender, ...tokenFields };
    await tx
      .insert(smsSettings)
      .values({ id: 1, ...values, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: smsSettings.id,
        set: { ...values, updatedAt: now, updatedBy: actor.id },
      });
    // The cap is a shop setting; a shop that never saved its settings gets the defaults beside it.
    await tx
      .insert(shopSettings)
      .values({
        id: 1,
        ...DEFAULT_SHOP_SETTINGS,
        smsDailyCap: input.dailyCap,
        updatedAt: now,
        updatedBy: actor.id,
      })
      .onConflictDoUpdate({ target: shopSettings.id, set: { smsDailyCap: input.dailyCap } });
    await writeAudit(tx, {
      eventType: 'SMS_SETTINGS_CHANGED',
      actorId: actor.id,
      meta: {
        accountSid: input.accountSid,
        sender: input.sender,
        authToken: newToken ? 'replaced' : input.clearAuthToken ? 'removed' : 'unchanged',
        dailyCap: input.dailyCap,
      },
      at: now,
    });
  });
  return readSmsSettings(ctx);
}

/** The Twilio credentials, decrypted, when all three are set (for the sender); undefined otherwise. */
export async function readProviderCredentials(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'logger'>,
): Promise<{ accountSid: string; authToken: string; sender: string } | undefined> {
  const [row] = await ctx.db.select().from(smsSettings).where(eq(smsSettings.id, 1));
  if (!row?.accountSid || !row.sender || !row.authTokenEncrypted) return undefined;
  const authToken = secretBoxFor(ctx.config).open(row.authTokenEncrypted);
  if (authToken === undefined) {
    ctx.logger.warn(
      'The stored SMS auth token cannot be decrypted with this server secret (AUTH_SECRET differs from the one it was saved with); enter it again in Settings. Using the log-only provider.',
    );
    return undefined;
  }
  return { accountSid: row.accountSid, authToken, sender: row.sender };
}

/** A member replied STOP (the provider says so): their SMS consent is off until they turn it on again. */
export async function revokeSmsConsent(tx: Executor, userId: string): Promise<void> {
  await tx.update(user).set({ smsConsent: false }).where(eq(user.id, userId));
}

export type SmsRecipientRow = typeof smsRecipient.$inferSelect;
export type { SmsRecipientStatus };
