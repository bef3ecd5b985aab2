import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { can } from '~/shared/permissions';
import { longDate } from '~/shared/time';
import { writeAudit } from '~/server/audit';
import { joinApprovedMail, joinDeclinedMail } from '~/server/auth-mail';
import type { Tx } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { joinRequest } from '~/server/db/tables/join-requests.tables';
import { inGoodStanding } from '~/server/member-standing';
import { pageOf, timeKeyset } from '~/server/pagination';
import { secretBoxFor } from '~/server/secret-box';
import { deletePrivateFiles, readPrivateImage, type PrivateImage } from '~/server/uploads/private-files';
import type { Actor, ServiceContext } from '~/server/service-context';
import { avatarUrlOf, type UserRow } from '~/server/session';
import { tellReferrer } from '~/features/accounts/server/accounts.service';
import { askAgainAt, joinSettings, takeIdCheck } from '~/features/accounts/server/join-requests.service';
import { notify } from '~/features/notifications/server/notifications.service';
import type {
  declineSchema,
  JoinRequestItem,
  JoinRequestPage,
  joinRequestPageSchema,
} from '../members.schema';
import { announceMemberChange } from './members.service';

const referrer = alias(user, 'referrer');
// A member whose request row was never written (a crash between sign-up and the request) still waits in line.
const requestedAt = sql<Date>`coalesce(${joinRequest.requestedAt}, ${user.createdAt})`;
const oldestFirst = timeKeyset({ time: requestedAt, id: user.id, direction: 'asc' });

/** The Pending view: every pending request, oldest first, with the count for its badge. */
export async function listJoinRequests(
  { db, config }: ServiceContext,
  actor: Actor,
  query: z.output<typeof joinRequestPageSchema>,
): Promise<JoinRequestPage> {
  const pending = eq(user.status, 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        member: getTableColumns(user),
        referrerName: referrer.name,
        idSubmittedAt: joinRequest.idSubmittedAt,
        birthDateSealed: joinRequest.birthDateSealed,
        cursorAt: oldestFirst.cursorAt,
      })
      .from(user)
      .leftJoin(joinRequest, eq(joinRequest.userId, user.id))
      .leftJoin(referrer, eq(referrer.id, user.referredBy))
      .where(and(pending, oldestFirst.after(query.cursor)))
      .orderBy(...oldestFirst.orderBy)
      .limit(query.limit + 1),
    db.select({ n: count() }).from(user).where(pending),
  ]);
  const page = pageOf(rows, query.limit, (last) => [last.cursorAt, last.member.id]);
  const box = secretBoxFor(config);
  return {
    ...page,
    items: page.items.map((row) =>
      toJoinRequestItem(
        {
          ...row,
          idCheck: row.idSubmittedAt
            ? {
                submittedAt: row.idSubmittedAt.toISOString(),
                birthDate: (row.birthDateSealed && box.open(row.birthDateSealed)) || null,
              }
            : null,
        },
        actor,
      ),
    ),
    pendingCount: total?.n ?? 0,
  };
}

function toJoinRequestItem(
  {
    member,
    referrerName,
    cursorAt,
    idCheck,
  }: {
    member: UserRow;
    referrerName: string | null;
    cursorAt: string;
    idCheck: JoinRequestItem['idCheck'];
  },
  viewer: Actor,
): JoinRequestItem {
  return {
    id: member.id,
    idCheck,
    fullName: member.name,
    avatarUrl: avatarUrlOf(member),
    requestedAt: new Date(cursorAt).toISOString(),
    referredBy: member.referredBy && referrerName ? { id: member.referredBy, fullName: referrerName } : null,
    ...(can(viewer, 'read:contact-details')
      ? { email: member.email, telegram: member.telegram, phone: member.phone, address: member.address }
      : {}),
  };
}

const alreadyDecided = () =>
  new AppError('CONFLICT', 'Another staff member has already decided this request.', {
    title: 'Already Decided',
  });

/**
 * Moves a pending member to `to` with a conditional update, so two staff deciding at once make one decision
 * (the other is told it was already decided). Returns the member as they were decided.
 */
async function decide(tx: Tx, actor: Actor, memberId: string, to: 'approved' | 'declined', at: Date) {
  const [decided] = await tx
    .update(user)
    .set({ status: to, updatedAt: at })
    .where(and(eq(user.id, memberId), eq(user.status, 'pending')))
    .returning();
  if (!decided) {
    const [exists] = await tx.select({ id: user.id }).from(user).where(eq(user.id, memberId));
    if (!exists) throw new AppError('NOT_FOUND', 'This member does not exist or has been removed.');
    throw alreadyDecided();
  }
  await writeAudit(tx, {
    eventType: to === 'approved' ? 'MEMBER_APPROVED' : 'MEMBER_DECLINED',
    actorId: actor.id,
    meta: { memberId },
    at,
  });
  await announceMemberChange(tx, memberId);
  return decided;
}

/**
 * Lets a pending member in: from their next request the whole app answers them, with the session they have.
 * Their referrer now hears that they joined; the member is told in the app and by e-mail.
 */
export async function approveJoinRequest(
  ctx: ServiceContext,
  actor: Actor,
  { memberId }: { memberId: string },
): Promise<{ ok: true }> {
  const { db, now, mailer, config } = ctx;
  const { member, idPhoto } = await db.transaction(async (tx) => {
    const decided = await decide(tx, actor, memberId, 'approved', now);
    const idPhotoKey = await takeIdCheck(tx, memberId, { checkedBy: actor.id, at: now });
    await tx
      .insert(joinRequest)
      .values({ userId: memberId, requestedAt: decided.createdAt, decidedAt: now, decidedBy: actor.id })
      .onConflictDoUpdate({
        target: joinRequest.userId,
        set: { decidedAt: now, decidedBy: actor.id, declineReason: null },
      });
    await notify(tx, {
      userId: memberId,
      message: 'Welcome to The Vault: staff approved your request to join.',
      link: '/feed',
      from: 'staff',
      at: now,
    });
    if (decided.referredBy) {
      const [inviter] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, decided.referredBy), inGoodStanding));
      if (inviter) await tellReferrer(tx, { referrerId: inviter.id, memberName: decided.name }, now);
    }
    return { member: decided, idPhoto: idPhotoKey };
  });
  await deletePrivateFiles(ctx, [idPhoto]);
  mailer.sendLater(joinApprovedMail(member.email, `${config.baseUrl}/feed`));
  return { ok: true };
}

/**
 * Declines a pending member with a reason they read (kept on their request, never in the audit row). They stay
 * signed in to read it, and may ask again after the shop's wait.
 */
export async function declineJoinRequest(
  ctx: ServiceContext,
  actor: Actor,
  { memberId, reason }: { memberId: string } & z.output<typeof declineSchema>,
): Promise<{ ok: true }> {
  const { db, now, mailer, config } = ctx;
  const { askAgainDays, timeZone } = await joinSettings(db);
  const { member, idPhoto } = await db.transaction(async (tx) => {
    const decided = await decide(tx, actor, memberId, 'declined', now);
    const idPhotoKey = await takeIdCheck(tx, memberId, { checkedBy: actor.id, at: now });
    const decision = { decidedAt: now, decidedBy: actor.id, declineReason: reason };
    await tx
      .insert(joinRequest)
      .values({ userId: memberId, requestedAt: decided.createdAt, ...decision })
      .onConflictDoUpdate({ target: joinRequest.userId, set: decision });
    return { member: decided, idPhoto: idPhotoKey };
  });
  await deletePrivateFiles(ctx, [idPhoto]);
  const askAgainOn = longDate(askAgainAt(now, askAgainDays), timeZone);
  mailer.sendLater(joinDeclinedMail(member.email, reason, askAgainOn, `${config.baseUrl}/login`));
  return { ok: true };
}

/**
 * A pending member's ID photo, for staff deciding their request: each view is audited (ids only). Nothing once
 * the request is decided, the photo deleted with it.
 */
export async function viewIdPhoto(
  ctx: ServiceContext,
  actor: Actor,
  { memberId }: { memberId: string },
): Promise<PrivateImage> {
  const { db, now } = ctx;
  const [request] = await db
    .select({ key: joinRequest.idPhotoKey })
    .from(joinRequest)
    .where(eq(joinRequest.userId, memberId));
  const image = request?.key ? await readPrivateImage(ctx, request.key) : undefined;
  if (!image) throw new AppError('NOT_FOUND', 'This member has no ID photo waiting for a decision.');
  await writeAudit(db, { eventType: 'MEMBER_ID_VIEWED', actorId: actor.id, meta: { memberId }, at: now });
  return image;
}
