import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import type { NotificationsResponse } from '~/features/notifications/notifications.schema';
import { user } from '~/server/db/tables/auth.tables';
import { conversation, conversationMessage } from '~/server/db/tables/inbox.tables';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type {
  ConversationListResponse,
  ConversationResponse,
  MessagesResponse,
  RecipientsResponse,
  SendMessageResponse,
} from '../inbox.schema';
import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE } from '../inbox.constants';
import { VIEWING_TTL_MS } from './conversations.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });
type Party = { cookie: string; id: string; name: string };

async function member(fullName?: string): Promise<Party> {
  const { cookie, user: me } = await signedInMember(t, fullName ? { fullName } : {});
  return { cookie, id: me.id, name: me.fullName };
}
async function staff(roles: string[], name?: string): Promise<Party & { email: string }> {
  const s = await signedInWithRoles(t, roles, name ? { name } : {});
  return { cookie: s.cookie, id: s.id, name: s.name, email: s.email };
}

async function start(from: Party, to: string) {
  const response = await t.call('POST', '/api/inbox/conversations', { recipientId: to }, as(from.cookie));
  return { status: response.status, body: (await response.json()) as ConversationResponse };
}
async function conversationOf(a: Party, b: Party): Promise<string> {
  const { status, body } = await start(a, b.id);
  expect([200, 201]).toContain(status);
  return body.conversation.id;
}
async function send(from: Party, conversationId: string, content: string) {
  return t.call('POST', `/api/inbox/conversations/${conversationId}/messages`, { content }, as(from.cookie));
}
async function sent(from: Party, conversationId: string, content: string) {
  const response = await send(from, conversationId, content);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as SendMessageResponse).message;
}
async function list(party: Party, q = '') {
  const response = await t.call(
    'GET',
    `/api/inbox/conversations${q ? `?${new URLSearchParams({ q })}` : ''}`,
    undefined,
    as(party.cookie),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as ConversationListResponse;
}
async function messagesOf(party: Party, conversationId: string, cursor?: string) {
  const query = cursor ? `?cursor=${cursor}` : '';
  const response = await t.call(
    'GET',
    `/api/inbox/conversations/${conversationId}/messages${query}`,
    undefined,
    as(party.cookie),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as MessagesResponse;
}
async function notificationsOf(party: Party) {
  const response = await t.call('GET', '/api/notifications', undefined, as(party.cookie));
  return (await response.json()) as NotificationsResponse;
}
const markRead = (party: Party, conversationId: string, viewing = true) =>
  t.call('POST', `/api/inbox/conversations/${conversationId}/read`, { viewing }, as(party.cookie));
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string; title?: string } }).error;

describe('starting a conversation', () => {
  it('creates one conversation per pair: the same one whoever asks, however often', async () => {
    const [a, b] = [await member(), await member()];
    const first = await start(a, b.id);
    expect(first.status).toBe(201);
    expect(first.body.conversation).toMatchObject({
      counterpart: { id: b.id, name: b.name, kind: 'member' },
      lastMessage: null,
      unreadCount: 0,
    });
    const again = await start(a, b.id);
    expect(again.status).toBe(200);
    expect(again.body.conversation.id).toBe(first.body.conversation.id);
    const reverse = await start(b, a.id);
    expect(reverse.status).toBe(200);
    expect(reverse.body.conversation.id).toBe(first.body.conversation.id);
    expect(reverse.body.conversation.counterpart).toMatchObject({ id: a.id, name: a.name });
    expect(await t.database.db.$count(conversation, eq(conversation.id, first.body.conversation.id))).toBe(1);
  });

  it('lists a conversation opened and left without a message for neither member, and for both once it has one', async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversationOf(a, b);
    expect((await list(a)).items).toEqual([]);
    expect((await list(b)).items).toEqual([]);
    // Opening it again, from either side, still lists nothing.
    expect(await conversationOf(b, a)).toBe(id);
    expect((await list(a)).items).toEqual([]);
    await sent(b, id, 'Hello there');
    expect((await list(a)).items.map((c) => c.id)).toEqual([id]);
    expect((await list(b)).items.map((c) => c.id)).toEqual([id]);
  });

  it('refuses yourself, an unknown member and bad input', async () => {
    const a = await member();
    const self = await t.call('POST', '/api/inbox/conversations', { recipientId: a.id }, as(a.cookie));
    expect(self.status).toBe(400);
    expect((await errorOf(self)).message).toBe('You cannot start a conversation with yourself.');
    const unknown = await start(a, 'no-such-member');
    expect(unknown.status).toBe(404);
    for (const body of [{}, { recipientId: '' }, { recipientId: 'x', extra: 1 }]) {
      const response = await t.call('POST', '/api/inbox/conversations', body, as(a.cookie));
      expect(response.status).toBe(400);
    }
  });

  it('refuses a member who starts a conversation with an Owner, but lets them reply in one the Owner started', async () => {
    const [a, owner] = [await member(), await staff(['Owner'])];
    const refused = await t.call('POST', '/api/inbox/conversations', { recipientId: owner.id }, as(a.cookie));
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(
      'The Admin Team cannot be messaged directly. You can reply when the Admin Team messages you.',
    );
    const admin = await staff(['Admin']);
    expect((await start(admin, owner.id)).status).toBe(403);

    const id = await conversationOf(owner, a);
    await sent(owner, id, 'Welcome to The Vault.');
    // The member opens it from their inbox, never through the start endpoint.
    expect((await start(a, owner.id)).status).toBe(403);
    expect((await list(a)).items.map((c) => c.id)).toEqual([id]);
    await sent(a, id, 'Thank you!');
    expect((await messagesOf(owner, id)).items.map((m) => [m.content, m.mine])).toEqual([
      ['Welcome to The Vault.', true],
      ['Thank you!', false],
    ]);
  });

  it('refuses a member who starts a conversation with an Owner or an Admin byte for byte the same, thread or no thread', async () => {
    const refusal = async (from: Party, to: string) => {
      const response = await t.call('POST', '/api/inbox/conversations', { recipientId: to }, as(from.cookie));
      const body = (await response.json()) as { error?: Record<string, unknown> };
      delete body.error?.['requestId'];
      return { status: response.status, body: JSON.stringify(body) };
    };
    for (const roles of [['Owner'], ['Admin']]) {
      for (const asker of [await member(), await staff(['Support'])]) {
        const target = await staff(roles);
        const before = await refusal(asker, target.id);
        const id = await conversationOf(target, asker);
        await sent(target, id, 'Hello from the team.');
        const after = await refusal(asker, target.id);
        expect(after, `${roles[0]} to ${asker.name}`).toEqual(before);
        expect(before.status).toBe(403);
        expect(after.body).not.toContain(id);
        // They still reach the thread the staff member started.
        expect((await list(asker)).items.map((c) => c.id)).toEqual([id]);
        await sent(asker, id, 'Hello back.');
      }
    }
    // Staff start conversations with each other as before.
    const [admin, otherAdmin, owner] = [
      await staff(['Admin']),
      await staff(['Admin']),
      await staff(['Owner']),
    ];
    expect((await start(admin, otherAdmin.id)).status).toBe(201);
    expect((await start(owner, admin.id)).status).toBe(201);
  });
});

describe('finding a member to message', () => {
  const recipients = async (party: Party, q: string) => {
    const response = await t.call(
      'GET',
      `/api/inbox/recipients?${new URLSearchParams({ q })}`,
      undefined,
      as(party.cookie),
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as RecipientsResponse).items;
  };

  it('finds members by name, never the searcher, a banned member, or staff a member may not start a conversation with', async () => {
    // A surname nobody else in this database has, in letters only (names take no digits).
    const tag = `Quillon${[...Date.now().toString(36)].filter((c) => /[a-z]/.test(c)).join('')}x`;
    const [a, b] = [await member(`Ana ${tag}`), await member(`Ben ${tag}`)];
    const banned = await member(`Banned ${tag}`);
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, banned.id));
    const admin = await staff(['Admin'], `Adam ${tag}`);
    const owner = await staff(['Owner'], `Olga ${tag}`);
    const support = await staff(['Support'], `Sue ${tag}`);

    // A member: other members and Support, by name, ignoring case; no Owner or Admin, not even by their name.
    expect((await recipients(a, tag.toUpperCase())).map((r) => r.name)).toEqual([b.name, support.name]);
    expect(await recipients(a, 'Adam')).not.toContainEqual(expect.objectContaining({ id: admin.id }));
    expect((await recipients(a, tag))[0]).toEqual({
      id: b.id,
      name: b.name,
      avatarUrl: expect.any(String),
      kind: 'member',
    });
    // Support is not staff either; an Admin finds Admins but no Owner; an Owner finds everyone else.
    expect((await recipients(support, tag)).map((r) => r.id)).toEqual([a.id, b.id]);
    expect((await recipients(admin, tag)).map((r) => r.id)).toEqual([a.id, b.id, support.id]);
    expect((await recipients(owner, tag)).map((r) => r.id)).toEqual([admin.id, a.id, b.id, support.id]);
    // Nothing until a name is typed; wildcards are taken literally.
    expect(await recipients(a, '')).toEqual([]);
    expect(await recipients(a, '%')).toEqual([]);
    // Whom the search leaves out, starting a conversation refuses too.
    expect((await start(a, admin.id)).status).toBe(403);
    expect((await start(a, owner.id)).status).toBe(403);
  });
});

describe('messages', () => {
  it('are stored, listed oldest first, counted unread for the recipient and read when they open the thread', async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversationOf(a, b);
    const first = await sent(a, id, '  Hello B!\nSecond line  ');
    expect(first).toMatchObject({ seq: 1, content: 'Hello B!\nSecond line', mine: true });
    t.clock.advance(1000);
    await sent(a, id, 'Are you there?');

    const [summary] = (await list(b)).items;
    expect(summary).toMatchObject({
      id,
      counterpart: { id: a.id, name: a.name, kind: 'member' },
      unreadCount: 2,
      lastMessage: { content: 'Are you there?', mine: false },
    });
    expect((await list(a)).items[0]!.unreadCount).toBe(0);
    expect((await messagesOf(b, id)).items.map((m) => [m.content, m.mine])).toEqual([
      ['Hello B!\nSecond line', false],
      ['Are you there?', false],
    ]);

    expect((await markRead(b, id)).status).toBe(200);
    expect((await list(b)).items[0]!.unreadCount).toBe(0);
    await sent(b, id, 'Yes!');
    expect((await list(a)).items[0]).toMatchObject({ unreadCount: 1, lastMessage: { mine: false } });
  });

  it('keep text as text', async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversationOf(a, b);
    const html = '<img src=x onerror=alert(1)> <b>bold</b> & "quotes"';
    await sent(a, id, html);
    expect((await messagesOf(b, id)).items[0]!.content).toBe(html);
  });

  it('refuse an empty message and one over the limit, and store nothing', async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversationOf(a, b);
    for (const content of ['', '   \n\t ']) {
      const response = await send(a, id, content);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe('Type a message to send.');
    }
    const tooLong = await send(a, id, 'x'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).message).toBe('Messages can be at most 2,000 characters.');
    expect(await t.database.db.$count(conversationMessage, eq(conversationMessage.conversationId, id))).toBe(
      0,
    );
    await sent(a, id, 'x'.repeat(MESSAGE_MAX_LENGTH));
  });

  it('come a page at a time, newest page first', async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversationOf(a, b);
    for (let i = 1; i <= MESSAGES_PAGE_SIZE + 2; i += 1) await sent(i % 2 ? a : b, id, `message ${i}`);
    const newest = await messagesOf(b, id);
    expect(newest.items).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(newest.items[0]!.content).toBe('message 3');
    expect(newest.items.at(-1)!.content).toBe(`message ${MESSAGES_PAGE_SIZE + 2}`);
    expect(newest.nextCursor).toEqual(expect.any(String));
    const older = await messagesOf(b, id, newest.nextCursor!);
    expect(older.items.map((m) => m.content)).toEqual(['message 1', 'message 2']);
    expect(older.nextCursor).toBeNull();
    const forged = await t.call(
      'GET',
      `/api/inbox/conversations/${id}/messages?cursor=${Buffer.from('[0]').toString('base64url')}`,
      undefined,
      as(b.cookie),
    );
    expect(forged.status).toBe(400);
    expect((await t.call('GET', '/api/inbox/conversations?cursor=3|x', undefined, as(b.cookie))).status).toBe(
      400,
    );
  });

  it('cannot be sent by a banned member', async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversationOf(a, b);
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, a.id));
    expect((await send(a, id, 'Still here?')).status).toBe(401);
    expect(await t.database.db.$count(conversationMessage, eq(conversationMessage.conversationId, id))).toBe(
      0,
    );
  });

  it('show a member who has left as Unknown, and cannot be sent to them', async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversationOf(a, b);
    await sent(a, id, 'Bye?');
    await t.database.db.delete(user).where(eq(user.id, b.id));
    const [summary] = (await list(a)).items;
    expect(summary!.counterpart).toEqual({ id: null, name: 'Unknown', avatarUrl: null, kind: 'unknown' });
    expect((await list(a, 'unknown')).items.map((c) => c.id)).toEqual([id]);
    const refused = await send(a, id, 'Hello?');
    expect(refused.status).toBe(409);
    expect((await messagesOf(a, id)).items.map((m) => m.content)).toEqual(['Bye?']);
  });
});

describe('each member sees only their own conversations', () => {
  it('gives a third member 404 for everything about A and B’s conversation, and changes nothing', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const id = await conversationOf(a, b);
    await sent(a, id, 'Just between us.');
    const base = `/api/inbox/conversations/${id}`;
    const calls: [string, string, unknown][] = [
      ['GET', base, undefined],
      ['GET', `${base}/messages`, undefined],
      ['POST', `${base}/messages`, { content: 'Let me in' }],
      ['POST', `${base}/read`, { viewing: true }],
      ['DELETE', base, undefined],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.call(method, path, body, as(c.cookie));
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain('Just between us.');
    }
    expect((await list(c)).items).toEqual([]);
    expect((await messagesOf(b, id)).items.map((m) => m.content)).toEqual(['Just between us.']);
    expect((await list(b)).items[0]!.unreadCount).toBe(1);
  });

  it('tells only the two parties of a new message, by ids', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const id = await conversationOf(a, b);
    const streams = await Promise.all(
      [a, b, c].map(async (p) => sseReader(await t.call('GET', '/api/events', undefined, as(p.cookie)))),
    );
    for (const stream of streams) await stream.next((m) => m.event === 'ready');
    const message = await sent(a, id, 'Live?');
    const isIt = (m: { data: string }) => m.data.includes(message.id);
    for (const stream of streams.slice(0, 2)) {
      const event = await stream.next(isIt);
      expect(JSON.parse(event.data)).toEqual({
        topic: 'inbox.message',
        ids: { conversationId: id, messageId: message.id },
      });
    }
    await expect(streams[2]!.next(isIt, 500)).rejects.toThrow();
    for (const stream of streams) await stream.close();
  });
});

describe('notifications of new messages', () => {
  it('tell the recipient once while unread, and not while they have the thread open', async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversationOf(a, b);
    await sent(a, id, 'One');
    await sent(a, id, 'Two');
    let notes = await notificationsOf(b);
    expect(notes.items.map((n) => [n.message, n.link])).toEqual([
      [`New message from ${a.name}`, `/inbox/${id}`],
    ]);
    expect((await notificationsOf(a)).items).toEqual([]);

    await t.call('POST', '/api/notifications/read-all', {}, as(b.cookie));
    expect((await markRead(b, id, true)).status).toBe(200);
    await sent(a, id, 'Three, while B reads');
    notes = await notificationsOf(b);
    expect(notes.unreadCount).toBe(0);

    // B's browser stops renewing (tab closed): once it lapses, messages notify again.
    t.clock.advance(VIEWING_TTL_MS + 1);
    await sent(a, id, 'Four');
    expect((await notificationsOf(b)).unreadCount).toBe(1);

    // Leaving the thread says so at once.
    await t.call('POST', '/api/notifications/read-all', {}, as(b.cookie));
    await markRead(b, id, true);
    await markRead(b, id, false);
    await sent(a, id, 'Five');
    expect((await notificationsOf(b)).unreadCount).toBe(1);
  });
});

describe('masking staff', () => {
  const CANARY = 'Zanzibar Canary-Quill';

  it('never lets a staff member’s name, email, id or avatar reach a member through the inbox, notifications or events', async () => {
    const admin = await staff(['Admin'], CANARY);
    const m = await member();
    const stream = sseReader(await t.call('GET', '/api/events', undefined, as(m.cookie)));
    await stream.next((e) => e.event === 'ready');

    const id = await conversationOf(admin, m);
    const message = await sent(admin, id, 'Hello from the team.');
    const events = [await stream.next((e) => e.data.includes(message.id))];
    const reply = await sent(m, id, 'Hi team!');
    events.push(await stream.next((e) => e.data.includes(reply.id)));
    const started = await start(m, admin.id);
    expect(started.status).toBe(403);

    const bodies = [
      JSON.stringify(started.body),
      JSON.stringify(await list(m)),
      JSON.stringify(await list(m, 'Admin Team')),
      JSON.stringify(
        await (await t.call('GET', `/api/inbox/conversations/${id}`, undefined, as(m.cookie))).json(),
      ),
      JSON.stringify(await messagesOf(m, id)),
      JSON.stringify(await notificationsOf(m)),
      ...[...events, ...stream.received()].map((e) => e.data),
    ];
    await stream.close();
    const canaries = [CANARY, 'Zanzibar', 'Canary', admin.email, admin.id, `/api/avatars/${admin.id}`];
    for (const body of bodies) {
      for (const canary of canaries) expect(body).not.toContain(canary);
    }
    const opened = (await (
      await t.call('GET', `/api/inbox/conversations/${id}`, undefined, as(m.cookie))
    ).json()) as ConversationResponse;
    expect(opened.conversation.counterpart).toEqual({
      id: null,
      name: 'Admin Team',
      avatarUrl: null,
      kind: 'team',
    });
    expect((await notificationsOf(m)).items[0]!.message).toBe('New message from Admin Team');
    // Searching the real name finds nothing; the shown name finds it.
    expect((await list(m, 'Zanzibar')).items).toEqual([]);
    expect((await list(m, 'admin team')).items.map((c) => c.id)).toEqual([id]);

    // The admin sees the member as they are.
    const [adminView] = (await list(admin)).items;
    expect(adminView!.counterpart).toMatchObject({ id: m.id, name: m.name, kind: 'member' });
    expect((await notificationsOf(admin)).items[0]!.message).toBe(`New message from ${m.name}`);
  });

  it('shows an Owner as Admin Team to Support and members, and as themself to Admins', async () => {
    const owner = await staff(['Owner'], 'Olivia Realname');
    const [support, admin, m] = [await staff(['Support']), await staff(['Admin']), await member()];
    for (const party of [support, m]) {
      const id = await conversationOf(owner, party);
      await sent(owner, id, 'Hi');
      const [summary] = (await list(party)).items;
      expect(summary!.counterpart).toEqual({ id: null, name: 'Admin Team', avatarUrl: null, kind: 'team' });
    }
    const id = await conversationOf(owner, admin);
    await sent(owner, id, 'Hi');
    const [summary] = (await list(admin)).items;
    expect(summary!.counterpart).toEqual({
      id: owner.id,
      name: 'Olivia Realname',
      avatarUrl: '/owner-avatar.svg',
      kind: 'member',
    });
  });
});

describe('deleting a conversation', () => {
  it('hides the history up to now for the deleting member only; a later message reopens it with only newer messages', async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversationOf(a, b);
    await sent(a, id, 'Old one');
    await sent(b, id, 'Old two');

    const deleted = await t.call('DELETE', `/api/inbox/conversations/${id}`, undefined, as(a.cookie));
    expect(deleted.status).toBe(200);
    expect((await list(a)).items).toEqual([]);
    expect((await messagesOf(a, id)).items).toEqual([]);
    // The other party keeps theirs.
    expect((await messagesOf(b, id)).items.map((m) => m.content)).toEqual(['Old one', 'Old two']);
    // Asking again for the conversation with B gives the same one, still without the old messages.
    expect((await start(a, b.id)).body.conversation).toMatchObject({ id, lastMessage: null, unreadCount: 0 });

    await sent(b, id, 'New one');
    const [reopened] = (await list(a)).items;
    expect(reopened).toMatchObject({ id, unreadCount: 1, lastMessage: { content: 'New one' } });
    expect((await messagesOf(a, id)).items.map((m) => m.content)).toEqual(['New one']);
    expect((await messagesOf(b, id)).items.map((m) => m.content)).toEqual(['Old one', 'Old two', 'New one']);
    expect(await t.database.db.$count(conversation, eq(conversation.id, id))).toBe(1);
  });
});

describe('searching conversations', () => {
  it('finds conversations by the other party’s name, ignoring case, with wildcards taken literally', async () => {
    const me = await member();
    const river = await member('River Songbird');
    const stone = await member('Stone 100% Cold');
    for (const other of [river, stone]) await sent(me, await conversationOf(me, other), 'hi');
    const names = async (q: string) => (await list(me, q)).items.map((c) => c.counterpart.name);
    expect(await names('songBIRD')).toEqual(['River Songbird']);
    expect(await names('100%')).toEqual(['Stone 100% Cold']);
    expect(await names('%')).toEqual(['Stone 100% Cold']);
    expect(await names('_')).toEqual([]);
    expect(await names('nobody')).toEqual([]);
    expect(await names('')).toHaveLength(2);
  });
});

describe('the unread total', () => {
  const unreadOf = async (party: Party) => {
    const response = await t.call('GET', '/api/inbox/unread', undefined, as(party.cookie));
    expect(response.status).toBe(200);
    return ((await response.json()) as { unreadCount: number }).unreadCount;
  };

  it('counts others’ unread messages across conversations, never the member’s own, and drops as threads are read or deleted', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const ab = await conversationOf(a, b);
    const cb = await conversationOf(c, b);
    await sent(a, ab, 'one');
    await sent(a, ab, 'two');
    await sent(c, cb, 'three');
    expect(await unreadOf(b)).toBe(3);
    expect(await unreadOf(a)).toBe(0);
    // Replying reads the thread; the member's own message is never unread for them.
    await sent(b, cb, 'my own reply');
    expect(await unreadOf(b)).toBe(2);
    expect(await unreadOf(c)).toBe(1);

    expect((await markRead(b, ab, false)).status).toBe(200);
    expect(await unreadOf(b)).toBe(0);
    await sent(c, cb, 'four');
    expect(await unreadOf(b)).toBe(1);
    expect((await t.call('DELETE', `/api/inbox/conversations/${cb}`, undefined, as(b.cookie))).status).toBe(
      200,
    );
    expect(await unreadOf(b)).toBe(0);
    // C's reply read B's message for C.
    expect(await unreadOf(c)).toBe(0);
  });
});
