import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from './db/tables/auth.tables';
import { registration, signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { readRouteAccessSnapshot } from '~/app/server/testing/route-access-snapshot';
import { createTestContext, TEST_ORIGIN, type TestContext } from '~/app/server/testing/test-context';

const REFUSED = {
  code: 'BAD_REQUEST',
  message: 'The request contains characters that are not allowed.',
};

let t: TestContext;
let member: { cookie: string; user: { id: string } };
let owner: { cookie: string };
beforeAll(async () => {
  t = await createTestContext();
  member = await signedInMember(t);
  owner = await signedInWithRoles(t, ['Owner']);
});
afterAll(() => t.close());

/** A JSON request whose body is sent exactly as written, so that escapes like \ud800 reach the server as text. */
function rawJson(method: string, urlPath: string, text: string, cookie?: string) {
  return t.app.request(urlPath, {
    method,
    headers: {
      Origin: TEST_ORIGIN,
      'Content-Type': 'application/json',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: text,
  });
}

async function storedBio() {
  const [row] = await t.database.db.select({ bio: user.bio }).from(user).where(eq(user.id, member.user.id));
  return row!.bio;
}

describe('characters a request may not carry (NUL, lone surrogates)', () => {
  it('refuses a NUL in a JSON string with 400 and stores nothing', async () => {
    const before = await storedBio();
    const response = await t.call('PATCH', '/api/profile', { bio: 'a\u0000b' }, { Cookie: member.cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: REFUSED });
    expect(await storedBio()).toBe(before);
  });

  it('refuses a lone surrogate escaped in the raw JSON text', async () => {
    const before = await storedBio();
    const response = await rawJson('PATCH', '/api/profile', '{"bio":"a\\ud800b"}', member.cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: REFUSED });
    expect(await storedBio()).toBe(before);
  });

  it('refuses a NUL in an object key, however deep', async () => {
    const response = await rawJson('PATCH', '/api/profile', '{"nested":[{"a\\u0000":1}]}', member.cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: REFUSED });
  });

  it('refuses a registration whose name is a lone surrogate, and creates no member', async () => {
    const input = registration();
    const text = JSON.stringify({ ...input, fullName: 'X' }).replace(
      '"fullName":"X"',
      '"fullName":"\\ud800"',
    );
    const response = await rawJson('POST', '/api/accounts/register', text);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: REFUSED });
    const rows = await t.database.db.select().from(user).where(eq(user.email, input.email));
    expect(rows).toEqual([]);
  });

  it('refuses a NUL in a query value', async () => {
    const response = await t.call('GET', '/api/feed?q=%00', undefined, { Cookie: member.cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: REFUSED });
  });

  it('refuses a NUL in a path id', async () => {
    const response = await t.call('GET', '/api/orders/%00', undefined, { Cookie: member.cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: REFUSED });
  });

  it('still answers a body that is not JSON with the usual 400', async () => {
    const response = await rawJson('PATCH', '/api/profile', '{"bio":', member.cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).not.toMatchObject({ error: REFUSED });
  });

  it('accepts ordinary text, emoji (surrogate pairs) included', async () => {
    const response = await t.call(
      'PATCH',
      '/api/profile',
      { bio: 'Stickers 🦊 café' },
      { Cookie: member.cookie },
    );
    expect(response.status).toBe(200);
    expect(await storedBio()).toBe('Stickers 🦊 café');
  });

  const withParams = readRouteAccessSnapshot().routes.filter(
    (route) => route.example && route.path.includes('/:'),
  );
  it.each(withParams.map((route) => [route.method, route.path, route] as const))(
    'never answers %s %s with a NUL in its path id with a server error',
    async (method, path, route) => {
      const index = path.split('/').findIndex((segment) => segment.startsWith(':'));
      const segments = route.example!.split('/');
      segments[index] = '%00';
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const response = await t.call(method, segments.join('/'), body, { Cookie: owner.cookie });
      expect(response.status).toBeLessThan(500);
    },
  );
});
