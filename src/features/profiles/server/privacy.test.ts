import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awardCause } from '~/server/db/tables/economy.tables';
import { auditLog } from '~/server/db/tables/audit.tables';
import { twoFactor, user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { dataExport } from '~/server/db/tables/privacy.tables';
import { readRouteAccessSnapshot } from '~/app/server/testing/route-access-snapshot';
import { cookieHeader, registration, signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';
import { appCode } from '~/app/server/testing/app-code';
import { enrolTwoFactor } from '~/app/server/testing/two-factor';
import { CODE_MISMATCH } from '~/features/accounts/accounts.constants';
import { seedShopWithSticker } from '~/features/shop/server/shop.seed';
import { setOrderStatus } from '~/features/shop/server/order-status.service';
import type { DataExportResponse } from '../privacy.schema';
import {
  OWNER_DELETION_REFUSAL,
  ORDER_IN_PROGRESS_REFUSAL,
  RUN_IN_PROGRESS_REFUSAL,
} from '../privacy.constants';
import { buildDueExports } from './data-export.service';

let t: TestContext;
let sticker: string;
beforeAll(async () => {
  t = await createTestContext({ env: { RATE_LIMIT_UPLOADS_PER_USER: '1000/60' } });
  sticker = await seedShopWithSticker(t.database.db, t.clock.now(), { name: 'Privacy Haze' });
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });
const json = async <T>(response: Response) => (await response.json()) as T;
/** A six-digit code that is not this one (its first digit moved on). */
const otherThan = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;
/** The parts of data.json these tests read. */
interface ArchiveData {
  format: string;
  profile: Record<string, unknown> & { avatar: string };
  consents: Record<string, unknown>;
  posts: { content: string; anonymous: boolean }[];
  comments: unknown[];
  orders: { items: unknown[] }[];
  conversations: { with: string; messages: { from: string; content: string }[] }[];
  ledger: unknown[];
  notifications: unknown[];
  sessions: unknown[];
}
const marker = (label: string) => `${label}${randomBytes(5).toString('hex')}`;

let orderCounter = 0;
const placeOrder = async (cookie: string) => {
  orderCounter += 1;
  const response = await t.call(
    'POST',
    '/api/orders',
    {
      idempotencyKey: `privacy-${orderCounter}-${Date.now()}`,
      deliveryMethod: 'Pickup',
      paymentMethod: 'Cash',
      phone: '(202) 555-0111',
      pickupLocation: 'Van Ness',
      notes: '',
      items: [{ stickerId: sticker, size: '3.5g', quantity: 1 }],
      expectedTotalCents: 4500,
    },
    as(cookie),
  );
  if (response.status !== 201) throw new Error(await response.text());
  return (await response.json()) as { order: { id: string } };
};
const complete = async (orderId: string) => {
  const [owner] = await t.database.db.select().from(user).where(eq(user.id, staff.id));
  await setOrderStatus(t.ctx(), owner!, { orderId, status: 'completed' });
};
let staff: { id: string; cookie: string; name: string };

async function uploadAvatar(cookie: string) {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
  const response = await t.app.request('/api/profile/avatar', {
    method: 'POST',
    body: form,
    headers: { Origin: TEST_ORIGIN, Cookie: cookie },
  });
  expect(response.status).toBe(200);
}

async function startThread(from: string, recipientId: string, content: string) {
  const started = await json<{ conversation: { id: string } }>(
    await t.call('POST', '/api/inbox/conversations', { recipientId }, as(from)),
  );
  const sent = await t.call(
    'POST',
    `/api/inbox/conversations/${started.conversation.id}/messages`,
    { content },
    as(from),
  );
  expect(sent.status).toBe(201);
  return started.conversation.id;
}

async function downloadArchive(cookie: string) {
  const asked = await t.call('POST', '/api/profile/data-export', undefined, as(cookie));
  expect(asked.status).toBe(201);
  const { export: archive } = await json<DataExportResponse>(asked);
  expect(archive).toMatchObject({ status: 'ready' });
  const response = await t.call(
    'GET',
    `/api/profile/data-export/${archive!.id}/download`,
    undefined,
    as(cookie),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('application/zip');
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return { id: archive!.id, files, text: strFromU8(files['data.json']!) };
}

describe('Download My Data', () => {
  it('holds exactly the member’s data: anonymous writing too, staff as Admin Team, nobody else’s contact details', async () => {
    staff = await signedInWithRoles(t, ['Admin'], { name: marker('StaffCanary') });
    const other = await signedInMember(t, {
      fullName: marker('OtherMember'),
      email: `${marker('other')}@vault.example`,
      phone: '(303) 555-0177',
      address: `${marker('Elm')} Street 9, Denver`,
    });
    const me = await signedInMember(t, { fullName: marker('Me'), referralCode: other.user.referralCode });
    await uploadAvatar(me.cookie);
    await t.call('POST', '/api/feed/posts', { content: 'My open post' }, as(me.cookie));
    const secret = await json<{ post: { id: string } }>(
      await t.call(
        'POST',
        '/api/feed/posts',
        { content: 'My secret post', isAnonymous: true },
        as(me.cookie),
      ),
    );
    await t.call(
      'POST',
      `/api/feed/posts/${secret.post.id}/comments`,
      { content: 'A hidden comment', isAnonymous: true },
      as(me.cookie),
    );
    await startThread(staff.cookie, me.user.id, 'Hello from the team');
    const withOther = await startThread(other.cookie, me.user.id, 'Hi from the other member');
    await t.call(
      'POST',
      `/api/inbox/conversations/${withOther}/messages`,
      { content: 'My reply' },
      as(me.cookie),
    );
    await placeOrder(me.cookie);

    const { files, text, id } = await downloadArchive(me.cookie);
    const data = JSON.parse(text) as ArchiveData;
    expect(data.format).toBe('the-vault-member-data');
    expect(data.profile).toMatchObject({
      id: me.user.id,
      name: me.input.fullName,
      email: me.input.email,
      phone: '+12025550147',
      referredBy: other.input.fullName,
    });
    expect(data.profile.avatar).toMatch(/^files\/avatar\.(png|jpg|webp)$/);
    expect(files[data.profile.avatar]).toBeDefined();
    expect(data.consents).toMatchObject({ dataConsent: true, smsConsent: false });
    expect(data.posts.map((p) => [p.content, p.anonymous])).toEqual([
      ['My open post', false],
      ['My secret post', true],
    ]);
    expect(data.comments).toMatchObject([{ content: 'A hidden comment', anonymous: true }]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]!.items).toMatchObject([{ name: 'Privacy Haze', quantity: 1 }]);
    const threads = data.conversations;
    expect(threads.map((c) => c.with).sort()).toEqual(['Admin Team', other.input.fullName].sort());
    expect(threads.find((c) => c.with === 'Admin Team')!.messages).toEqual([
      expect.objectContaining({ from: 'Admin Team', content: 'Hello from the team' }),
    ]);
    expect(threads.find((c) => c.with !== 'Admin Team')!.messages.map((m) => m.from)).toEqual([
      other.input.fullName,
      'me',
    ]);
    expect(data.ledger.length).toBeGreaterThan(0);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.sessions[0]).toEqual({
      device: expect.any(String),
      browser: expect.any(String),
      signedInAt: expect.any(String),
      lastActiveAt: expect.any(String),
      expiresAt: expect.any(String),
    });

    // The canary: nobody else's e-mail, phone or address, no staff name or id, no session token.
    const [myRow] = await t.database.db.select().from(user).where(eq(user.id, me.user.id));
    for (const leak of [
      other.input.email,
      '3035550177',
      '(303) 555-0177',
      other.input.address as string,
      staff.name,
      staff.id,
      other.user.id,
    ]) {
      expect(text).not.toContain(leak);
    }
    expect(text).not.toContain(me.cookie.split('=')[1]!.split('.')[0]!);
    expect(myRow!.email).toBe(me.input.email);

    // Only the member downloads it; the uploads route never serves an archive.
    const elsewhere = await t.call(
      'GET',
      `/api/profile/data-export/${id}/download`,
      undefined,
      as(other.cookie),
    );
    expect(elsewhere.status).toBe(404);
    const [row] = await t.database.db.select().from(dataExport).where(eq(dataExport.id, id));
    const byUploads = await t.call('GET', `/api/uploads/${row!.storageKey}`, undefined, as(me.cookie));
    expect(byUploads.status).toBe(404);

    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, me.user.id));
    expect(audited.map((r) => [r.eventType, r.meta])).toEqual(
      expect.arrayContaining([
        ['DATA_EXPORT_REQUESTED', { memberId: me.user.id, exportId: id }],
        ['DATA_EXPORT_DOWNLOADED', { memberId: me.user.id, exportId: id }],
      ]),
    );
  });

  it('builds a large archive in the background, notifies the member, and removes it after 24 hours', async () => {
    const small = await createTestContext({ env: { DATA_EXPORT_INLINE_MAX_ITEMS: '0' } });
    try {
      const me = await signedInMember(small);
      await small.call('POST', '/api/feed/posts', { content: 'One post' }, as(me.cookie));
      const asked = await json<DataExportResponse>(
        await small.call('POST', '/api/profile/data-export', undefined, as(me.cookie)),
      );
      expect(asked.export).toMatchObject({ status: 'pending' });
      // A second tap while it is being prepared gets the same archive.
      const again = await json<DataExportResponse>(
        await small.call('POST', '/api/profile/data-export', undefined, as(me.cookie)),
      );
      expect(again.export!.id).toBe(asked.export!.id);

      expect(await buildDueExports(small.ctx())).toBe(1);
      const ready = await json<DataExportResponse>(
        await small.call('GET', '/api/profile/data-export', undefined, as(me.cookie)),
      );
      expect(ready.export).toMatchObject({ id: asked.export!.id, status: 'ready' });
      const notes = await json<{ items: { message: string }[] }>(
        await small.call('GET', '/api/notifications', undefined, as(me.cookie)),
      );
      expect(notes.items[0]!.message).toBe('Your data is ready to download. It is kept for 24 hours.');

      small.clock.advance(24 * 3600_000 + 1);
      await buildDueExports(small.ctx());
      const gone = await small.call(
        'GET',
        `/api/profile/data-export/${asked.export!.id}/download`,
        undefined,
        as(me.cookie),
      );
      expect(gone.status).toBe(404);
      expect(await small.database.db.select().from(dataExport)).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('Delete My Account', () => {
  const remove = (cookie: string, password = 'correct horse battery') =>
    t.call('POST', '/api/profile/delete-account', { password }, as(cookie));

  it('asks a member with two-factor on for a code as well, and deletes with the right one', async () => {
    const member = await signedInMember(t);
    const { cookie, manualKey } = await enrolTwoFactor(t, member.cookie, 'correct horse battery');
    const withoutCode = await remove(cookie);
    expect(withoutCode.status).toBe(400);
    expect(await errorOf(withoutCode)).toBe('Enter a code from your authenticator app, or a backup code.');
    const wrongCode = await t.call(
      'POST',
      '/api/profile/delete-account',
      { password: 'correct horse battery', code: otherThan(await appCode(manualKey)) },
      as(cookie),
    );
    expect(wrongCode.status).toBe(400);
    expect(await errorOf(wrongCode)).toBe(CODE_MISMATCH);
    const deleted = await t.call(
      'POST',
      '/api/profile/delete-account',
      { password: 'correct horse battery', code: await appCode(manualKey) },
      as(cookie),
    );
    expect(deleted.status).toBe(200);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, member.user.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, name: 'Former member' });
    expect(await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, member.user.id))).toEqual(
      [],
    );
  });

  it('is refused with a wrong password, to the Owner, with an order in progress and with a run in progress', async () => {
    const member = await signedInMember(t);
    const wrong = await remove(member.cookie, 'not my password');
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe('That is not your current password.');

    const owner = await signedInWithRoles(t, ['Owner']);
    const ownerTry = await t.call(
      'POST',
      '/api/profile/delete-account',
      { password: 'staff-password-1' },
      as(owner.cookie),
    );
    expect(ownerTry.status).toBe(403);
    expect(await errorOf(ownerTry)).toBe(OWNER_DELETION_REFUSAL);

    const { order } = await placeOrder(member.cookie);
    const busy = await remove(member.cookie);
    expect(busy.status).toBe(409);
    expect(await errorOf(busy)).toBe(ORDER_IN_PROGRESS_REFUSAL);

    const driver = await signedInWithRoles(t, ['Driver'], { isApprovedDriver: true, isOnline: true });
    await t.database.db
      .update(shopOrder)
      .set({ status: 'claimed', assignedDriverId: driver.id, claimedAt: t.clock.now() })
      .where(eq(shopOrder.id, order.id));
    const driving = await t.call(
      'POST',
      '/api/profile/delete-account',
      { password: 'staff-password-1' },
      as(driver.cookie),
    );
    expect(driving.status).toBe(409);
    expect(await errorOf(driving)).toBe(RUN_IN_PROGRESS_REFUSAL);

    const [still] = await t.database.db.select().from(user).where(eq(user.id, member.user.id));
    expect(still).toMatchObject({ deletedAt: null, name: member.input.fullName });
  });

  it('removes every personal field from every route, for members and staff; posts and messages stay from Former member', async () => {
    staff ??= await signedInWithRoles(t, ['Admin'], { name: marker('StaffCanary') });
    const owner = await signedInWithRoles(t, ['Owner']);
    const friend = await signedInMember(t, { fullName: marker('Friend') });
    const name = marker('Leaving');
    const telegram = `@${marker('tg')}`;
    const leaving = await signedInMember(t, {
      fullName: name,
      telegram,
      phone: '(415) 555-0163',
      address: `${marker('Oak')} Avenue 3, Oakland`,
      referralCode: friend.user.referralCode,
    });
    const bio = marker('Bio');
    await t.call('PATCH', '/api/profile', { bio }, as(leaving.cookie));
    await uploadAvatar(leaving.cookie);
    const post = await json<{ post: { id: string } }>(
      await t.call('POST', '/api/feed/posts', { content: 'I was here' }, as(leaving.cookie)),
    );
    await t.call(
      'POST',
      `/api/feed/posts/${post.post.id}/comments`,
      { content: 'And here' },
      as(leaving.cookie),
    );
    const thread = await startThread(friend.cookie, leaving.user.id, 'Hey');
    await t.call(
      'POST',
      `/api/inbox/conversations/${thread}/messages`,
      { content: 'Bye now' },
      as(leaving.cookie),
    );
    const { order } = await placeOrder(leaving.cookie);
    await complete(order.id);

    const deleted = await remove(leaving.cookie);
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().join()).toMatch(/session_token=;/);
    // Signed out at once: the old cookie is refused.
    const after = await t.call('GET', '/api/profile', undefined, as(leaving.cookie));
    expect(after.status).toBe(401);
    const login = await t.call('POST', '/api/accounts/login', {
      email: leaving.input.email,
      password: 'correct horse battery',
    });
    expect(login.status).toBe(401);

    // The crawl: every GET route in the route table, with this member's ids filled in, as the friend, a Member,
    // an Admin and the Owner.
    const ids: Record<string, string> = {
      postId: post.post.id,
      conversationId: thread,
      userId: leaving.user.id,
      orderId: order.id,
    };
    const paths = readRouteAccessSnapshot()
      .routes.filter((route) => route.method === 'GET' && route.path !== '/api/events')
      .map((route) => route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_, param: string) => ids[param] ?? 'none'));
    const personal = [
      name,
      leaving.input.email,
      telegram,
      '4155550163',
      '(415) 555-0163',
      leaving.input.address as string,
      bio,
    ];
    const leaks: string[] = [];
    for (const [reader, cookie] of [
      ['friend', friend.cookie],
      ['member', (await signedInMember(t)).cookie],
      ['admin', staff.cookie],
      ['owner', owner.cookie],
    ] as const) {
      for (const path of paths) {
        const body = await (await t.call('GET', path, undefined, as(cookie))).text();
        for (const field of personal) if (body.includes(field)) leaks.push(`${reader} GET ${path}: ${field}`);
      }
    }
    expect(leaks).toEqual([]);

    const postSeen = await json<{ post: { author: { fullName: string } | null; content: string } }>(
      await t.call('GET', `/api/feed/posts/${post.post.id}`, undefined, as(friend.cookie)),
    );
    expect(postSeen.post).toMatchObject({ content: 'I was here', author: { fullName: 'Former member' } });
    const messages = await (
      await t.call('GET', `/api/inbox/conversations/${thread}/messages`, undefined, as(friend.cookie))
    ).text();
    expect(messages).toContain('Bye now');
    const conversations = await t.call('GET', '/api/inbox/conversations', undefined, as(friend.cookie));
    expect(await conversations.text()).toContain('Former member');
    const [kept] = await t.database.db.select().from(shopOrder).where(eq(shopOrder.id, order.id));
    expect(kept).toMatchObject({
      userName: 'Former member',
      userEmail: '',
      userPhone: '',
      status: 'completed',
    });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, leaving.user.id));
    expect(row).toMatchObject({
      referredBy: friend.user.id,
      exoticCoins: 0,
      xp: 0,
      image: null,
      banned: true,
    });
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.eventType, 'ACCOUNT_DELETED'));
    expect(audited.map((r) => r.meta)).toContainEqual({ memberId: leaving.user.id });
  });

  it('lets the e-mail register again, but a re-registration earns no referral award from the old link', async () => {
    staff ??= await signedInWithRoles(t, ['Admin'], { name: marker('StaffCanary') });
    const referrer = await signedInMember(t, { phone: '(212) 555-0100', address: '1 Referrer Way' });
    const first = await signedInMember(t, {
      referralCode: referrer.user.referralCode,
      phone: '(646) 555-0142',
      address: '2 First St',
    });
    expect((await remove(first.cookie)).status).toBe(200);

    // The same e-mail registers again with the same referrer's code; its completed order pays the referrer nothing.
    const again = registration({
      email: first.input.email.toUpperCase(),
      referralCode: referrer.user.referralCode,
      phone: '(718) 555-0199',
      address: '3 Other St',
    });
    const registered = await t.call('POST', '/api/accounts/register', again);
    expect(registered.status).toBe(201);
    const login = await t.call('POST', '/api/accounts/login', {
      email: again.email,
      password: again.password,
    });
    const { order } = await placeOrder(cookieHeader(login));
    await complete(order.id);
    // And one with the old phone only.
    const samePhone = await signedInMember(t, {
      referralCode: referrer.user.referralCode,
      phone: '646-555-0142',
      address: '4 Fourth St',
    });
    const phoneOrder = await placeOrder(samePhone.cookie);
    await complete(phoneOrder.order.id);
    expect(
      await t.database.db.select().from(awardCause).where(eq(awardCause.userId, referrer.user.id)),
    ).toEqual([]);

    // A fresh friend still earns the referrer their award.
    const fresh = await signedInMember(t, {
      referralCode: referrer.user.referralCode,
      phone: '(917) 555-0123',
      address: '5 Fifth St',
    });
    const freshOrder = await placeOrder(fresh.cookie);
    await complete(freshOrder.order.id);
    const causes = await t.database.db
      .select()
      .from(awardCause)
      .where(eq(awardCause.userId, referrer.user.id));
    expect(causes.map((c) => c.kind).sort()).toEqual(['approved-referral', 'referral-order']);

    // The deleted account's own code no longer refers anyone.
    const viaOld = await t.call(
      'POST',
      '/api/accounts/register',
      registration({ referralCode: first.user.referralCode }),
    );
    expect(await viaOld.json()).toMatchObject({ referral: { status: 'invalid' } });
  });
});
