import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '~/shared/app-error';
import type { Role } from '~/shared/permissions';
import { cookieHeader } from '~/app/server/testing/members';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { conversationParticipant } from '~/server/db/tables/inbox.tables';
import { insertMember } from '~/app/server/seed/seed';
import { encodeCursor } from '~/server/pagination';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { AdminMember, MemberPage } from '../members.schema';

const PASSWORD = 'members-password-1';
let t: TestContext;
let counter = 0;

interface Someone {
  id: string;
  email: string;
  cookie: string;
}

async function someone(roles: Role[], name = `Person ${++counter}`, telegram = ''): Promise<Someone> {
  const email = `person${++counter}@members.example`;
  const id = await t.database.db.transaction((tx) =>
    insertMember(tx, { name, email, roles, telegram }, PASSWORD, new Date()),
  );
  const login = await t.call('POST', '/api/accounts/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return { id, email, cookie: cookieHeader(login) };
}

let owner: Someone;
let admin: Someone;
beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_SIGN_IN_PER_IP: '1000/60' } });
  owner = await someone(['Owner'], 'Olivia Owner');
  admin = await someone(['Admin'], 'Adam Admin');
});
afterAll(() => t.close());

const as = (who: Someone) => ({ Cookie: who.cookie });
const ban = (by: Someone, target: string) => t.call('POST', `/api/admin/members/${target}/ban`, {}, as(by));
const unban = (by: Someone, target: string) =>
  t.call('POST', `/api/admin/members/${target}/unban`, {}, as(by));
const setRoles = (by: Someone, target: string, roles: string[]) =>
  t.call('PUT', `/api/admin/members/${target}/roles`, { roles }, as(by));
const rowOf = async (id: string) => (await t.database.db.select().from(user).where(eq(user.id, id)))[0]!;
const auditsFor = (memberId: string, eventType: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.eventType, eventType)))
    .then((rows) => rows.filter((row) => row.meta.memberId === memberId));

describe('searching members', () => {
  it('finds members by name, email or telegram, ignoring case', async () => {
    const zed = await someone(['Member'], 'Zed Quintana', '@zedq');
    for (const q of ['quintana', 'ZED', zed.email.toUpperCase(), '@ZEDQ']) {
      const response = await t.call(
        'GET',
        `/api/admin/members?q=${encodeURIComponent(q)}`,
        undefined,
        as(admin),
      );
      expect(response.status).toBe(200);
      const page = (await response.json()) as MemberPage;
      expect(
        page.items.map((m) => m.id),
        q,
      ).toContain(zed.id);
    }
  });

  it('searches the Roles tab by full name or email only', async () => {
    await someone(['Member'], 'Yara Lin', '@uniquehandle');
    const byTelegram = await t.call(
      'GET',
      '/api/admin/members?scope=roles&q=uniquehandle',
      undefined,
      as(admin),
    );
    expect(((await byTelegram.json()) as MemberPage).items).toEqual([]);
    const byName = await t.call('GET', '/api/admin/members?scope=roles&q=yara', undefined, as(admin));
    expect(((await byName.json()) as MemberPage).items.map((m) => m.fullName)).toEqual(['Yara Lin']);
  });

  it('pages through members with a cursor, without repeats', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const response: Response = await t.call(
        'GET',
        `/api/admin/members?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        as(admin),
      );
      const page = (await response.json()) as MemberPage;
      for (const member of page.items) {
        expect(seen.has(member.id)).toBe(false);
        seen.add(member.id);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(await t.database.db.$count(user));
  });

  it('pages through members who joined within the same millisecond, microseconds apart', async () => {
    const joined = ['100', '200', '300'].map((us) => `2020-01-01 00:00:00.000${us}+00`);
    const trio = [await someone(['Member']), await someone(['Member']), await someone(['Member'])];
    for (const [index, member] of trio.entries()) {
      await t.database.db.execute(
        sql`update "user" set created_at = ${joined[index]} where id = ${member.id}`,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: Response = await t.call(
        'GET',
        `/api/admin/members?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        as(admin),
      );
      const page = (await response.json()) as MemberPage;
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => trio.some((m) => m.id === id))).toEqual(trio.map((m) => m.id).reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(await t.database.db.$count(user));
  });

  it.each([
    ['garbage', 'garbage'],
    ['a cursor of another shape', Buffer.from('{"page":2}').toString('base64url')],
    ['a day the month does not have', encodeCursor(['2026-02-30T00:00:00Z', 'someone'])],
    ['the year 0', encodeCursor(['0000-01-01T00:00:00Z', 'someone'])],
    ['an id with a NUL', encodeCursor(['2026-06-01T00:00:00Z', 'a\u0000b'])],
    ['an empty cursor', ''],
    ['a cursor too long', 'x'.repeat(301)],
  ])('answers a malformed cursor (%s) with a 400, never a 500', async (_, cursor) => {
    const response = await t.call('GET', `/api/admin/members?cursor=${cursor}`, undefined, as(admin));
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This list has changed. Reload it and try again.',
    });
  });

  it('shows phone and address to admins, never to Support or Read-Only', async () => {
    const support = await someone(['Support']);
    const readOnly = await someone(['Read-Only']);
    const first = async (who: Someone) =>
      ((await (await t.call('GET', '/api/admin/members', undefined, as(who))).json()) as MemberPage)
        .items[0]!;
    expect(await first(admin)).toHaveProperty('phone');
    expect(await first(support)).not.toHaveProperty('phone');
    expect(await first(readOnly)).not.toHaveProperty('address');
  });
});

describe('contact details in the member list', () => {
  it('shows email and Telegram only to staff who see contact details, and searches them only for those', async () => {
    const quill = await someone(['Member'], 'Quill Pennywhistle', '@quillsecret');
    const support = await someone(['Support']);
    const readOnly = await someone(['Read-Only']);
    const search = async (who: Someone, q: string) => {
      const response = await t.call(
        'GET',
        `/api/admin/members?q=${encodeURIComponent(q)}`,
        undefined,
        as(who),
      );
      expect(response.status).toBe(200);
      const text = await response.text();
      return { text, page: JSON.parse(text) as MemberPage };
    };
    for (const who of [support, readOnly]) {
      const { text, page } = await search(who, 'Pennywhistle');
      const entry = page.items.find((m) => m.id === quill.id)!;
      expect(entry.fullName).toBe('Quill Pennywhistle');
      expect(entry).not.toHaveProperty('email');
      expect(entry).not.toHaveProperty('telegram');
      expect(text).not.toContain(quill.email);
      expect(text).not.toContain('@quillsecret');
      // A search by email or Telegram would tell them both, a letter at a time.
      expect((await search(who, quill.email)).page.items).toEqual([]);
      expect((await search(who, 'quillsecret')).page.items).toEqual([]);
    }
    for (const who of [admin, owner]) {
      const entry = (await search(who, 'quillsecret')).page.items.find((m) => m.id === quill.id)!;
      expect(entry).toMatchObject({ email: quill.email, telegram: '@quillsecret' });
    }
  });
});

describe('messaging a member from the Members tab', () => {
  const message = (by: Someone, target: string, content: unknown) =>
    t.call('POST', `/api/admin/members/${target}/message`, { content }, as(by));
  const conversationsOf = async (who: Someone) =>
    (
      (await (await t.call('GET', '/api/inbox/conversations', undefined, as(who))).json()) as {
        items: { id: string; counterpart: { name: string }; lastMessage: { content: string } | null }[];
      }
    ).items;

  it('sends the first message in one step: the member finds it under the Admin Team, and a second goes to the same conversation', async () => {
    const mia = await someone(['Member'], 'Mia Messaged');
    const first = await message(admin, mia.id, '  Welcome aboard.  ');
    expect(first.status).toBe(201);
    const body = (await first.json()) as {
      conversationId: string;
      message: { content: string; mine: boolean };
    };
    expect(body.message).toMatchObject({ content: 'Welcome aboard.', mine: true });
    expect(await conversationsOf(mia)).toMatchObject([
      {
        id: body.conversationId,
        counterpart: { name: 'Admin Team' },
        lastMessage: { content: 'Welcome aboard.' },
      },
    ]);
    const second = await message(admin, mia.id, 'One more thing.');
    expect(((await second.json()) as { conversationId: string }).conversationId).toBe(body.conversationId);
    expect((await conversationsOf(admin)).filter((c) => c.id === body.conversationId)).toHaveLength(1);
  });

  it('refuses staff a member may not start a conversation with, those without the capability, and an empty message, leaving no conversation', async () => {
    const support = await someone(['Support']);
    const readOnly = await someone(['Read-Only']);
    const mia = await someone(['Member']);
    const refused = [
      [await message(support, admin.id, 'Hello?'), 403],
      [await message(admin, owner.id, 'Hello?'), 403],
      [await message(readOnly, mia.id, 'Hello?'), 403],
      [await message(admin, mia.id, '   '), 400],
      [await message(admin, 'no-such-member', 'Hello?'), 404],
    ] as const;
    for (const [response, status] of refused) expect(response.status, await response.text()).toBe(status);
    // Nobody refused here has a conversation (admin has others from the test above; owner has none).
    for (const who of [support, readOnly, mia, owner]) {
      const rows = await t.database.db.$count(
        conversationParticipant,
        eq(conversationParticipant.userId, who.id),
      );
      expect(rows, who.id).toBe(0);
    }
  });
});

describe('bans', () => {
  it('bans a member: their open session is refused on the next request and the ban is audited', async () => {
    const member = await someone(['Member']);
    const events = await t.call('GET', '/api/events', undefined, as(member));
    const stream = sseReader(events);
    await stream.next((m) => m.event === 'ready');

    const response = await ban(admin, member.id);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { member: AdminMember }).member.banned).toBe(true);
    expect((await rowOf(member.id)).banned).toBe(true);
    await expect(stream.next((m) => m.event === 'never')).rejects.toThrow('the event stream ended');
    expect(await (await t.call('GET', '/api/accounts/session', undefined, as(member))).json()).toEqual({
      user: null,
    });
    const signIn = await t.call('POST', '/api/accounts/login', { email: member.email, password: PASSWORD });
    expect(await signIn.json()).toMatchObject({
      error: { title: 'Access Denied', message: 'This account has been banned.' },
    });
    expect(await auditsFor(member.id, 'MEMBER_BANNED')).toMatchObject([{ actorId: admin.id }]);

    expect((await unban(admin, member.id)).status).toBe(200);
    expect(
      (await t.call('POST', '/api/accounts/login', { email: member.email, password: PASSWORD })).status,
    ).toBe(200);
    expect(await auditsFor(member.id, 'MEMBER_UNBANNED')).toHaveLength(1);
  });

  it('never bans an Owner, and an Admin cannot ban another Admin or themself', async () => {
    const otherAdmin = await someone(['Admin']);
    const refusals = [
      [await ban(admin, owner.id), 'Owner accounts cannot be banned or have their roles edited.'],
      [await ban(owner, owner.id), 'Owner accounts cannot be banned or have their roles edited.'],
      [await ban(admin, otherAdmin.id), 'Only the Owner can ban or change the roles of an Admin.'],
      [await ban(admin, admin.id), 'Only the Owner can ban or change the roles of an Admin.'],
    ] as const;
    for (const [response, message] of refusals) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { message } });
    }
    expect((await rowOf(owner.id)).banned).toBe(false);
    expect((await rowOf(otherAdmin.id)).banned).toBe(false);
    expect((await ban(owner, otherAdmin.id)).status).toBe(200);
  });

  it('answers 404 for a member that does not exist', async () => {
    const response = await ban(admin, 'no-such-member');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { message: 'This member does not exist or has been removed.' },
    });
  });
});

describe('roles', () => {
  it('gives a member the Driver role, audited, and it applies on their next request', async () => {
    const member = await someone(['Member']);
    const response = await setRoles(admin, member.id, ['Member', 'Driver']);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { member: AdminMember }).member.roles).toEqual(['Driver', 'Member']);
    const session = await t.call('GET', '/api/accounts/session', undefined, as(member));
    expect(await session.json()).toMatchObject({ user: { roles: ['Driver', 'Member'] } });
    const notes = await t.call('GET', '/api/notifications', undefined, as(member));
    expect(await notes.json()).toMatchObject({ items: [{ message: 'Your roles are now: Driver, Member.' }] });
    expect(await auditsFor(member.id, 'ROLES_UPDATED')).toMatchObject([
      { actorId: admin.id, meta: { oldRoles: ['Member'], newRoles: ['Driver', 'Member'] } },
    ]);
  });

  it('keeps Owner out of reach and Admin in the Owner’s hands', async () => {
    const member = await someone(['Member']);
    const cases = [
      [
        await setRoles(admin, owner.id, ['Member']),
        'Owner accounts cannot be banned or have their roles edited.',
      ],
      [await setRoles(owner, member.id, ['Owner']), 'The Owner role cannot be granted or removed.'],
      [await setRoles(admin, member.id, ['Admin']), 'Only the Owner can grant or remove the Admin role.'],
      [
        await setRoles(admin, admin.id, ['Member']),
        'Only the Owner can ban or change the roles of an Admin.',
      ],
    ] as const;
    for (const [response, message] of cases) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { message } });
    }
    expect((await rowOf(member.id)).roles).toEqual(['Member']);
    expect((await setRoles(owner, member.id, ['Admin'])).status).toBe(200);
    expect((await rowOf(member.id)).roles).toEqual(['Admin']);
  });

  it('refuses a role that does not exist and changes nothing', async () => {
    const member = await someone(['Member']);
    const response = await setRoles(admin, member.id, ['Member', 'Emperor']);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: 'Choose roles from the list.' } });
    expect((await rowOf(member.id)).roles).toEqual(['Member']);
  });

  it('treats no roles at all as Member', async () => {
    const member = await someone(['Driver']);
    expect((await setRoles(admin, member.id, [])).status).toBe(200);
    expect((await rowOf(member.id)).roles).toEqual(['Member']);
  });
});
