import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '~/server/testing/members';
import { endUserStreams, mayReceive, publish, type Viewer } from './events';
import { sseReader } from './testing/sse';
import { createTestContext, type TestContext } from './testing/test-context';

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

const everyone = { kind: 'everyone' } as const;

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
        await publish(tx, 'orders.rolled-back', { orderId: 'o1' }, everyone);
        throw new Error('the write failed after publishing');
      }),
    ).rejects.toThrow('the write failed');
    await t.database.db.transaction((tx) => publish(tx, 'orders.marker', { orderId: 'o2' }, everyone));
    await stream.next((m) => m.event === 'change' && m.data.includes('orders.marker'));
    expect(stream.received().some((m) => m.data.includes('rolled-back'))).toBe(false);
    await stream.close();
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
      await publish(
        tx,
        'inbox.message',
        { conversationId: 'c1' },
        { kind: 'users', userIds: [other.user.id] },
      );
      await publish(tx, 'admin.order', { orderId: 'o3' }, { kind: 'capability', capability: 'view:admin' });
      await publish(tx, 'feed.marker', { postId: 'p9' }, everyone);
    });
    await mine.next((m) => m.data.includes('feed.marker'));
    expect(mine.received().filter((m) => m.event === 'change')).toEqual([]);
    const delivered = await theirs.next((m) => m.event === 'change');
    expect(JSON.parse(delivered.data)).toEqual({ topic: 'inbox.message', ids: { conversationId: 'c1' } });
    await theirs.next((m) => m.data.includes('feed.marker'));
    expect(theirs.received().filter((m) => m.data.includes('admin.order'))).toEqual([]);
    await mine.close();
    await theirs.close();
  });

  it("ends a member's open streams when asked to (after a ban or a role change)", async () => {
    const stream = await openStream();
    await t.database.db.transaction((tx) => endUserStreams(tx, member.user.id));
    await expect(stream.next((m) => m.event === 'never', 5000)).rejects.toThrow('the event stream ended');
  });

  it('replays what a reconnecting browser missed after its Last-Event-ID', async () => {
    const first = await openStream();
    await t.database.db.transaction((tx) => publish(tx, 'feed.one', { postId: 'a' }, everyone));
    const seen = await first.next((m) => m.data.includes('feed.one'));
    await first.close();
    await t.database.db.transaction((tx) => publish(tx, 'feed.two', { postId: 'b' }, everyone));
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
    expect(JSON.parse(replayed.data)).toEqual({ topic: 'feed.two', ids: { postId: 'b' } });
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
    await stream.next((m) => m.event === 'ping', 3000);
    await stream.close();
  });

  it('refuses an event too large to carry ids only', async () => {
    await expect(
      t.database.db.transaction((tx) => publish(tx, 'feed.big', { text: 'x'.repeat(5000) }, everyone)),
    ).rejects.toThrow(/too large/);
  });
});

describe('event audiences', () => {
  const member: Viewer = { userId: 'u1', can: (capability) => capability === 'view:feed' };
  const visitor: Viewer = { userId: null, can: () => false };

  it('matches users, capabilities and everyone', () => {
    expect(mayReceive(member, { kind: 'users', userIds: ['u1', 'u2'] })).toBe(true);
    expect(mayReceive(member, { kind: 'users', userIds: ['u2'] })).toBe(false);
    expect(mayReceive(visitor, { kind: 'users', userIds: ['u1'] })).toBe(false);
    expect(mayReceive(member, { kind: 'capability', capability: 'view:feed' })).toBe(true);
    expect(mayReceive(member, { kind: 'capability', capability: 'view:admin' })).toBe(false);
    expect(mayReceive(visitor, { kind: 'everyone' })).toBe(true);
  });
});
