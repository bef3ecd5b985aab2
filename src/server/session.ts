import { eq } from 'drizzle-orm';
import { primaryRole, rolesOf } from '~/shared/permissions';
import type { Auth } from '~/server/auth';
import type { Db } from '~/server/db/client';
import { session, type user } from '~/server/db/tables/auth.tables';
import type { SessionUser } from '~/shared/session';

export type UserRow = typeof user.$inferSelect;

/**
 * Who the request's session cookie belongs to, read fresh from the database on every request: better-auth reads
 * the session and its whole member row in one query (experimental joins; auth.ts declares every column), so a ban,
 * a role change or a sign-out on another instance counts from the very next request.
 */
export async function resolveSession(
  { auth, db }: { auth: Auth; db: Db },
  headers: Headers,
): Promise<{ user: UserRow | null; sessionId: string | null; setCookies: string[] }> {
  const { headers: responseHeaders, response } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = responseHeaders.getSetCookie();
  if (!response) return { user: null, sessionId: null, setCookies };
  const member = response.user as unknown as UserRow;
  if (member.banned) {
    // A ban ends every session at once; the stale cookie is refused from now on.
    await db.delete(session).where(eq(session.userId, member.id));
    return { user: null, sessionId: null, setCookies };
  }
  return { user: member, sessionId: response.session.id, setCookies };
}

export const OWNER_AVATAR_URL = '/owner-avatar.svg';

export function avatarUrlOf(row: Pick<UserRow, 'id' | 'image' | 'roles' | 'role'>): string {
  if (rolesOf(row).includes('Owner')) return OWNER_AVATAR_URL;
  return row.image || `/api/avatars/${encodeURIComponent(row.id)}.svg`;
}

export function toSessionUser(row: UserRow): SessionUser {
  const roles = rolesOf(row);
  return {
    id: row.id,
    fullName: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled,
    roles,
    role: primaryRole(roles),
    avatarUrl: avatarUrlOf(row),
    xp: row.xp,
    exoticCoins: row.exoticCoins,
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
