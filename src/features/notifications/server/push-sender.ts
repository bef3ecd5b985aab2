import { asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { AppServices } from '~/server/app-env';
import { startBackgroundJob } from '~/server/background-job';
import { pushMessage, pushSubscription } from '~/server/db/tables/notifications.tables';
import type { ServiceContext } from '~/server/service-context';
import type { PushPayload } from '../push.schema';
import { GENERIC_PUSH } from '../push.constants';
import { assertPublicHost, isAllowedPushHost, pushAgent } from './push-address';
import { vapidKeys } from './push.service';

/**
 * Sends the queued pushes (push_message rows, written by notifyEach in the transaction that told the member).
 * Every instance runs this job; each claims rows with FOR UPDATE SKIP LOCKED, so one row is sent by one instance,
 * once. A claim lasts PUSH_CLAIM_LEASE_MS: if the instance stops mid-send, another takes the row again, at most
 * PUSH_MAX_ATTEMPTS times. A push service's refusal is logged and not retried (pushes are reminders, and the
 * notification stays in the bell); 404 and 410 mean the device unsubscribed, so its subscription is removed.
 */
export const PUSH_BATCH_SIZE = 20;
export const PUSH_CLAIM_LEASE_MS = 60_000;
export const PUSH_MAX_ATTEMPTS = 3;
/** How long a push service keeps a push for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

export interface PushTransport {
  /** Certificates to trust besides the system's: tests' fake push service. */
  ca?: string;
}

async function claimDuePushes(ctx: ServiceContext) {
  const { db, now } = ctx;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pushMessage.id })
      .from(pushMessage)
      .where(or(isNull(pushMessage.claimedUntil), lt(pushMessage.claimedUntil, now)))
      .orderBy(asc(pushMessage.createdAt), asc(pushMessage.id))
      .limit(PUSH_BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(pushMessage)
      .set({
        claimedUntil: new Date(now.getTime() + PUSH_CLAIM_LEASE_MS),
        attempts: sql`${pushMessage.attempts} + 1`,
      })
      .where(
        inArray(
          pushMessage.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** One round: claims due pushes, sends each to every device of its member, and removes the sent rows. */
export async function sendDuePushes(
  ctx: ServiceContext,
  transport: PushTransport = {},
  stopping: () => boolean = () => false,
): Promise<number> {
  let sent = 0;
  const agent = pushAgent(ctx.config.push, transport.ca);
  try {
    while (!stopping()) {
      const claimed = await claimDuePushes(ctx);
      if (claimed.length === 0) break;
      const keys = await vapidKeys(ctx);
      for (const message of claimed) {
        if (message.attempts <= PUSH_MAX_ATTEMPTS) await pushToDevices(ctx, message, keys, agent);
        await ctx.db.delete(pushMessage).where(eq(pushMessage.id, message.id));
        sent += 1;
      }
    }
  } finally {
    agent.destroy();
  }
  return sent;
}

async function pushToDevices(
  ctx: ServiceContext,
  message: typeof pushMessage.$inferSelect,
  keys: { publicKey: string; privateKey: string },
  agent: ReturnType<typeof pushAgent>,
) {
  const devices = await ctx.db
    .select()
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, message.userId));
  for (const device of devices) {
    const payload: PushPayload = device.showDetails
      ? { title: GENERIC_PUSH.title, body: message.body, url: message.url }
      : { ...GENERIC_PUSH, url: message.url };
    const host = new URL(device.endpoint).hostname;
    try {
      // Checked again at send time: the allow-list may have changed, and the host may now resolve elsewhere.
      if (!isAllowedPushHost(host, ctx.config.push.serviceHosts))
        throw new Error('host not on the allow-list');
      await assertPublicHost(host, ctx.config.push);
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: ctx.config.push.vapidSubject, ...keys },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          timeout: PUSH_TIMEOUT_MS,
          agent,
        },
      );
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410) {
        await ctx.db.delete(pushSubscription).where(eq(pushSubscription.id, device.id));
        ctx.logger.info({ host, status }, 'push subscription gone; removed');
        continue;
      }
      // The endpoint's path and the keys are the device's secrets: only the host and the reason are logged.
      ctx.logger.warn(
        {
          host,
          status,
          reason: err instanceof Error && !(err instanceof WebPushError) ? err.message : undefined,
        },
        'push not delivered',
      );
    }
  }
}

export function startPushSender(services: AppServices, transport: PushTransport = {}): () => Promise<void> {
  return startBackgroundJob(services, {
    name: 'push sending',
    intervalMs: services.config.push.sendIntervalMs,
    run: async (ctx, stopping) => {
      await sendDuePushes(ctx, transport, stopping);
    },
  });
}
