import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Executor } from '~/server/db/client';
import { pushMessage, pushSubscription, pushVapidKeys } from '~/server/db/tables/notifications.tables';
import { secretBoxFor } from '~/server/secret-box';
import type { Actor, ServiceContext } from '~/server/service-context';
import { AppError } from '~/shared/app-error';
import type {
  PushDevice,
  PushDevicesResponse,
  PushPublicKeyResponse,
  PushSubscribeInput,
} from '../push.schema';
import { assertPublicHost, isAllowedPushHost } from './push-address';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair every instance signs with: from the configuration, or generated once and stored (the
 * private key sealed by the server secret). Two instances generating at once both insert-or-skip and read back
 * the one row that won.
 */
export async function vapidKeys(ctx: ServiceContext): Promise<VapidKeys> {
  if (ctx.config.push.vapidKeys) return ctx.config.push.vapidKeys;
  const box = secretBoxFor(ctx.config);
  const [stored] = await ctx.db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  if (!stored) {
    const generated = webpush.generateVAPIDKeys();
    await ctx.db
      .insert(pushVapidKeys)
      .values({ id: 1, publicKey: generated.publicKey, privateKeyEncrypted: box.seal(generated.privateKey) })
      .onConflictDoNothing();
    return vapidKeys(ctx);
  }
  const privateKey = box.open(stored.privateKeyEncrypted);
  if (!privateKey) {
    throw new AppError('UNAVAILABLE', 'Push notifications are not available: the stored key cannot be read.');
  }
  return { publicKey: stored.publicKey, privateKey };
}

export async function pushPublicKey(ctx: ServiceContext): Promise<PushPublicKeyResponse> {
  return { publicKey: (await vapidKeys(ctx)).publicKey };
}

function toDevice(row: typeof pushSubscription.$inferSelect): PushDevice {
  return {
    id: row.id,
    endpoint: row.endpoint,
    showDetails: row.showDetails,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPushDevices(ctx: ServiceContext, actor: Actor): Promise<PushDevicesResponse> {
  const rows = await ctx.db
    .select()
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, actor.id))
    .orderBy(desc(pushSubscription.createdAt), desc(pushSubscription.id));
  return { items: rows.map(toDevice) };
}

/**
 * Stores this device's subscription for the member. The endpoint must be https (the schema), on a known push
 * service, and resolve only to public addresses. The same endpoint again (a browser renewing, or another member
 * signing in on the device) replaces the old row: a device pushes for whoever subscribed it last.
 */
export async function subscribePush(
  ctx: ServiceContext,
  actor: Actor,
  input: PushSubscribeInput,
): Promise<PushDevice> {
  const { hostname } = new URL(input.endpoint);
  if (!isAllowedPushHost(hostname, ctx.config.push.serviceHosts)) {
    throw new AppError('BAD_REQUEST', 'This browser’s push service is not one we can send to.', {
      fields: { endpoint: 'Not a known push service.' },
    });
  }
  try {
    await assertPublicHost(hostname, ctx.config.push);
  } catch {
    throw new AppError('BAD_REQUEST', 'This browser’s push service could not be reached safely.', {
      fields: { endpoint: 'The push service’s address is not allowed.' },
    });
  }
  const values = {
    userId: actor.id,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    showDetails: input.showDetails ?? false,
    createdAt: ctx.now,
  };
  const [row] = await ctx.db
    .insert(pushSubscription)
    .values({ id: randomUUID(), endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscription.endpoint, set: values })
    .returning();
  return toDevice(row!);
}

export async function updatePushDevice(
  ctx: ServiceContext,
  actor: Actor,
  input: { id: string; showDetails: boolean },
): Promise<PushDevice> {
  const [row] = await ctx.db
    .update(pushSubscription)
    .set({ showDetails: input.showDetails })
    .where(and(eq(pushSubscription.id, input.id), eq(pushSubscription.userId, actor.id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'This device is not receiving push notifications.');
  return toDevice(row);
}

/** Only the member's own device: someone else's id is "not found", never removed. */
export async function removePushDevice(
  ctx: ServiceContext,
  actor: Actor,
  input: { id: string },
): Promise<void> {
  const removed = await ctx.db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.id, input.id), eq(pushSubscription.userId, actor.id)))
    .returning({ id: pushSubscription.id });
  if (removed.length === 0)
    throw new AppError('NOT_FOUND', 'This device is not receiving push notifications.');
}

/**
 * A step in the caller's transaction (notifyEach): queues one push per member who has a device, sent after
 * commit by the push sender. Members without a device cost one indexed read and no rows.
 */
export async function queuePushes(
  tx: Executor,
  pushes: readonly { userId: string; body: string; url: string; at: Date }[],
): Promise<void> {
  if (pushes.length === 0) return;
  const userIds = [...new Set(pushes.map((push) => push.userId))];
  const subscribed = await tx
    .selectDistinct({ userId: pushSubscription.userId })
    .from(pushSubscription)
    .where(inArray(pushSubscription.userId, userIds));
  const withDevice = new Set(subscribed.map((row) => row.userId));
  const rows = pushes.filter((push) => withDevice.has(push.userId));
  if (rows.length === 0) return;
  await tx.insert(pushMessage).values(
    rows.map((push) => ({
      id: randomUUID(),
      userId: push.userId,
      body: push.body,
      url: push.url,
      createdAt: push.at,
    })),
  );
}
