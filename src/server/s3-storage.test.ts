import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '~/app/server/testing/members';
import { startTestS3 } from '~/app/server/testing/s3';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';
import { S3Storage } from './s3-storage';

/**
 * Uploads in an S3-compatible bucket: a local S3 server (s3rver, from npm) started here, the real AWS SDK client,
 * and two app instances that share the bucket and nothing else.
 */
const BUCKET = 'vault-uploads';
let s3: Awaited<ReturnType<typeof startTestS3>>;
let a: TestContext;
let b: TestContext;

beforeAll(async () => {
  s3 = await startTestS3([BUCKET]);
  const env = { ...s3.env, RATE_LIMIT_UPLOADS_PER_USER: '1000/60' };
  a = await createTestContext({ env });
  b = await createTestContext({ env });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await s3?.close();
});

const storageOf = (t: TestContext) => t.ctx().storage as S3Storage;

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#8844cc' } })
    .png()
    .toBuffer();

function uploadAvatar(t: TestContext, cookie: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' }));
  return t.app.request('/api/profile/avatar', {
    method: 'POST',
    body: form,
    headers: { Origin: TEST_ORIGIN, Cookie: cookie },
  });
}

describe('S3 storage', () => {
  it('puts, gets, lists and deletes objects; a missing one is undefined; a path is never a key', async () => {
    const storage = storageOf(a);
    expect(storage).toBeInstanceOf(S3Storage);
    const key = 'abcdef0123456789abcdef0123456789.png';
    await storage.put(key, Buffer.from('bytes'));
    expect((await storage.get(key))?.toString()).toBe('bytes');
    const keys: string[] = [];
    for await (const stored of storage.keys()) keys.push(stored);
    expect(keys).toContain(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('not a storage key');
  });

  it('keeps an upload made through one instance where another serves it, members only, with our headers', async () => {
    const uploader = await signedInMember(a);
    const uploaded = await uploadAvatar(a, uploader.cookie, await png());
    expect(uploaded.status).toBe(200);
    const { user } = (await uploaded.json()) as { user: { avatarUrl: string } };
    expect(user.avatarUrl).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.png$/);
    // Nothing on the first instance's disk.
    expect(fs.existsSync(a.config.uploadsDir)).toBe(false);

    const viewer = await signedInMember(b);
    const served = await b.call('GET', user.avatarUrl, undefined, { Cookie: viewer.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(served.headers.get('Cache-Control')).toContain('private');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(64);
    expect((await b.call('GET', user.avatarUrl)).status).toBe(401);

    // A new avatar replaces the old object in the bucket.
    const replaced = await uploadAvatar(a, uploader.cookie, await png());
    expect(replaced.status).toBe(200);
    expect((await b.call('GET', user.avatarUrl, undefined, { Cookie: viewer.cookie })).status).toBe(404);
  });
});
