import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '~/server/db/tables/auth.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { NotificationsResponse } from '../notifications.schema';
import { notify, notifyEach } from './notifications.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const listFor = async (cookie: string) =>
  (await (
    await t.call('GET', '/api/notifications', undefined, { Cookie: cookie })
  ).json()) as NotificationsResponse;

describe('notifications', () => {
  it('shows a member only their own, newest five first, with the unread count', async () => {
    const alice = await signedInMember(t);
    const bob = await signedInMember(t);
    for (let i = 1; i <= 7; i += 1) {
      t.clock.advance(1000);
      await notify(t.database.db, {
        userId: alice.user.id,
        message: `Note ${i}`,
        link: i === 7 ? '/orders' : undefined,
        from: 'staff',
        at: t.clock.now(),
      });
    }
    await notify(t.database.db, {
      userId: bob.user.id,
      message: 'For Bob only',
      from: 'staff',
      at: t.clock.now(),
    });

    const mine = await listFor(alice.cookie);
    expect(mine.unreadCount).toBe(7);
    expect(mine.items.map((n) => n.message)).toEqual(['Note 7', 'Note 6', 'Note 5', 'Note 4', 'Note 3']);
    expect(mine.items[0]).toMatchObject({ link: '/orders', read: false });
    expect(JSON.stringify(mine)).not.toContain('For Bob only');
    expect((await listFor(bob.cookie)).items.map((n) => n.message)).toEqual(['For Bob only']);
  });

  it('marks all of a member’s notifications read, and nobody else’s', async () => {
    const alice = await signedInMember(t);
    const bob = await signedInMember(t);
    await notify(t.database.db, { userId: alice.user.id, message: 'One', from: 'staff', at: t.clock.now() });
    await notify(t.database.db, { userId: bob.user.id, message: 'Two', from: 'staff', at: t.clock.now() });
    expect(
      (await t.call('POST', '/api/notifications/read-all', undefined, { Cookie: alice.cookie })).status,
    ).toBe(200);
    expect((await listFor(alice.cookie)).unreadCount).toBe(0);
    expect((await listFor(bob.cookie)).unreadCount).toBe(1);
  });

  it('tells the member’s browser of a new one over the event stream, and no one else’s', async () => {
    const alice = await signedInMember(t);
    const bob = await signedInMember(t);
    const aliceStream = sseReader(await t.call('GET', '/api/events', undefined, { Cookie: alice.cookie }));
    const bobStream = sseReader(await t.call('GET', '/api/events', undefined, { Cookie: bob.cookie }));
    await aliceStream.next((m) => m.event === 'ready');
    await bobStream.next((m) => m.event === 'ready');
    await t.database.db.transaction((tx) =>
      notify(tx, { userId: alice.user.id, message: 'Hello', from: 'member', at: t.clock.now() }),
    );
    const event = await aliceStream.next((m) => m.event === 'change');
    expect(JSON.parse(event.data)).toMatchObject({ topic: 'notifications.new' });
    expect(event.data).not.toContain('Hello');
    expect(bobStream.received().filter((m) => m.event === 'change')).toEqual([]);
    await aliceStream.close();
    await bobStream.close();
  });

  it('refuses a visitor', async () => {
    expect((await t.call('GET', '/api/notifications')).status).toBe(401);
  });
});

describe('what notifies a member', () => {
  it('tells a referrer when someone joins with their code', async () => {
    const referrer = await signedInMember(t);
    const joined = await signedInMember(t, {
      referralCode: referrer.user.referralCode,
      fullName: 'Rae Newcomer',
    });
    expect(joined.user.fullName).toBe('Rae Newcomer');
    const list = await listFor(referrer.cookie);
    expect(list.items[0]).toMatchObject({
      message: 'Rae Newcomer joined The Vault with your referral code.',
      link: '/profile',
      fromStaff: false,
    });
    expect(list.unreadCount).toBe(1);
  });
});

describe('the staff badge', () => {
  it('marks what The Vault and its staff send, never what a member writes, whatever their name', async () => {
    const staff = await signedInWithRoles(t, ['Admin'], { name: 'Ada Admin' });
    const lookalike = await signedInMember(t, { fullName: 'Team Admin' });
    const member = await signedInMember(t);

    // A role change and an order update come from the staff.
    expect(
      (
        await t.call(
          'PUT',
          `/api/admin/members/${member.user.id}/roles`,
          { roles: ['Member', 'Support'] },
          {
            Cookie: staff.cookie,
          },
        )
      ).status,
    ).toBe(200);
    // A message from a member, and one from the Admin Team.
    for (const sender of [lookalike.cookie, staff.cookie]) {
      t.clock.advance(1000);
      const started = await t.call(
        'POST',
        '/api/inbox/conversations',
        { recipientId: member.user.id },
        {
          Cookie: sender,
        },
      );
      const { conversation } = (await started.json()) as { conversation: { id: string } };
      const sent = await t.call(
        'POST',
        `/api/inbox/conversations/${conversation.id}/messages`,
        { content: 'Hi' },
        {
          Cookie: sender,
        },
      );
      expect(sent.status).toBe(201);
    }

    const items = (await listFor(member.cookie)).items.map(({ message, fromStaff }) => ({
      message,
      fromStaff,
    }));
    expect(items).toEqual([
      { message: 'New message from Admin Team', fromStaff: true },
      { message: 'New message from Team Admin', fromStaff: false },
      { message: 'Your roles are now: Support, Member.', fromStaff: true },
    ]);
  });

  it('tells many members at once in one transaction: each gets their own, and hears of it live', async () => {
    const [first, last] = [await signedInMember(t), await signedInMember(t)];
    // More members than one event may name: 250 ids would not fit in one NOTIFY payload.
    const others = Array.from({ length: 248 }, (_, index) => `not-signed-in-${index}`);
    await t.database.db
      .insert(user)
      .values(
        others.map((id) => ({ id, name: id, email: `${id}@vault.example`, referralCode: `REF-${id}` })),
      );
    const lastStream = sseReader(await t.call('GET', '/api/events', undefined, { Cookie: last.cookie }));
    await lastStream.next((m) => m.event === 'ready');
    const userIds = [first.user.id, ...others, last.user.id];
    await t.database.db.transaction((tx) =>
      notifyEach(
        tx,
        userIds.map((userId) => ({
          userId,
          message: 'New delivery order',
          from: 'staff',
          at: t.clock.now(),
        })),
      ),
    );
    const change = await lastStream.next((m) => m.event === 'change');
    expect(JSON.parse(change.data)).toMatchObject({ topic: 'notifications.new' });
    for (const member of [first, last]) {
      const { items } = await listFor(member.cookie);
      expect(items.map((item) => item.message)).toEqual(['New delivery order']);
    }
    const [counted] = await t.database.db
      .select({ value: count() })
      .from(notification)
      .where(inArray(notification.userId, userIds));
    expect(counted?.value).toBe(250);
    await lastStream.close();
  });
});
