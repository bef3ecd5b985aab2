import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '~/app/server/testing/members';
import { LocalStorage } from '~/server/storage';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { parseByteRange } from './uploads.routes';

let t: TestContext;
let cookie: string;
const KEY = '0123456789abcdef0123.mp4';
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

beforeAll(async () => {
  t = await createTestContext();
  await new LocalStorage(t.config.uploadsDir).put(KEY, BYTES);
  cookie = (await signedInMember(t)).cookie;
});
afterAll(() => t.close());

const fetchUpload = (headers: Record<string, string> = {}) =>
  t.call('GET', `/api/uploads/${KEY}`, undefined, { Cookie: cookie, ...headers });

describe('serving uploads in byte ranges', () => {
  it('answers a range with 206 and just those bytes, and says it accepts ranges', async () => {
    const whole = await fetchUpload();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(BYTES);

    const part = await fetchUpload({ Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(BYTES.subarray(100, 200));

    // Safari's first probe.
    const probe = await fetchUpload({ Range: 'bytes=0-1' });
    expect(probe.status).toBe(206);
    expect(Buffer.from(await probe.arrayBuffer())).toEqual(BYTES.subarray(0, 2));
  });

  it('answers 416 for a range outside the file, and refuses visitors as before', async () => {
    const outside = await fetchUpload({ Range: 'bytes=5000-6000' });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */1000');
    expect((await t.call('GET', `/api/uploads/${KEY}`, undefined, { Range: 'bytes=0-1' })).status).toBe(401);
  });

  it('reads the forms of a Range header', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=5-2', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,5-9', 1000)).toBeUndefined();
    expect(parseByteRange('items=0-1', 1000)).toBeUndefined();
    expect(parseByteRange(undefined, 1000)).toBeUndefined();
  });
});
