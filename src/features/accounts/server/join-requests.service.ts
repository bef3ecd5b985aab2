import { and, count, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { DAY_MS, DEFAULT_TIME_ZONE, longDate } from '~/shared/time';
import type { Executor, Tx } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { joinRequest } from '~/server/db/tables/join-requests.tables';
import { shopSettings } from '~/server/db/tables/shop.tables';
import { rememberErasedIdentity } from '~/server/erased-identity';
import { publish } from '~/server/events';
import { holdsCapability } from '~/server/member-standing';
import type { Actor, ServiceContext } from '~/server/service-context';
import { joinStatusOf } from '~/server/session';
import { notifyGrouped } from '~/features/notifications/server/notifications.service';
import type { JoinRequestState } from '../accounts.schema';
import { ASK_AGAIN_DAYS } from '../accounts.constants';

/** Where staff decide requests: the Members tab's Pending view. */
export const PENDING_VIEW_LINK = '/admin?tab=members&view=pending';
/** Requests within this long of an unread notice join it instead of adding another. */
const GROUPING_WINDOW_MS = 60_000;

/** Days a declined member waits before asking again (a shop setting), and the shop's time zone to date it in. */
export async function joinSettings(db: Executor): Promise<{ askAgainDays: number; timeZone: string }> {
  const [row] = await db
    .select({ askAgainDays: shopSettings.askAgainDays, timeZone: shopSettings.timeZone })
    .from(shopSettings);
  return row ?? { askAgainDays: ASK_AGAIN_DAYS.default, timeZone: DEFAULT_TIME_ZONE };
}

export const askAgainAt = (decidedAt: Date, days: number) => new Date(decidedAt.getTime() + days * DAY_MS);

/**
 * Opens (or reopens, for "Ask again") the member's request, in the caller's transaction, and tells everyone who
 * decides requests: one notice each, reworded to a count when several people ask within a minute.
 */
export async function openJoinRequest(tx: Tx, member: { id: string; name: string }, at: Date): Promise<void> {
  const fresh = { requestedAt: at, decidedAt: null, decidedBy: null, declineReason: null };
  await tx
    .insert(joinRequest)
    .values({ userId: member.id, ...fresh })
    .onConflictDoUpdate({ target: joinRequest.userId, set: fresh });
  // Staff member lists (the Pending view among them) refetch.
  await publish(tx, 'members.changed', { memberId: member.id }, [
    { kind: 'capability', capability: 'read:members' },
  ]);
  const reviewers = await tx.select({ id: user.id }).from(user).where(holdsCapability('approve:members'));
  await notifyGrouped(
    tx,
    reviewers.map(({ id }) => ({
      userId: id,
      message: `${member.name} asked to join The Vault. Approve or decline the request in the Members tab.`,
      link: PENDING_VIEW_LINK,
      from: 'member' as const,
      at,
    })),
    {
      windowMs: GROUPING_WINDOW_MS,
      regroup: async (since) => {
        const [row] = await tx
          .select({ n: count() })
          .from(joinRequest)
          .innerJoin(user, eq(user.id, joinRequest.userId))
          .where(and(eq(user.status, 'pending'), gte(joinRequest.requestedAt, since)));
        return `${row?.n ?? 0} people asked to join The Vault. Approve or decline their requests in the Members tab.`;
      },
    },
  );
}

/** The member's own request: when they asked, and for a decline, why and when they may ask again. */
export async function joinRequestState({ db, now }: ServiceContext, actor: Actor): Promise<JoinRequestState> {
  const [request] = await db.select().from(joinRequest).where(eq(joinRequest.userId, actor.id));
  const { askAgainDays: days } = await joinSettings(db);
  const again =
    actor.status === 'declined' && request?.decidedAt ? askAgainAt(request.decidedAt, days) : null;
  return {
    status: joinStatusOf(actor),
    requestedAt: (request?.requestedAt ?? actor.createdAt).toISOString(),
    decidedAt: request?.decidedAt?.toISOString() ?? null,
    declineReason: actor.status === 'declined' ? (request?.declineReason ?? null) : null,
    askAgainAt: again?.toISOString() ?? null,
    canAskAgain: again !== null && again <= now,
  };
}

/**
 * A declined member asks again once the wait is over: pending again, the reason cleared, staff told. A
 * conditional update, so two taps make one request.
 */
export async function askAgain(ctx: ServiceContext, actor: Actor): Promise<JoinRequestState> {
  const { db, now } = ctx;
  const { askAgainDays: days, timeZone } = await joinSettings(db);
  const reopened = await db.transaction(async (tx) => {
    const [member] = await tx
      .update(user)
      .set({ status: 'pending', updatedAt: now })
      .where(
        and(
          eq(user.id, actor.id),
          eq(user.status, 'declined'),
          sql`exists (select 1 from ${joinRequest} where ${joinRequest.userId} = ${user.id} and ${lte(
            joinRequest.decidedAt,
            new Date(now.getTime() - days * DAY_MS),
          )})`,
        ),
      )
      .returning({ id: user.id, name: user.name });
    if (member) await openJoinRequest(tx, member, now);
    return member !== undefined;
  });
  if (!reopened) {
    if (actor.status !== 'declined') {
      throw new AppError('CONFLICT', 'Your request is already with staff.', { title: 'Already Asked' });
    }
    const { askAgainAt: from } = await joinRequestState(ctx, actor);
    throw new AppError(
      'CONFLICT',
      `You may ask again from ${from ? longDate(new Date(from), timeZone) : 'a later date'}.`,
      { title: 'Not Yet' },
    );
  }
  return joinRequestState(ctx, { ...actor, status: 'pending' });
}

/**
 * Declined members who let the wait pass without asking again: their phone, address and Telegram are erased (the
 * e-mail stays, to sign in with and ask again later). The phone is remembered as a keyed hash, as Delete My
 * Account does (decision 025), so it earns no referral award when it joins again. Returns how many were erased.
 */
export async function eraseLapsedDeclines({ db, now, config }: ServiceContext): Promise<number> {
  const { askAgainDays: days } = await joinSettings(db);
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .select({ id: user.id, email: user.email, phone: user.phone })
      .from(user)
      .innerJoin(joinRequest, eq(joinRequest.userId, user.id))
      .where(
        and(
          eq(user.status, 'declined'),
          isNull(joinRequest.contactErasedAt),
          lte(joinRequest.decidedAt, new Date(now.getTime() - days * DAY_MS)),
        ),
      )
      .for('update', { skipLocked: true });
    for (const member of lapsed) {
      await rememberErasedIdentity(tx, config, { email: '', phone: member.phone }, now);
    }
    const ids = lapsed.map((member) => member.id);
    if (ids.length === 0) return 0;
    await tx
      .update(user)
      .set({ phone: '', address: '', telegram: '', updatedAt: now })
      .where(inArray(user.id, ids));
    await tx.update(joinRequest).set({ contactErasedAt: now }).where(inArray(joinRequest.userId, ids));
    return ids.length;
  });
}
