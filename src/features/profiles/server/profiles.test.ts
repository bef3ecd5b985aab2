import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { user } from '~/server/db/tables/auth.tables';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';
import type { OwnProfile, PublicProfile } from '../profiles.schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: {
      IMAGE_UPLOAD_LIMIT_BYTES: String(300 * 1024),
      RATE_LIMIT_UPLOADS_PER_USER: '1000/60',
    },
  });
});
afterAll(() => t.close());

function upload(cookie: string, bytes: Buffer, name = 'photo.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return t.app.request('/api/profile/avatar', {
    method: 'POST',
    body: form,
    headers: { Origin: TEST_ORIGIN, Cookie: cookie },
  });
}

const storedFiles = () => {
  const dir = t.config.uploadsDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((f) => String(f).includes('.'))
    .map(String);
};

const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 200 } } })
    .png()
    .toBuffer();

function crc32(bytes: Buffer): number {
  let crc = -1;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
}

/** A tiny PNG whose header claims 60000 x 60000 pixels: a decompression bomb. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('avatar uploads', () => {
  it('stores a JPEG without its GPS location or any other metadata, served only to members', async () => {
    const { cookie } = await signedInMember(t);
    const withGps = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#553399' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 53/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();

    const response = await upload(cookie, withGps, 'home.jpg', 'image/jpeg');
    expect(response.status).toBe(200);
    const { user: me } = (await response.json()) as { user: { avatarUrl: string } };
    expect(me.avatarUrl).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.jpg$/);

    const served = await t.call('GET', me.avatarUrl, undefined, { Cookie: cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(served.headers.get('Cache-Control')).toContain('private');
    const stored = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(Math.max(metadata.width!, metadata.height!)).toBe(512);
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);

    expect((await t.call('GET', me.avatarUrl)).status).toBe(401);
  });

  it.each([
    [
      'an HTML page named .png',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      'Only PNG, JPEG, GIF or WebP images can be uploaded.',
    ],
    [
      'an SVG named .png',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'Only PNG, JPEG, GIF or WebP images can be uploaded.',
    ],
    ['an empty file', () => Buffer.alloc(0), 'The file is empty.'],
    [
      'a truncated image',
      async () => (await png(400, 400)).subarray(0, 200),
      'The image could not be read. It may be damaged; try another file.',
    ],
    ['a pixel bomb', () => pixelBomb(), 'The image has too many pixels. Try a smaller image.'],
    [
      'an oversized file',
      () =>
        sharp(Buffer.from(Array.from({ length: 700 * 700 * 3 }, (_, i) => (i * 7919) % 256)), {
          raw: { width: 700, height: 700, channels: 3 },
        })
          .png({ compressionLevel: 0 })
          .toBuffer(),
      'The file is too large. Images can be up to 0 MB.',
    ],
  ])('refuses %s with a clear message and stores nothing', async (_name, make, message) => {
    const { cookie, user: me } = await signedInMember(t);
    const before = storedFiles();
    const response = await upload(cookie, await make());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { title: 'Upload Failed', message } });
    expect(storedFiles()).toEqual(before);
    const [row] = await t.database.db.select({ image: user.image }).from(user).where(eq(user.id, me.id));
    expect(row!.image).toBeNull();
  });

  it('replaces the old avatar file', async () => {
    const { cookie } = await signedInMember(t);
    const first = (await (await upload(cookie, await png())).json()) as { user: { avatarUrl: string } };
    const second = (await (await upload(cookie, await png(80, 80))).json()) as {
      user: { avatarUrl: string };
    };
    expect(second.user.avatarUrl).not.toBe(first.user.avatarUrl);
    expect((await t.call('GET', first.user.avatarUrl, undefined, { Cookie: cookie })).status).toBe(404);
    expect(fs.existsSync(path.join(t.config.uploadsDir))).toBe(true);
  });
});

describe('profiles', () => {
  it('lets a member edit their bio and smoke preference, and nothing else', async () => {
    const { cookie, user: me } = await signedInMember(t);
    const response = await t.call(
      'PATCH',
      '/api/profile',
      {
        bio: 'Here for the stickers.',
        smokePreference: 'Sativa',
        xp: 99999,
        exoticCoins: 5,
        roles: ['Admin'],
        referralCode: 'VAULT-MINE00',
      },
      { Cookie: cookie },
    );
    expect(response.status).toBe(200);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, me.id));
    expect(row).toMatchObject({
      bio: 'Here for the stickers.',
      smokePreference: 'Sativa',
      xp: 0,
      exoticCoins: 0,
      roles: ['Member'],
    });
    expect(row!.referralCode).toBe(me.referralCode);
    const bad = await t.call('PATCH', '/api/profile', { smokePreference: 'Everything' }, { Cookie: cookie });
    expect(await bad.json()).toMatchObject({ error: { message: 'Choose a preference from the list.' } });
  });

  it('shows a member their level, title and referrals', async () => {
    const referrer = await signedInMember(t);
    await signedInMember(t, { referralCode: referrer.user.referralCode });
    const profile = (await (
      await t.call('GET', '/api/profile', undefined, { Cookie: referrer.cookie })
    ).json()) as OwnProfile;
    expect(profile.level).toEqual({ level: 1, title: 'Coin Collector', xpIntoLevel: 0, progress: 0 });
    expect(profile.referrals).toHaveLength(1);
  });

  it('shows another member’s public profile without email, phone, address or telegram, and 5 referrals at most', async () => {
    const referrer = await signedInMember(t);
    for (let i = 0; i < 7; i += 1) await signedInMember(t, { referralCode: referrer.user.referralCode });
    await t.database.db
      .update(user)
      .set({ xp: 25_000, exoticCoins: 42 })
      .where(eq(user.id, referrer.user.id));
    const viewer = await signedInMember(t);
    const response = await t.call('GET', `/api/members/${referrer.user.id}`, undefined, {
      Cookie: viewer.cookie,
    });
    const profile = (await response.json()) as PublicProfile;
    expect(profile).toMatchObject({ fullName: referrer.input.fullName, exoticCoins: 42, referralCount: 7 });
    expect(profile.level).toMatchObject({ level: 26, title: 'Coin Stacker VI' });
    expect(profile.referrals).toHaveLength(5);
    const text = JSON.stringify(profile);
    for (const secret of [
      referrer.input.email,
      '+12025550147',
      referrer.input.address,
      referrer.input.telegram,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('says whether the viewer may message the member: never themself, and an Owner only if they are an Owner too', async () => {
    const member = await signedInMember(t);
    const other = await signedInMember(t);
    const owner = await signedInWithRoles(t, ['Owner']);
    const coOwner = await signedInWithRoles(t, ['Owner']);
    const messageable = async (viewerCookie: string, targetId: string) =>
      (
        (await (
          await t.call('GET', `/api/members/${targetId}`, undefined, { Cookie: viewerCookie })
        ).json()) as PublicProfile
      ).messageable;
    expect(await messageable(member.cookie, other.user.id)).toBe(true);
    expect(await messageable(member.cookie, member.user.id)).toBe(false);
    expect(await messageable(member.cookie, owner.id)).toBe(false);
    expect(await messageable(coOwner.cookie, owner.id)).toBe(true);
    expect(await messageable(owner.cookie, member.user.id)).toBe(true);
  });

  it('never offers a member (or Support) the Message button on an Owner’s or an Admin’s profile; staff keep it', async () => {
    const member = await signedInMember(t);
    const support = await signedInWithRoles(t, ['Support']);
    const owner = await signedInWithRoles(t, ['Owner']);
    const admin = await signedInWithRoles(t, ['Admin']);
    const otherAdmin = await signedInWithRoles(t, ['Admin']);
    const messageable = async (viewerCookie: string, targetId: string) =>
      (
        (await (
          await t.call('GET', `/api/members/${targetId}`, undefined, { Cookie: viewerCookie })
        ).json()) as PublicProfile
      ).messageable;
    for (const viewer of [member.cookie, support.cookie]) {
      expect(await messageable(viewer, owner.id)).toBe(false);
      expect(await messageable(viewer, admin.id)).toBe(false);
    }
    expect(await messageable(support.cookie, member.user.id)).toBe(true);
    expect(await messageable(admin.cookie, otherAdmin.id)).toBe(true);
    expect(await messageable(owner.cookie, admin.id)).toBe(true);
    expect(await messageable(admin.cookie, member.user.id)).toBe(true);
    expect(await messageable(admin.cookie, owner.id)).toBe(false);
  });

  it('answers an unknown member with User Not Found', async () => {
    const { cookie } = await signedInMember(t);
    const response = await t.call('GET', '/api/members/nobody-here', undefined, { Cookie: cookie });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { title: 'User Not Found', message: 'This member does not exist or has been removed.' },
    });
  });
});
