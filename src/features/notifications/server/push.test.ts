import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushMessage, pushSubscription, pushVapidKeys } from '~/server/db/tables/notifications.tables';
import { signedInMember } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { PushDevice, PushPayload, PushPublicKeyResponse } from '../push.schema';
import { startFakePushService, type FakePushDevice, type FakePushService } from './fake-push-service';
import { notify } from './notifications.service';
import { sendDuePushes } from './push-sender';

/*
 * Two apps on two databases: `strict` as production runs (private addresses refused), and `t` with the test-only
 * PUSH_ALLOW_PRIVATE_ADDRESSES, so subscriptions can point at the fake push service on 127.0.0.1.
 */
let t: TestContext;
let strict: TestContext;
let service: FakePushService;

beforeAll(async () => {
  service = await startFakePushService();
  t = await createTestContext({
    env: { PUSH_SERVICE_HOSTS: 'localhost', PUSH_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
  strict = await createTestContext({
    env: {
      PUSH_SERVICE_HOSTS:
        'fcm.googleapis.com,*.push.apple.com,localhost,10.1.2.3,169.254.169.254,[::1],[::ffff:7f00:1],[fd00::1]',
    },
  });
});
afterAll(async () => {
  await t.close();
  await strict.close();
  await service.close();
});
beforeEach(() => {
  service.requests.length = 0;
  service.respond = () => 201;
});

const subscribe = (ctx: TestContext, cookie: string, body: unknown) =>
  ctx.call('POST', '/api/push/subscriptions', body, { Cookie: cookie });

async function subscribed(cookie: string, device: FakePushDevice, showDetails = false): Promise<PushDevice> {
  const response = await subscribe(t, cookie, { endpoint: device.endpoint, keys: device.keys, showDetails });
  expect(response.status).toBe(201);
  return (await response.json()) as PushDevice;
}

const subscriptionCount = async (ctx: TestContext) =>
  (await ctx.database.db.select({ value: count() }).from(pushSubscription))[0]!.value;

const send = () => sendDuePushes(t.ctx(), { ca: service.ca });
/** A staff notification that also goes out as a push. */
const queuePush = (userId: string) =>
  notify(t.database.db, { userId, message: 'x', from: 'staff', at: t.clock.now(), push: true });

describe('storing a device’s push subscription', () => {
  const keys = service_keys();

  it('refuses a visitor who is not signed in', async () => {
    expect((await strict.call('GET', '/api/push/public-key')).status).toBe(401);
    expect(
      (await subscribe(strict, '', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys })).status,
    ).toBe(401);
  });

  it('refuses an http endpoint, a host that is not a push service, and malformed keys, storing nothing', async () => {
    const { cookie } = await signedInMember(strict);
    const refusals: [unknown, string][] = [
      [
        { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys },
        'A push subscription needs an https:// endpoint.',
      ],
      [
        { endpoint: 'https://push.example.test/x', keys },
        'This browser’s push service is not one we can send to.',
      ],
      [{ endpoint: 'https://evil.fcm.googleapis.com.example.test/x', keys }, 'not one we can send to'],
      [
        { endpoint: 'https://fcm.googleapis.com/x', keys: { ...keys, p256dh: 'short' } },
        'The p256dh key is not a valid key.',
      ],
      [
        // 65 bytes, but not an uncompressed point (0x04 first).
        {
          endpoint: 'https://fcm.googleapis.com/x',
          keys: { ...keys, p256dh: Buffer.alloc(65, 5).toString('base64url') },
        },
        'The p256dh key is not a valid key.',
      ],
      [
        {
          endpoint: 'https://fcm.googleapis.com/x',
          keys: { ...keys, auth: Buffer.alloc(15).toString('base64url') },
        },
        'The auth key is not a valid key.',
      ],
      [
        { endpoint: 'https://fcm.googleapis.com/x', keys: { ...keys, auth: '!!!!!!!!!!!!!!!!!!!!!!' } },
        'The auth key is not a valid key.',
      ],
      [{ endpoint: 'https://fcm.googleapis.com/x' }, 'Invalid input'],
    ];
    for (const [body, message] of refusals) {
      const response = await subscribe(strict, cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(message);
    }
    expect(await subscriptionCount(strict)).toBe(0);
  });

  it('refuses a push service that resolves to a loopback, private or link-local address (SSRF)', async () => {
    const { cookie } = await signedInMember(strict);
    for (const host of [
      'localhost',
      '10.1.2.3',
      '169.254.169.254',
      '[::1]',
      '[::ffff:7f00:1]',
      '[fd00::1]',
    ]) {
      const response = await subscribe(strict, cookie, { endpoint: `https://${host}/push/x`, keys });
      expect(response.status, host).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        'This browser’s push service could not be reached safely.',
      );
    }
    expect(await subscriptionCount(strict)).toBe(0);
  });

  it('lists, updates and removes only the member’s own devices', async () => {
    const alice = await signedInMember(t, { fullName: 'Alice Pusher' });
    const mallory = await signedInMember(t);
    const phone = await subscribed(alice.cookie, service.device('alice-phone'));
    expect(phone.showDetails).toBe(false);

    const list = async (cookie: string) =>
      (
        (await (await t.call('GET', '/api/push/subscriptions', undefined, { Cookie: cookie })).json()) as {
          items: PushDevice[];
        }
      ).items.map((item) => item.id);
    expect(await list(alice.cookie)).toEqual([phone.id]);
    expect(await list(mallory.cookie)).toEqual([]);

    const path = `/api/push/subscriptions/${phone.id}`;
    expect((await t.call('DELETE', path, undefined, { Cookie: mallory.cookie })).status).toBe(404);
    expect((await t.call('PATCH', path, { showDetails: true }, { Cookie: mallory.cookie })).status).toBe(404);
    const [kept] = await t.database.db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.id, phone.id));
    expect(kept).toMatchObject({ userId: alice.user.id, showDetails: false });

    const updated = await t.call('PATCH', path, { showDetails: true }, { Cookie: alice.cookie });
    expect(((await updated.json()) as PushDevice).showDetails).toBe(true);
    expect((await t.call('DELETE', path, undefined, { Cookie: alice.cookie })).status).toBe(200);
    expect(await list(alice.cookie)).toEqual([]);
  });

  it('forgets a member’s devices and queued pushes when they delete their account', async () => {
    const member = await signedInMember(t);
    await subscribed(member.cookie, service.device('leaving'));
    await queuePush(member.user.id);
    const deleted = await t.call(
      'POST',
      '/api/profile/delete-account',
      { password: member.input.password },
      { Cookie: member.cookie },
    );
    expect(deleted.status).toBe(200);
    expect(
      await t.database.db.select().from(pushSubscription).where(eq(pushSubscription.userId, member.user.id)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(pushMessage).where(eq(pushMessage.userId, member.user.id)),
    ).toEqual([]);
  });

  it('hands out one public key, generated once and stored with its private key sealed', async () => {
    const { cookie } = await signedInMember(t);
    const key = async () =>
      (
        (await (
          await t.call('GET', '/api/push/public-key', undefined, { Cookie: cookie })
        ).json()) as PushPublicKeyResponse
      ).publicKey;
    const first = await key();
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await key()).toBe(first);
    const [stored] = await t.database.db.select().from(pushVapidKeys);
    expect(stored!.publicKey).toBe(first);
    expect(stored!.privateKeyEncrypted).toMatch(/^v1\./);
  });
});

describe('sending pushes', () => {
  it('sends the generic text, signed with VAPID, encrypted with aes128gcm, with a TTL', async () => {
    const member = await signedInMember(t);
    const device = service.device('generic');
    await subscribed(member.cookie, device);
    await notify(t.database.db, {
      userId: member.user.id,
      message: 'Your order #ABC123 has been confirmed.',
      link: '/orders',
      from: 'staff',
      at: t.clock.now(),
      push: true,
    });
    expect(service.requests).toHaveLength(0);
    expect(await send()).toBe(1);

    expect(service.requests).toHaveLength(1);
    const [request] = service.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/push/generic');
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.ttl).toBe('86400');
    const { publicKey } = (await (
      await t.call('GET', '/api/push/public-key', undefined, { Cookie: member.cookie })
    ).json()) as PushPublicKeyResponse;
    expect(request!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    const payload = JSON.parse(device.decrypt(request!.body)) as PushPayload;
    expect(payload).toEqual({
      title: 'The Vault',
      body: 'New activity in The Vault',
      url: '/orders',
      tag: 'vault-activity',
    });
    expect(await t.database.db.select().from(pushMessage)).toEqual([]);
    expect(await send()).toBe(0);
    expect(service.requests).toHaveLength(1);
  });

  it('shows the details on the lock screen of a device that opted in, and a new message pushes its sender’s name', async () => {
    const alice = await signedInMember(t, { fullName: 'Alice Pusher' });
    const bob = await signedInMember(t);
    const device = service.device('bob-details');
    await subscribed(bob.cookie, device, true);
    const started = await t.call(
      'POST',
      '/api/inbox/conversations',
      { recipientId: bob.user.id },
      { Cookie: alice.cookie },
    );
    const { conversation } = (await started.json()) as { conversation: { id: string } };
    const sent = await t.call(
      'POST',
      `/api/inbox/conversations/${conversation.id}/messages`,
      { content: 'Hello Bob' },
      { Cookie: alice.cookie },
    );
    expect(sent.status).toBeLessThan(300);
    await send();
    expect(service.requests).toHaveLength(1);
    const payload = JSON.parse(device.decrypt(service.requests[0]!.body)) as PushPayload;
    expect(payload.body).toBe('New message from Alice Pusher');
    expect(payload.title).toBe('The Vault');
    expect(payload.tag).toBeUndefined();
  });

  it('queues nothing after a rollback, nor for members without a device, nor for notes that do not push', async () => {
    const member = await signedInMember(t);
    const bare = await signedInMember(t);
    await subscribed(member.cookie, service.device('rollback'));
    await t.database.db
      .transaction(async (tx) => {
        await notify(tx, {
          userId: member.user.id,
          message: 'x',
          from: 'staff',
          at: t.clock.now(),
          push: true,
        });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await queuePush(bare.user.id);
    await notify(t.database.db, {
      userId: member.user.id,
      message: 'award',
      from: 'staff',
      at: t.clock.now(),
    });
    expect(await t.database.db.select().from(pushMessage)).toEqual([]);
    expect(await send()).toBe(0);
    expect(service.requests).toHaveLength(0);
  });

  it('sends one push per event when two instances send at once', async () => {
    const member = await signedInMember(t);
    await subscribed(member.cookie, service.device('once'));
    await queuePush(member.user.id);
    const rounds = await Promise.all([send(), send()]);
    expect(rounds.reduce((a, b) => a + b)).toBe(1);
    expect(service.requests).toHaveLength(1);
  });

  it.each([404, 410])('removes a device whose push service answers %i', async (status) => {
    const member = await signedInMember(t);
    const device = await subscribed(member.cookie, service.device(`gone-${status}`));
    service.respond = () => status;
    await queuePush(member.user.id);
    await send();
    expect(service.requests).toHaveLength(1);
    expect(
      await t.database.db.select().from(pushSubscription).where(eq(pushSubscription.id, device.id)),
    ).toEqual([]);
  });

  it('keeps a device whose push service fails for now, and never throws', async () => {
    const member = await signedInMember(t);
    const device = await subscribed(member.cookie, service.device('flaky'));
    service.respond = () => 500;
    await queuePush(member.user.id);
    await expect(send()).resolves.toBe(1);
    expect(
      await t.database.db.select().from(pushSubscription).where(eq(pushSubscription.id, device.id)),
    ).toHaveLength(1);
  });

  it('checks the address again at send time: a stored device on a private address gets nothing without the test override', async () => {
    const member = await signedInMember(t);
    await subscribed(member.cookie, service.device('rebound'));
    await queuePush(member.user.id);
    const production = { ...t.config, push: { ...t.config.push, allowPrivateAddresses: false } };
    expect(await sendDuePushes(t.ctx({ config: production }), { ca: service.ca })).toBe(1);
    expect(service.requests).toHaveLength(0);
  });
});

/** Well-formed keys for requests that are refused for another reason. */
function service_keys() {
  return {
    p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
    auth: Buffer.alloc(16, 9).toString('base64url'),
  };
}
