import { asc, eq, getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { writeAudit } from '../audit';
import type { Executor } from '../db/client';
import { auditLog } from '../db/tables/audit.tables';
import { user } from '../db/tables/auth.tables';
import { economySetting, ledgerEntry, weeklyCoins } from '../db/tables/economy.tables';
import { feedComment, feedLike, feedPost, feedReport } from '../db/tables/feed.tables';
import { conversation, conversationMessage, conversationParticipant } from '../db/tables/inbox.tables';
import { notification } from '../db/tables/notifications.tables';
import { orderItem, shopOrder, storeCreditEntry } from '../db/tables/orders.tables';
import { levelPerk, promoCode, promoUse } from '../db/tables/loyalty.tables';
import { reward, rewardRedemption } from '../db/tables/rewards.tables';
import {
  deliveryArea,
  deliveryAreaZip,
  deliveryHours,
  pickupLocation,
  shopSettings,
  sticker,
  stickerRating,
} from '../db/tables/shop.tables';
import { smsRecipient, smsSend, smsSettings } from '../db/tables/sms.tables';
import type { Actor, ServiceContext } from '../service-context';

/**
 * Export Database (JSON), the Settings tab's Owner-only download. One JSON object, streamed a page of rows at a
 * time (nothing holds the whole database in memory), documented in the README ("Database export"):
 *
 *   { "format": "the-vault-export", "formatVersion": 1, "exportedAt": "…",
 *     "members": [...], "orders": [...], …, "settings": { "shop": …, "economy": …, "sms": … } }
 *
 * Members are an allowlist of columns; what signs in or decrypts is never exported: the account table (password
 * hashes), sessions, verification tokens, app_meta (generated secrets' hashes), rate-limit counters and the SMS
 * auth token (only whether one is set). Rows are read page by page outside one transaction: a row written during
 * the export may or may not be in it. Why each table is or is not here: src/server/db/table-lifecycle.ts.
 */
export const EXPORT_FORMAT = 'the-vault-export';
export const EXPORT_FORMAT_VERSION = 1;
const PAGE_ROWS = 500;

/** The member columns an export carries: an allowlist, so a column added later (a secret) stays out until listed. */
const MEMBER_FIELDS = [
  'id',
  'name',
  'email',
  'emailVerified',
  'image',
  'createdAt',
  'updatedAt',
  'role',
  'roles',
  'banned',
  'banReason',
  'banExpires',
  'telegram',
  'phone',
  'address',
  'referralCode',
  'referredBy',
  'bio',
  'smokePreference',
  'xp',
  'exoticCoins',
  'storeCreditCents',
  'status',
  'strikes',
  'title',
  'dataConsent',
  'smsConsent',
  'ageConfirmedAt',
  'isApprovedDriver',
  'isOnline',
  'lastWeeklyBonusAt',
] as const satisfies readonly (keyof typeof user.$inferSelect)[];
const allMemberColumns = getTableColumns(user);
const memberColumns = Object.fromEntries(
  MEMBER_FIELDS.map((field) => [field, allMemberColumns[field]]),
) as Pick<typeof allMemberColumns, (typeof MEMBER_FIELDS)[number]>;

interface Section {
  name: string;
  table: PgTable;
  columns?: Record<string, PgColumn>;
}

/** The exported lists, in this order. */
export const EXPORT_SECTIONS: readonly Section[] = [
  { name: 'members', table: user, columns: memberColumns },
  { name: 'stickers', table: sticker },
  { name: 'pickupLocations', table: pickupLocation },
  { name: 'deliveryAreas', table: deliveryArea },
  { name: 'deliveryAreaZips', table: deliveryAreaZip },
  { name: 'deliveryHours', table: deliveryHours },
  { name: 'orders', table: shopOrder },
  { name: 'orderItems', table: orderItem },
  { name: 'storeCredit', table: storeCreditEntry },
  { name: 'promoCodes', table: promoCode },
  { name: 'promoUses', table: promoUse },
  { name: 'levelPerks', table: levelPerk },
  { name: 'ratings', table: stickerRating },
  { name: 'posts', table: feedPost },
  { name: 'comments', table: feedComment },
  { name: 'likes', table: feedLike },
  { name: 'reports', table: feedReport },
  { name: 'conversations', table: conversation },
  { name: 'conversationParticipants', table: conversationParticipant },
  { name: 'messages', table: conversationMessage },
  { name: 'notifications', table: notification },
  { name: 'ledger', table: ledgerEntry },
  { name: 'weeklyCoins', table: weeklyCoins },
  { name: 'rewards', table: reward },
  { name: 'redemptions', table: rewardRedemption },
  { name: 'smsSends', table: smsSend },
  { name: 'smsRecipients', table: smsRecipient },
  { name: 'auditLog', table: auditLog },
];

/** A table's primary-key columns, for a stable order across pages. */
function primaryKeyOf(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((column) => column.primary);
  return single.length ? single : (config.primaryKeys[0]?.columns ?? config.columns.slice(0, 1));
}

async function* rowsOf(db: Executor, section: Section): AsyncGenerator<unknown> {
  const order = primaryKeyOf(section.table).map((column) => asc(column));
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const query = section.columns ? db.select(section.columns) : db.select();
    const rows = await query
      .from(section.table)
      .orderBy(...order)
      .limit(PAGE_ROWS)
      .offset(offset);
    for (const row of rows) yield row;
    if (rows.length < PAGE_ROWS) return;
  }
}

/** The tables behind the `settings` object, by its keys (read by settingsOf). */
export const EXPORT_SETTINGS_TABLES = { shop: shopSettings, economy: economySetting, sms: smsSettings };

/** Settings without secrets: the SMS auth token only as "set or not". */
async function settingsOf(db: Executor) {
  const [shop] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  const economy = await db.select().from(economySetting).orderBy(asc(economySetting.key));
  const [sms] = await db.select().from(smsSettings).where(eq(smsSettings.id, 1));
  return {
    shop: shop ?? null,
    economy,
    sms: sms
      ? {
          accountSid: sms.accountSid,
          sender: sms.sender,
          authTokenSet: Boolean(sms.authTokenEncrypted),
          updatedAt: sms.updatedAt,
          updatedBy: sms.updatedBy,
        }
      : null,
  };
}

/** The export as JSON text, piece by piece. */
export async function* databaseExportChunks(db: Executor, exportedAt: Date): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"formatVersion":${EXPORT_FORMAT_VERSION},"exportedAt":${JSON.stringify(exportedAt.toISOString())}`;
  for (const section of EXPORT_SECTIONS) {
    yield `,\n${JSON.stringify(section.name)}:[`;
    let first = true;
    let batch: string[] = [];
    for await (const row of rowsOf(db, section)) {
      batch.push(`${first ? '' : ','}\n${JSON.stringify(row)}`);
      first = false;
      if (batch.length >= 100) {
        yield batch.join('');
        batch = [];
      }
    }
    yield `${batch.join('')}]`;
  }
  yield `,\n"settings":${JSON.stringify(await settingsOf(db))}}\n`;
}

/**
 * Starts an export: records who took the data and when (the audit row is written before the first byte), and
 * returns the file name and the body as a stream.
 */
export async function exportDatabase(
  { db, now }: ServiceContext,
  actor: Actor,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  await writeAudit(db, {
    eventType: 'DATABASE_EXPORTED',
    actorId: actor.id,
    meta: {
      format: EXPORT_FORMAT,
      formatVersion: EXPORT_FORMAT_VERSION,
      sections: EXPORT_SECTIONS.map((s) => s.name),
    },
    at: now,
  });
  const chunks = databaseExportChunks(db, now);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return { filename: `vault-export-${now.toISOString().replaceAll(':', '-')}.json`, body };
}
