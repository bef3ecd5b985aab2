import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { AppServices } from '~/server/app-env';
import { smsRecipient, smsSend } from '~/server/db/tables/sms.tables';
import { publish } from '~/server/events';
import { startBackgroundJob } from '~/server/background-job';
import type { ServiceContext } from '~/server/service-context';
import { logOnlyProvider, twilioProvider, type SmsProvider, type SmsResult } from './sms-provider';
import { readProviderCredentials, revokeSmsConsent } from './sms.service';

/**
 * The durable SMS queue's worker. A send's recipients are rows (sms.service.ts queues them); every instance runs
 * this job, and each claims due rows with FOR UPDATE SKIP LOCKED, so two instances never take the same row. A
 * claimed row is 'sending' for SMS_CLAIM_LEASE_MS: if its instance stops before recording the result, the claim
 * runs out and another instance (or this one after a restart) sends it. Delivery is therefore at least once:
 * only a crash between the provider's answer and the database write can repeat a message.
 */
export const SMS_BATCH_SIZE = 20;
export const SMS_CLAIM_LEASE_MS = 60_000;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_RETRY_BASE_MS = 30_000;
const SMS_RETRY_MAX_MS = 30 * 60_000;

/** 30 s, 1 min, 2 min, 4 min… (at most 30 min) after the attempt that failed. */
export function retryDelayMs(attempts: number): number {
  return Math.min(SMS_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), SMS_RETRY_MAX_MS);
}

export interface ClaimedRecipient {
  id: string;
  sendId: string;
  userId: string | null;
  phone: string;
  attempts: number;
  claimedUntil: Date;
  message: string;
}

/**
 * Claims up to `limit` due recipients for this instance: pending ones whose next attempt has come, and 'sending'
 * ones whose claim ran out. Rows another transaction holds are skipped, not waited for.
 */
export async function claimDueRecipients(
  ctx: ServiceContext,
  limit = SMS_BATCH_SIZE,
): Promise<ClaimedRecipient[]> {
  const { db, now } = ctx;
  const claimedUntil = new Date(now.getTime() + SMS_CLAIM_LEASE_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: smsRecipient.id })
      .from(smsRecipient)
      .where(
        or(
          and(eq(smsRecipient.status, 'pending'), lte(smsRecipient.nextAttemptAt, now)),
          and(eq(smsRecipient.status, 'sending'), lt(smsRecipient.claimedUntil, now)),
        ),
      )
      .orderBy(asc(smsRecipient.nextAttemptAt), asc(smsRecipient.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(smsRecipient)
      .set({ status: 'sending', claimedUntil, attempts: sql`${smsRecipient.attempts} + 1` })
      .where(
        inArray(
          smsRecipient.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    const sends = await tx
      .select({ id: smsSend.id, message: smsSend.message })
      .from(smsSend)
      .where(inArray(smsSend.id, [...new Set(claimed.map((row) => row.sendId))]));
    const messages = new Map(sends.map((send) => [send.id, send.message]));
    return claimed
      .map((row) => ({
        id: row.id,
        sendId: row.sendId,
        userId: row.userId,
        phone: row.phone,
        attempts: row.attempts,
        claimedUntil,
        message: messages.get(row.sendId) ?? '',
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
  });
}

/** Records what the provider answered, if this instance still holds the claim. */
export async function recordSmsResult(
  ctx: ServiceContext,
  claimed: ClaimedRecipient,
  provider: SmsProvider['name'],
  result: SmsResult,
): Promise<'sent' | 'failed' | 'retry'> {
  const { db, now } = ctx;
  const outcome = result.ok
    ? 'sent'
    : result.permanent || claimed.attempts >= SMS_MAX_ATTEMPTS
      ? 'failed'
      : 'retry';
  await db.transaction(async (tx) => {
    await tx
      .update(smsRecipient)
      .set(
        result.ok
          ? {
              status: 'sent',
              sentAt: now,
              provider,
              providerMessageId: result.messageId,
              error: null,
              claimedUntil: null,
            }
          : outcome === 'failed'
            ? { status: 'failed', provider, error: result.error, claimedUntil: null }
            : {
                status: 'pending',
                provider,
                error: result.error,
                claimedUntil: null,
                nextAttemptAt: new Date(now.getTime() + retryDelayMs(claimed.attempts)),
              },
      )
      .where(
        and(
          eq(smsRecipient.id, claimed.id),
          eq(smsRecipient.status, 'sending'),
          eq(smsRecipient.claimedUntil, claimed.claimedUntil),
        ),
      );
    if (!result.ok && result.unsubscribed && claimed.userId) await revokeSmsConsent(tx, claimed.userId);
  });
  return outcome;
}

/** Marks the sends with no recipient left pending: 'sent', 'failed' or 'partial'. Returns their ids. */
export async function finishSends(ctx: ServiceContext): Promise<string[]> {
  const { db, now } = ctx;
  const finished = await db
    .update(smsSend)
    .set({
      completedAt: now,
      status: sql`(select case
          when count(*) filter (where r.status = 'failed') = 0 then 'sent'
          when count(*) filter (where r.status = 'sent') = 0 then 'failed'
          else 'partial' end
        from ${smsRecipient} r where r.send_id = ${smsSend.id})`,
    })
    .where(
      and(
        eq(smsSend.status, 'sending'),
        sql`not exists (select 1 from ${smsRecipient} r where r.send_id = ${smsSend.id} and r.status in ('pending', 'sending'))`,
      ),
    )
    .returning({ id: smsSend.id });
  return finished.map((row) => row.id);
}

/** Twilio once its credentials are saved in Settings; the log-only provider otherwise. */
export async function smsProviderFor(ctx: ServiceContext): Promise<SmsProvider> {
  const credentials = await readProviderCredentials(ctx);
  return credentials
    ? twilioProvider(credentials, { baseUrl: ctx.config.twilioBaseUrl })
    : logOnlyProvider(ctx.logger);
}

export interface SmsBatchResult {
  claimed: number;
  sent: number;
  failed: number;
  retried: number;
}

/**
 * One round of the queue: claims a batch, sends each message through the provider, records each answer, closes
 * the sends that are done and tells the SMS tab. Returns what it did; `claimed: 0` means nothing was due.
 */
export async function sendDueSms(ctx: ServiceContext): Promise<SmsBatchResult> {
  const claimed = await claimDueRecipients(ctx);
  const totals: SmsBatchResult = { claimed: claimed.length, sent: 0, failed: 0, retried: 0 };
  if (claimed.length) {
    const provider = await smsProviderFor(ctx);
    for (const recipient of claimed) {
      const result = await provider.send({ to: recipient.phone, body: recipient.message });
      const outcome = await recordSmsResult(ctx, recipient, provider.name, result);
      if (outcome === 'sent') totals.sent += 1;
      else if (outcome === 'failed') totals.failed += 1;
      else totals.retried += 1;
    }
  }
  const finished = await finishSends(ctx);
  if (claimed.length || finished.length) {
    await publish(ctx.db, 'sms.changed', {}, [{ kind: 'capability', capability: 'read:sms' }]);
  }
  return totals;
}

/**
 * Runs the queue every SMS_SEND_INTERVAL_MS, batch after batch until nothing is due, on every instance. Started
 * by the server (src/app/server/run-server.ts) beside the claim sweeper; returns a function that stops it after the batch
 * in flight.
 */
export function startSmsSender(services: AppServices): () => Promise<void> {
  return startBackgroundJob(services, {
    name: 'SMS sending',
    intervalMs: services.config.smsSendIntervalMs,
    async run(ctx, stopping) {
      while (!stopping()) {
        const result = await sendDueSms(ctx);
        if (result.claimed === 0) break;
        services.logger.info(result, 'SMS batch processed');
      }
    },
  });
}
