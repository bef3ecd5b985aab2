import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '~/app/server/testing/members';
import { LocalStorage } from './storage';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

const KEY = '0123456789abcdef0123.png';
let t: TestContext;
let member: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestContext();
  await new LocalStorage(t.config.uploadsDir).put(KEY, Buffer.from('not really a png'));
  member = await signedInMember(t);
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  t.call('GET', path, undefined, { Cookie: member.cookie, ...headers });

describe('file responses keep their own strict policy', () => {
  it('serves an upload sandboxed with nothing allowed, whole or in ranges', async () => {
    for (const range of [undefined, 'bytes=0-1', 'bytes=5000-6000']) {
      const response = await get(`/api/uploads/${KEY}`, range ? { Range: range } : {});
      expect([200, 206, 416]).toContain(response.status);
      expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable');
      expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    }
  });

  it('serves a generated avatar sandboxed, with only its inline styles allowed', async () => {
    expect(member.user.avatarUrl).toMatch(/^\/api\/avatars\/[a-z0-9]+\.svg$/);
    const response = await get(member.user.avatarUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=86400');
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
  });

  it('still sends the pages their own policy', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
  });
});
