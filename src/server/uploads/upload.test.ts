import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '~/app/server/testing/members';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';

const UPLOAD_LIMIT_BYTES = 64 * 1024;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: {
      UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT_BYTES),
      RATE_LIMIT_UPLOADS_PER_USER: '3/60',
    },
  });
});
afterAll(() => t.close());

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

function post(path: string, body: FormData | string, headers: Record<string, string> = {}) {
  return t.app.request(path, { method: 'POST', body, headers: { Origin: TEST_ORIGIN, ...headers } });
}

function form(bytes: Buffer, field = 'file', name = 'picture.png') {
  const body = new FormData();
  body.append(field, new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  return body;
}

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; title?: string; message: string } }).error;

const storedFiles = () =>
  fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir, { recursive: true }).length : 0;

describe('the upload middleware, on every upload route', () => {
  it('takes a file in the form field and hands its bytes to the route', async () => {
    const { cookie } = await signedInMember(t);
    const response = await post('/api/profile/avatar', form(await png()), { Cookie: cookie });
    expect(response.status).toBe(200);
  });

  it('refuses a body over UPLOAD_LIMIT_BYTES with 413, and stores nothing', async () => {
    const { cookie } = await signedInMember(t);
    const before = storedFiles();
    const big = Buffer.concat([await png(), Buffer.alloc(UPLOAD_LIMIT_BYTES)]);
    for (const path of ['/api/profile/avatar', '/api/feed/media']) {
      const response = await post(path, form(big), { Cookie: cookie });
      expect(response.status, path).toBe(413);
      expect(await errorOf(response)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is too large.',
      });
    }
    expect(storedFiles()).toBe(before);
  });

  it('refuses a form without the file, in another field, or no form at all, with the route’s words', async () => {
    const { cookie } = await signedInMember(t);
    const elsewhere = await post('/api/profile/avatar', form(await png(), 'photo'), { Cookie: cookie });
    expect(elsewhere.status).toBe(400);
    expect(await errorOf(elsewhere)).toMatchObject({
      title: 'Upload Failed',
      message: 'Choose an image to upload.',
    });
    const json = await post('/api/feed/media', '{"file":"x"}', {
      Cookie: cookie,
      'Content-Type': 'application/json',
    });
    expect(json.status).toBe(400);
    expect((await errorOf(json)).message).toBe('Choose a photo or video to upload.');
  });

  it('refuses an empty file and a type the route does not take, whatever the name says', async () => {
    const { cookie } = await signedInMember(t);
    const empty = await post('/api/profile/avatar', form(Buffer.alloc(0)), { Cookie: cookie });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe('The file is empty.');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const avatar = await post('/api/profile/avatar', form(html), { Cookie: cookie });
    expect(avatar.status).toBe(400);
    expect((await errorOf(avatar)).message).toBe('Only PNG, JPEG, GIF or WebP images can be uploaded.');
    const media = await post('/api/feed/media', form(html, 'file', 'clip.mp4'), { Cookie: cookie });
    expect(media.status).toBe(400);
    expect((await errorOf(media)).message).toBe(
      'Only photos (PNG, JPEG, GIF, WebP) and videos (MP4, MOV, WebM) can be posted.',
    );
  });

  it('counts every upload of a member against one rate limit, across routes', async () => {
    const { cookie } = await signedInMember(t);
    for (const path of ['/api/profile/avatar', '/api/feed/media', '/api/profile/avatar']) {
      expect((await post(path, form(await png()), { Cookie: cookie })).status, path).not.toBe(429);
    }
    const limited = await post('/api/feed/media', form(await png()), { Cookie: cookie });
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).message).toBe('Too many attempts. Please wait 1 minute and try again.');
  });

  it('asks a visitor to sign in before reading the body', async () => {
    const response = await post('/api/profile/avatar', form(await png()));
    expect(response.status).toBe(401);
  });

  it('lets multipart through only to upload routes: anywhere else it is 415', async () => {
    const { cookie } = await signedInMember(t);
    const response = await post('/api/feed/posts', form(await png()), { Cookie: cookie });
    expect(response.status).toBe(415);
    expect((await errorOf(response)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
