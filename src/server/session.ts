import { createSecretKey, type KeyObject } from 'node:crypto';
import { unsign } from 'cookie-signature';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import { primaryRole, rolesOf } from '~/shared/permissions';
import type { Auth } from '~/server/auth';
import type { Db } from '~/server/db/client';
import { prepared } from '~/server/db/prepared';
import { session, user } from '~/server/db/tables/auth.tables';
import type { SessionUser } from '~/shared/session';
import { JOIN_STATUSES, type JoinStatus } from '~/shared/join-status';

export type UserRow = typeof user.$inferSelect;

/**
 * Who the request's session cookie belongs to, read fresh from the database on every request (decision 030), so a
 * ban, a role change or a sign-out on another instance counts from the very next request.
 *
 * The everyday case takes one prepared statement: the cookie's signature checked with `cookie-signature` (the
 * HMAC-SHA256 scheme better-auth signs it with, see `verified`), then the session joined with its whole member row
 * by the session token. Every other case goes to better-auth's own `getSession`, which handles it: no such session
 * or an expired one (it clears the cookie and the row), or one due for its daily refresh (it moves the expiry and
 * sets the cookie again).
 */
export async function resolveSession(
  { auth, db }: { auth: Auth; db: Db },
  headers: Headers,
): Promise<{ user: UserRow | null; sessionId: string | null; setCookies: string[] }> {
  const live = await liveSession(auth, db, headers);
  if (live === null) return { user: null, sessionId: null, setCookies: [] };
  if (live) return withoutBanned(db, live.member, live.sessionId, []);
  const { headers: responseHeaders, response } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = responseHeaders.getSetCookie();
  if (!response) return { user: null, sessionId: null, setCookies };
  return withoutBanned(db, response.user as unknown as UserRow, response.session.id, setCookies);
}

async function withoutBanned(db: Db, member: UserRow, sessionId: string, setCookies: string[]) {
  if (member.banned) {
    // A ban ends every session at once; the stale cookie is refused from now on.
    await db.delete(session).where(eq(session.userId, member.id));
    return { user: null, sessionId: null, setCookies };
  }
  return { user: member, sessionId, setCookies };
}

interface SessionCookie {
  name: string;
  /** Set (signed) when the member signed in without "Remember me": better-auth then never refreshes the session. */
  dontRememberName: string;
  key: KeyObject;
  /** Seconds: better-auth's `session.expiresIn` and `session.updateAge` (auth.ts). */
  expiresIn: number;
  updateAge: number;
}

const cookies = new WeakMap<Auth, Promise<SessionCookie>>();
const sessionCookieOf = (auth: Auth): Promise<SessionCookie> => {
  let known = cookies.get(auth);
  if (!known) {
    known = auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      dontRememberName: context.authCookies.dontRememberToken.name,
      key: createSecretKey(Buffer.from(context.secret, 'utf8')),
      expiresIn: context.sessionConfig.expiresIn,
      updateAge: context.sessionConfig.updateAge,
    }));
    cookies.set(auth, known);
  }
  return known;
};

const sessionByToken = prepared('vault_session_by_token', (db) =>
  db
    .select({ sessionId: session.id, expiresAt: session.expiresAt, member: getTableColumns(user) })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token'))),
);

/**
 * `null`: no session (no cookie, or a signature that does not hold): a visitor, as better-auth would answer.
 * `undefined`: a session cookie this path does not settle (see resolveSession). Otherwise the live session.
 */
async function liveSession(
  auth: Auth,
  db: Db,
  headers: Headers,
): Promise<{ member: UserRow; sessionId: string } | null | undefined> {
  const cookieHeader = headers.get('cookie');
  if (!cookieHeader) return null;
  const cookie = await sessionCookieOf(auth);
  const jar = parseCookies(cookieHeader);
  const token = verified(jar[cookie.name], cookie.key);
  if (token === undefined) return null;
  const [row] = await sessionByToken(db).execute({ token });
  if (!row) return undefined;
  const now = Date.now();
  const refreshDue =
    verified(jar[cookie.dontRememberName], cookie.key) === undefined &&
    row.expiresAt.getTime() - cookie.expiresIn * 1000 + cookie.updateAge * 1000 <= now;
  if (row.expiresAt.getTime() <= now || refreshDue) return undefined;
  return { member: row.member, sessionId: row.sessionId };
}

/**
 * The value of a cookie better-auth signed, or undefined when it is missing or its signature does not hold.
 * better-auth writes `value.signature`, the signature being the HMAC-SHA256 of the value in base64 with its one
 * `=` of padding; `cookie-signature` checks the same HMAC, in constant time, written without the padding.
 * Synchronous: Web Crypto's verify cost about a tenth of a signed-in request's CPU (bench/README.md).
 */
function verified(raw: string | undefined, key: KeyObject): string | undefined {
  if (raw === undefined || !raw.endsWith('=')) return undefined;
  const value = unsign(raw.slice(0, -1), key);
  return value === false ? undefined : value;
}

export const OWNER_AVATAR_URL = '/owner-avatar.svg';

export function avatarUrlOf(row: Pick<UserRow, 'id' | 'image' | 'roles' | 'role'>): string {
  if (rolesOf(row).includes('Owner')) return OWNER_AVATAR_URL;
  return row.image || `/api/avatars/${encodeURIComponent(row.id)}.svg`;
}

/** The member's join status (the column's CHECK holds it to JOIN_STATUSES). */
export const joinStatusOf = (row: Pick<UserRow, 'status'>): JoinStatus =>
  (JOIN_STATUSES as readonly string[]).includes(row.status) ? (row.status as JoinStatus) : 'pending';

export function toSessionUser(row: UserRow): SessionUser {
  const roles = rolesOf(row);
  return {
    id: row.id,
    fullName: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled,
    status: joinStatusOf(row),
    roles,
    role: primaryRole(roles),
    avatarUrl: avatarUrlOf(row),
    xp: row.xp,
    exoticCoins: row.exoticCoins,
    storeCreditCents: row.storeCreditCents,
    referralCode: row.referralCode,
    bio: row.bio,
    smokePreference: row.smokePreference,
    joinDate: row.createdAt.toISOString(),
    isApprovedDriver: row.isApprovedDriver,
    isOnline: row.isOnline,
    phone: row.phone,
    address: row.address,
  };
}
