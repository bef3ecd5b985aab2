import { and, eq, getTableColumns, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { can, memberActionRefusal, primaryRole, rolesOf, type Role } from '~/shared/permissions';
import { avatarUrlOf, joinStatusOf, type UserRow } from '~/server/session';
import { writeAudit } from '~/server/audit';
import { likePattern, pageOf, timeKeyset } from '~/server/pagination';
import type { Tx } from '~/server/db/client';
import { session, user } from '~/server/db/tables/auth.tables';
import { endUserStreams, publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import { notify } from '~/features/notifications/server/notifications.service';
import type { AdminMember, MemberPage, memberSearchSchema } from '../members.schema';

const notFound = () => new AppError('NOT_FOUND', 'This member does not exist or has been removed.');

/** Email, Telegram, phone and address: only for staff who may see contact details. */
export function toAdminMember(row: UserRow, viewer: UserRow): AdminMember {
  const roles = rolesOf(row);
  return {
    id: row.id,
    fullName: row.name,
    roles,
    role: primaryRole(roles),
    banned: row.banned,
    avatarUrl: avatarUrlOf(row),
    joinDate: row.createdAt.toISOString(),
    strikes: row.strikes,
    isApprovedDriver: row.isApprovedDriver,
    status: joinStatusOf(row),
    ...(can(viewer, 'read:contact-details')
      ? { email: row.email, telegram: row.telegram, phone: row.phone, address: row.address }
      : {}),
  };
}

const newestFirst = timeKeyset({ time: user.createdAt, id: user.id, direction: 'desc' });

/**
 * Newest members first, searched by name, email or telegram (or name and email for the Roles tab). Staff who may
 * not see contact details search by name only: a search by email would reveal it a letter at a time.
 */
export async function searchMembers(
  { db }: ServiceContext,
  actor: Actor,
  query: z.output<typeof memberSearchSchema>,
): Promise<MemberPage> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const fields = [ilike(user.name, pattern)];
    if (can(actor, 'read:contact-details')) {
      fields.push(ilike(user.email, pattern));
      if (query.scope === 'members') fields.push(ilike(user.telegram, pattern));
    }
    conditions.push(or(...fields)!);
  }
  const rows = await db
    .select({ ...getTableColumns(user), cursorAt: newestFirst.cursorAt })
    .from(user)
    .where(and(...conditions, newestFirst.after(query.cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (last) => [last.cursorAt, last.id]);
  return { ...page, items: page.items.map((row) => toAdminMember(row, actor)) };
}

/** Locks the member's row for the rest of the transaction, so two admins' changes apply one after the other. */
async function lockMember(tx: Tx, memberId: string): Promise<UserRow> {
  const [row] = await tx.select().from(user).where(eq(user.id, memberId)).for('update');
  if (!row) throw notFound();
  return row;
}

function refuseUnlessAllowed(actor: UserRow, target: UserRow, change?: { from: Role[]; to: Role[] }): void {
  const refusal = memberActionRefusal(actor, target, change);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
}

export async function announceMemberChange(tx: Tx, memberId: string): Promise<void> {
  // Staff lists refetch; the member's own browsers refetch their session, then their streams end and reconnect
  // as who they are now.
  await publish(tx, 'members.changed', { memberId }, [
    { kind: 'capability', capability: 'read:members' },
    { kind: 'users', userIds: [memberId] },
  ]);
  await endUserStreams(tx, memberId);
}

export async function setBanned(
  { db, now }: ServiceContext,
  actor: Actor,
  { memberId, banned }: { memberId: string; banned: boolean },
): Promise<AdminMember> {
  return db.transaction(async (tx) => {
    const target = await lockMember(tx, memberId);
    refuseUnlessAllowed(actor, target);
    const [updated] = await tx
      .update(user)
      .set({
        banned,
        banReason: null,
        banExpires: null,
        isOnline: banned ? false : target.isOnline,
        updatedAt: now,
      })
      .where(eq(user.id, memberId))
      .returning();
    // A ban ends every session now; the member's next request is refused.
    if (banned) await tx.delete(session).where(eq(session.userId, memberId));
    await writeAudit(tx, {
      eventType: banned ? 'MEMBER_BANNED' : 'MEMBER_UNBANNED',
      actorId: actor.id,
      meta: { memberId },
      at: now,
    });
    await announceMemberChange(tx, memberId);
    return toAdminMember(updated!, actor);
  });
}

export async function setRoles(
  { db, now }: ServiceContext,
  actor: Actor,
  { memberId, roles }: { memberId: string; roles: Role[] },
): Promise<AdminMember> {
  return db.transaction(async (tx) => {
    const target = await lockMember(tx, memberId);
    const from = rolesOf(target);
    const to = rolesOf({ roles });
    refuseUnlessAllowed(actor, target, { from, to });
    const [updated] = await tx
      .update(user)
      .set({ roles: to, role: primaryRole(to), updatedAt: now })
      .where(eq(user.id, memberId))
      .returning();
    await writeAudit(tx, {
      eventType: 'ROLES_UPDATED',
      actorId: actor.id,
      meta: { memberId, oldRoles: from, newRoles: to },
      at: now,
    });
    await notify(tx, {
      userId: memberId,
      message: `Your roles are now: ${to.join(', ')}.`,
      from: 'staff',
      at: now,
    });
    await announceMemberChange(tx, memberId);
    return toAdminMember(updated!, actor);
  });
}
