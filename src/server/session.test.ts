import { eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from './db/tables/auth.tables';
import { resolveSession } from './session';
import type { SessionResponse } from '~/shared/session';
import { cookieHeader, signedInMember } from '~/app/server/testing/members';
import { queriesDuring } from '~/app/server/testing/query-counter';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

/**
 * Decision 030: the everyday session read is one prepared statement; every other case is better-auth's. These
 * are the cases the fast path must hand over, each answered as better-auth answers it.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_DAYS = 30; // auth.ts: session.expiresIn

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

const sessionOf = (cookie: string) => t.call('GET', '/api/accounts/session', undefined, { Cookie: cookie });
const answeredUser = async (response: Response) =>
  ((await response.json()) as { user: { id: string } | null }).user;
const sessionRows = (userId: string) =>
  t.database.db.select().from(session).where(eq(session.userId, userId));
const setExpiry = (userId: string, expiresAt: Date) =>
  t.database.db.update(session).set({ expiresAt }).where(eq(session.userId, userId));

describe('reading the session', () => {
  it('answers a live session with one query and sets no cookie (signed in without Remember me)', async () => {
    const member = await signedInMember(t);
    const { result, queries } = await queriesDuring(() => sessionOf(member.cookie));
    expect(await answeredUser(result)).toMatchObject({ id: member.user.id });
    expect(result.headers.getSetCookie()).toEqual([]);
    expect(queries, queries.join('\n\n')).toHaveLength(1);
  });

  it('refreshes a remembered session a day after its last refresh: a later expiry, the cookie set again', async () => {
    const { input } = await signedInMember(t);
    const login = await t.call('POST', '/api/accounts/login', {
      email: input.email,
      password: input.password,
      rememberMe: true,
    });
    expect(login.status).toBe(200);
    const member = { cookie: cookieHeader(login), user: ((await login.json()) as SessionResponse).user! };
    expect((await queriesDuring(() => sessionOf(member.cookie))).queries).toHaveLength(1);
    // Last refreshed 25 hours ago: due (updateAge is one day).
    const before = new Date(Date.now() + SESSION_DAYS * DAY_MS - 25 * 60 * 60 * 1000);
    await setExpiry(member.user.id, before);
    // better-auth answers this one: the same whole member row as the everyday read.
    const refreshed = await resolveSession(t.ctx(), new Headers({ cookie: member.cookie }));
    expect(refreshed.user?.id).toBe(member.user.id);
    expect(Object.keys(refreshed.user!).sort()).toEqual(Object.keys(getTableColumns(user)).sort());
    expect(refreshed.user!.createdAt).toBeInstanceOf(Date);
    expect(refreshed.setCookies.join('\n')).toMatch(/session_token=[^;]+;.*Max-Age=2592000/);
    const expiries = (await sessionRows(member.user.id)).map((row) => row.expiresAt.getTime());
    // The remembered session moved on by a day; the other (not remembered) is never refreshed.
    expect(Math.max(...expiries)).toBeGreaterThan(before.getTime() + 60 * 60 * 1000);
    expect(Math.min(...expiries)).toBe(before.getTime());

    // Refreshed: the next request is the everyday one again.
    const { queries } = await queriesDuring(() => sessionOf(member.cookie));
    expect(queries).toHaveLength(1);
  });

  it('treats an expired session as a visitor, clears its cookie and removes it', async () => {
    const member = await signedInMember(t);
    await setExpiry(member.user.id, new Date(Date.now() - 60_000));
    const response = await sessionOf(member.cookie);
    expect(await answeredUser(response)).toBeNull();
    expect(response.headers.getSetCookie().join('\n')).toMatch(/session_token=;.*Max-Age=0/);
    expect(await sessionRows(member.user.id)).toEqual([]);
    expect((await t.call('GET', '/api/feed', undefined, { Cookie: member.cookie })).status).toBe(401);
  });

  it('treats a session ended elsewhere as a visitor from the very next request', async () => {
    const member = await signedInMember(t);
    await t.database.db.delete(session).where(eq(session.userId, member.user.id));
    expect(await answeredUser(await sessionOf(member.cookie))).toBeNull();
  });

  it('refuses a cookie whose signature does not hold, without a query', async () => {
    const member = await signedInMember(t);
    // The token with another signature of the right shape (44 base64 characters).
    const forged = member.cookie.replace(/(session_token=[^;.]+)(?:\.|%2E)[^;]+/i, `$1.${'A'.repeat(43)}=`);
    expect(forged).not.toBe(member.cookie);
    const { result, queries } = await queriesDuring(() => sessionOf(forged));
    expect(await answeredUser(result)).toBeNull();
    expect(queries).toEqual([]);
  });

  it('refuses the real signature written without its padding, as better-auth does', async () => {
    const member = await signedInMember(t);
    const unpadded = member.cookie.replace(/(session_token=[^;]+)(?:=|%3D)(?=;|$)/i, '$1');
    expect(unpadded).not.toBe(member.cookie);
    const { result, queries } = await queriesDuring(() => sessionOf(unpadded));
    expect(await answeredUser(result)).toBeNull();
    expect(queries).toEqual([]);
  });
});
