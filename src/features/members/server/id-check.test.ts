/**
 * The optional photo ID check under staff approval: a pending member gives a photo of a government ID and a date
 * of birth; only staff who decide requests see it (each view audited), and it leaves the storage (local folder
 * and S3 alike) when the request is decided, the account deleted, or 60 days pass undecided.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, dayIn } from '~/shared/time';
import { auditLog } from '~/server/db/tables/audit.tables';
import { joinRequest } from '~/server/db/tables/join-requests.tables';
import { shopSettings } from '~/server/db/tables/shop.tables';
import { DEFAULT_SHOP_SETTINGS } from '~/features/shop/server/shop.service';
import { discardStaleIdChecks } from '~/features/accounts/server/join-requests.service';
import { UNDER_21_MESSAGE } from '~/features/accounts/accounts.constants';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { startTestS3 } from '~/app/server/testing/s3';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';

const idPhoto = () =>
  sharp({ create: { width: 3000, height: 1800, channels: 3, background: '#c9b38a' } })
    .withExif({ IFD0: { Artist: 'Holder Name', Copyright: 'secret-exif-marker' } })
    .jpeg()
    .toBuffer();

describe.each(['local folder', 'S3'] as const)('the photo ID check, stored in the %s', (kind) => {
  let t: TestContext;
  let s3: Awaited<ReturnType<typeof startTestS3>> | undefined;
  let support: { id: string; cookie: string };
  let moderator: { id: string; cookie: string };
  const as = (cookie: string) => ({ Cookie: cookie });

  beforeAll(async () => {
    s3 = kind === 'S3' ? await startTestS3(['vault-ids']) : undefined;
    t = await createTestContext({ env: { RATE_LIMIT_UPLOADS_PER_USER: '1000/60', ...s3?.env } });
    await t.database.db
      .insert(shopSettings)
      .values({ ...DEFAULT_SHOP_SETTINGS, id: 1, joinMode: 'approval', idCheck: true })
      .onConflictDoUpdate({ target: shopSettings.id, set: { joinMode: 'approval', idCheck: true } });
    support = await signedInWithRoles(t, ['Support']);
    moderator = await signedInWithRoles(t, ['Moderator']);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  function sendId(cookie: string, bytes: Buffer, birthDate: string) {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], 'id.jpg', { type: 'image/jpeg' }));
    form.append('birthDate', birthDate);
    return t.app.request('/api/accounts/join-request/id', {
      method: 'POST',
      body: form,
      headers: { Origin: TEST_ORIGIN, Cookie: cookie },
    });
  }
  const keyOf = async (memberId: string) =>
    (await t.database.db.select().from(joinRequest).where(eq(joinRequest.userId, memberId)))[0]!;
  const stored = (key: string) => t.ctx().storage.get(key);

  /** A pending member who gave their ID; returns them and the stored key. */
  async function withId() {
    const member = await signedInMember(t);
    const sent = await sendId(member.cookie, await idPhoto(), '1990-04-12');
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect(await sent.json()).toMatchObject({ idCheck: { required: true, submittedAt: expect.any(String) } });
    const { idPhotoKey } = await keyOf(member.user.id);
    expect(idPhotoKey).toMatch(/\.sealed$/);
    return { member, key: idPhotoKey! };
  }

  it('refuses anyone under 21 in the shop’s time zone, and stores nothing', async () => {
    const member = await signedInMember(t);
    const [year, month, day] = dayIn(t.clock.now(), 'America/New_York').split('-');
    // Their 21st birthday is tomorrow.
    const tomorrow = new Date(Date.UTC(Number(year) - 21, Number(month) - 1, Number(day) + 1));
    const refused = await sendId(member.cookie, await idPhoto(), tomorrow.toISOString().slice(0, 10));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { message: UNDER_21_MESSAGE, fields: { birthDate: UNDER_21_MESSAGE } },
    });
    expect((await keyOf(member.user.id)).idPhotoKey).toBeNull();
  });

  it('seals the photo, shows it only to approve:members (audited, not stored anywhere), and never publicly', async () => {
    const { member, key } = await withId();
    const raw = (await stored(key))!;
    expect(raw.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    expect(raw.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);

    const path = `/api/admin/members/${member.user.id}/id-photo`;
    const seen = await t.call('GET', path, undefined, as(support.cookie));
    expect(seen.status).toBe(200);
    expect(seen.headers.get('cache-control')).toBe('no-store');
    const image = Buffer.from(await seen.arrayBuffer());
    const metadata = await sharp(image).metadata();
    expect(Math.max(metadata.width!, metadata.height!)).toBe(2048);
    expect(metadata.exif).toBeUndefined();
    const [viewed] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.eventType, 'MEMBER_ID_VIEWED'));
    expect(viewed).toMatchObject({ actorId: support.id, meta: { memberId: member.user.id } });

    for (const cookie of [moderator.cookie, member.cookie]) {
      expect((await t.call('GET', path, undefined, as(cookie))).status).toBe(403);
    }
    expect((await t.call('GET', `/api/uploads/${key}`, undefined, as(support.cookie))).status).toBe(404);
    const list = await (
      await t.call('GET', '/api/admin/members/pending', undefined, as(support.cookie))
    ).json();
    expect(list.items.find((item: { id: string }) => item.id === member.user.id)).toMatchObject({
      idCheck: { birthDate: '1990-04-12' },
    });
  });

  it('deletes the photo and date of birth when staff decide, keeping who checked it', async () => {
    const { member, key } = await withId();
    const approved = await t.call(
      'POST',
      `/api/admin/members/${member.user.id}/approve`,
      {},
      as(support.cookie),
    );
    expect(approved.status).toBe(200);
    expect(await stored(key)).toBeUndefined();
    expect(await keyOf(member.user.id)).toMatchObject({
      idPhotoKey: null,
      birthDateSealed: null,
      idCheckedBy: support.id,
      idCheckedAt: t.clock.now(),
    });
    const gone = await t.call(
      'GET',
      `/api/admin/members/${member.user.id}/id-photo`,
      undefined,
      as(support.cookie),
    );
    expect(gone.status).toBe(404);
  });

  it('deletes it with the account, and after 60 days undecided', async () => {
    const deleted = await withId();
    const response = await t.call(
      'POST',
      '/api/profile/delete-account',
      { password: deleted.member.input.password },
      as(deleted.member.cookie),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await stored(deleted.key)).toBeUndefined();

    const waiting = await withId();
    t.clock.advance(59 * DAY_MS);
    await discardStaleIdChecks(t.ctx());
    expect(await stored(waiting.key)).toBeDefined();
    t.clock.advance(2 * DAY_MS);
    await discardStaleIdChecks(t.ctx());
    expect(await stored(waiting.key)).toBeUndefined();
    expect(await keyOf(waiting.member.user.id)).toMatchObject({ idPhotoKey: null, birthDateSealed: null });
  });
});
