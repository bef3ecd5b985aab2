import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import type { Executor } from './db/client';
import type { SessionResponse } from '~/shared/session';
import { endUserStreams, mayReceive, publish, type Viewer } from './events';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

let t: TestContext;
let member: Awaited<ReturnType<typeof signedInMember>>;
beforeAll(async () => {
  t = await createTestContext();
  member = await signedInMember(t);
});
afterAll(() => t.close());

async function openStream(headers: Record<string, string> = {}, cookie = member.cookie) {
  const response = await t.call('GET', '/api/events', undefined, { Cookie: cookie, ...headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toContain('text/event-stream');
  const stream = sseReader(response);
  await stream.next((m) => m.event === 'ready');
  return stream;
}

const everyone = [{ kind: 'everyone' }] as const;

describe('realtime events', () => {
  it('delivers an event committed in a transaction to a connected browser, with ids only', async () => {
    const stream = await openStream();
    await t.database.db.transaction(async (tx) => {
      await publish(tx, 'feed.post', { postId: 'p1' }, everyone);
    });
    const message = await stream.next((m) => m.event === 'change');
    expect(JSON.parse(message.data)).toEqual({ topic: 'feed.post', ids: { postId: 'p1' } });
    expect(message.id).toMatch(/^[0-9a-f]{8}-\d+$/);
    await stream.close();
  });

  it('never delivers an event published in a transaction that rolled back', async () => {
    const stream = await openStream();
    await expect(
      t.database.db.transaction(async (tx) => {
        await publish(tx, 'feed.post', { postId: 'rolled-back' }, everyone);
        throw new Error('the write failed after publishing');
      }),
    ).rejects.toThrow('the write failed');
    await t.database.db.transaction((tx) => publish(tx, 'feed.post', { postId: 'marker' }, everyone));
    await stream.next((m) => m.event === 'change' && m.data.includes('marker'));
    expect(stream.received().some((m) => m.data.includes('rolled-back'))).toBe(false);
    await stream.close();
  });

  it('ends every stream with a reconnect hint when the server shuts down', async () => {
    const stream = await openStream();
    t.hub.closeAll(() => 1234);
    const bye = await stream.next((m) => m.event === 'reconnect');
    expect(bye.retry).toBe(1234);
    await stream.ended();
  });

  it('refuses a visitor without a session', async () => {
    const response = await t.call('GET', '/api/events');
    expect(response.status).toBe(401);
  });

  it("never sends one member another's events, nor staff events", async () => {
    const other = await signedInMember(t);
    const mine = await openStream();
    const theirs = await openStream({}, other.cookie);
    await t.database.db.transaction(async (tx) => {
      await publish(tx, 'inbox.message', { conversationId: 'c1', messageId: 'm1' }, [
        { kind: 'users', userIds: [other.user.id] },
      ]);
      await publish(tx, 'orders.changed', { orderId: 'o3' }, [
        { kind: 'capability', capability: 'read:orders' },
      ]);
      await publish(tx, 'feed.post', { postId: 'marker' }, everyone);
    });
    await mine.next((m) => m.data.includes('marker'));
    expect(mine.received().filter((m) => m.event === 'change')).toEqual([]);
    const delivered = await theirs.next((m) => m.event === 'change');
    expect(JSON.parse(delivered.data)).toEqual({
      topic: 'inbox.message',
      ids: { conversationId: 'c1', messageId: 'm1' },
    });
    await theirs.next((m) => m.data.includes('marker'));
    expect(theirs.received().filter((m) => m.data.includes('orders.changed'))).toEqual([]);
    await mine.close();
    await theirs.close();
  });

  it("ends a member's open streams when asked to (after a ban or a role change)", async () => {
    const stream = await openStream();
    await t.database.db.transaction((tx) => endUserStreams(tx, member.user.id));
    await expect(stream.next((m) => m.event === 'never')).rejects.toThrow('the event stream ended');
  });

  it('replays what a reconnecting browser missed after its Last-Event-ID', async () => {
    const first = await openStream();
    await t.database.db.transaction((tx) => publish(tx, 'feed.post', { postId: 'one' }, everyone));
    const seen = await first.next((m) => m.data.includes('"one"'));
    await first.close();
    await t.database.db.transaction((tx) => publish(tx, 'feed.post', { postId: 'two' }, everyone));
    // Wait until this instance has received it from the database.
    await expect
      .poll(() => t.hub.replaySince(seen.id!, { userId: member.user.id, can: () => false })?.length)
      .toBe(1);

    const second = await t.call('GET', '/api/events', undefined, {
      'Last-Event-ID': seen.id!,
      Cookie: member.cookie,
    });
    const stream = sseReader(second);
    const replayed = await stream.next((m) => m.event === 'change');
    expect(JSON.parse(replayed.data)).toEqual({ topic: 'feed.post', ids: { postId: 'two' } });
    await stream.close();
  });

  it("replays to a page's first connect what was published after its session answer", async () => {
    const session = await t.call('GET', '/api/accounts/session', undefined, { Cookie: member.cookie });
    const { eventId } = (await session.json()) as SessionResponse;
    expect(eventId).toMatch(/^[0-9a-f]{8}-\d+$/);
    // Published after the page read its session, before its stream connected.
    await t.database.db.transaction((tx) => publish(tx, 'feed.post', { postId: 'before-connect' }, everyone));
    await expect.poll(() => t.hub.latestEventId).not.toBe(eventId);

    const response = await t.call('GET', `/api/events?since=${eventId}`, undefined, {
      Cookie: member.cookie,
    });
    const stream = sseReader(response);
    const replayed = await stream.next((m) => m.event === 'change');
    expect(JSON.parse(replayed.data)).toEqual({ topic: 'feed.post', ids: { postId: 'before-connect' } });
    await stream.next((m) => m.event === 'ready');
    expect(stream.received().filter((m) => m.event === 'resync')).toEqual([]);
    await stream.close();
  });

  it('asks a first connect from an unknown event id to refetch', async () => {
    const response = await t.call('GET', '/api/events?since=deadbeef-7', undefined, {
      Cookie: member.cookie,
    });
    const stream = sseReader(response);
    await stream.next((m) => m.event === 'resync');
    await stream.close();
  });

  it('asks a browser with an unknown Last-Event-ID to refetch', async () => {
    const response = await t.call('GET', '/api/events', undefined, {
      'Last-Event-ID': 'deadbeef-7',
      Cookie: member.cookie,
    });
    const stream = sseReader(response);
    await stream.next((m) => m.event === 'resync');
    await stream.close();
  });

  it('keeps an idle stream alive with heartbeats', async () => {
    const stream = await openStream();
    await stream.next((m) => m.event === 'ping');
    await stream.close();
  });

  it('refuses an event too large to carry ids only', async () => {
    await expect(
      t.database.db.transaction((tx) => publish(tx, 'feed.post', { postId: 'x'.repeat(5000) }, everyone)),
    ).rejects.toThrow(/too large/);
  });

  it('sends one copy of an event to a browser in several of its audiences', async () => {
    const owner = await signedInWithRoles(t, ['Owner']);
    const stream = await openStream({}, owner.cookie);
    // Their own order, on the orders desk and in the driver queue: three audiences, one change.
    await t.database.db.transaction((tx) =>
      publish(tx, 'orders.changed', { orderId: 'o-once' }, [
        { kind: 'users', userIds: [owner.id] },
        { kind: 'capability', capability: 'read:orders' },
        { kind: 'capability', capability: 'view:driver-queue' },
      ]),
    );
    await t.database.db.transaction((tx) => publish(tx, 'feed.post', { postId: 'after' }, everyone));
    await stream.next((m) => m.data.includes('o-once'));
    await stream.next((m) => m.data.includes('after'));
    expect(stream.received().filter((m) => m.data.includes('o-once'))).toEqual([]);
    await stream.close();
  });

  it('publishes only the listed topics, with their ids, to their audiences', async () => {
    const attempts = [
      // @ts-expect-error 'feed.unlisted' is not in src/shared/events.ts.
      (tx: Executor) => publish(tx, 'feed.unlisted', { postId: 'p' }, everyone),
      // @ts-expect-error A post's event names the post.
      (tx: Executor) => publish(tx, 'feed.post', { orderId: 'o' }, everyone),
      // @ts-expect-error Reports reach moderators only.
      (tx: Executor) => publish(tx, 'feed.report', { postId: 'p' }, everyone),
    ];
    for (const attempt of attempts) {
      await expect(t.database.db.transaction(attempt)).rejects.toThrow(/does not match its entry/);
    }
  });
});

describe('event audiences', () => {
  const member: Viewer = { userId: 'u1', can: (capability) => capability === 'read:orders' };
  const visitor: Viewer = { userId: null, can: () => false };

  it('matches users, capabilities and everyone', () => {
    expect(mayReceive(member, { kind: 'users', userIds: ['u1', 'u2'] })).toBe(true);
    expect(mayReceive(member, { kind: 'users', userIds: ['u2'] })).toBe(false);
    expect(mayReceive(visitor, { kind: 'users', userIds: ['u1'] })).toBe(false);
    expect(mayReceive(member, { kind: 'capability', capability: 'read:orders' })).toBe(true);
    expect(mayReceive(member, { kind: 'capability', capability: 'view:admin' })).toBe(false);
    expect(mayReceive(visitor, { kind: 'everyone' })).toBe(true);
  });
});
