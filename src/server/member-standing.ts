import { and, arrayOverlaps, eq, sql, type SQL } from 'drizzle-orm';
import { rolesWith, type Capability } from '~/shared/permissions';
import type { Executor } from './db/client';
import { user } from './db/tables/auth.tables';

/**
 * Members in good standing: not banned, and let in by staff (`status` approved; shared/join-status.ts). Every
 * list, count, search and audience that names or reaches members reads this, so a pending or declined account is
 * left out wherever a banned one is. Written as SQL text where a partial index repeats it (the leaderboard).
 */
export const inGoodStanding = and(eq(user.banned, false), sql`${user.status} = 'approved'`) as SQL;

/** Members in good standing who hold a role granting the capability: the staff who hear of something. */
export const holdsCapability = (capability: Capability) =>
  and(inGoodStanding, arrayOverlaps(user.roles, rolesWith(capability))) as SQL;

/** Those members themselves, with what a new order's audience needs to know of drivers. */
export async function holdersOf(tx: Executor, capability: Capability) {
  return tx
    .select({ id: user.id, isApprovedDriver: user.isApprovedDriver, isOnline: user.isOnline })
    .from(user)
    .where(holdsCapability(capability));
}
