import { and, count, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { ageOn, DAY_MS, dayIn, DEFAULT_TIME_ZONE, longDate } from '~/shared/time';
import type { Executor, Tx } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { joinRequest } from '~/server/db/tables/join-requests.tables';
import { shopSettings } from '~/server/db/tables/shop.tables';
import { rememberErasedIdentity } from '~/server/erased-identity';
import { publish } from '~/server/events';
import { secretBoxFor } from '~/server/secret-box';
import { deletePrivateFiles, storePrivateImage } from '~/server/uploads/private-files';
import { holdsCapability } from '~/server/member-standing';
import type { Actor, ServiceContext } from '~/server/service-context';
import { joinStatusOf } from '~/server/session';
import { notifyGrouped } from '~/features/notifications/server/notifications.service';
import type { idCheckSchema, JoinRequestState } from '../accounts.schema';
import { ASK_AGAIN_DAYS, ID_KEPT_UNDECIDED_DAYS, MINIMUM_AGE, UNDER_21_MESSAGE } from '../accounts.constants';

/** Where staff decide requests: the Members tab's Pending view. */
export const PENDING_VIEW_LINK = '/admin?tab=members&view=pending';
/** Requests within this long of an unread notice join it instead of adding another. */
const GROUPING_WINDOW_MS = 60_000;

/**
 * Days a declined member waits before asking again, whether a pending member gives a photo ID (shop settings),
 * and the shop's time zone to date and age them in.
 */
export async function joinSettings(
  db: Executor,
): Promise<{ askAgainDays: number; idCheck: boolean; timeZone: string }> {
  const [row] = await db
    .select({
      askAgainDays: shopSettings.askAgainDays,
      idCheck: shopSettings.idCheck,
      timeZone: shopSettings.timeZone,
    })
    .from(shopSettings);
  return row ?? { askAgainDays: ASK_AGAIN_DAYS.default, idCheck: false, timeZone: DEFAULT_TIME_ZONE };
}

export const askAgainAt = (decidedAt: Date, days: number) => new Date(decidedAt.getTime() + days * DAY_MS);

/**
 * Opens (or reopens, for "Ask again") the member's request, in the caller's transaction, and tells everyone who
 * decides requests: one notice each, reworded to a count when several people ask within a minute.
 */
export async function openJoinRequest(tx: Tx, member: { id: string; name: string }, at: Date): Promise<void> {
  // A new request starts clean: a later decline waits, and erases, again.
  const fresh = {
    requestedAt: at,
    decidedAt: null,
    decidedBy: null,
    declineReason: null,
    contactErasedAt: null,
  };
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
  const { askAgainDays: days, idCheck } = await joinSettings(db);
  const again =
    actor.status === 'declined' && request?.decidedAt ? askAgainAt(request.decidedAt, days) : null;
  return {
    status: joinStatusOf(actor),
    requestedAt: (request?.requestedAt ?? actor.createdAt).toISOString(),
    decidedAt: request?.decidedAt?.toISOString() ?? null,
    declineReason: actor.status === 'declined' ? (request?.declineReason ?? null) : null,
    askAgainAt: again?.toISOString() ?? null,
    canAskAgain: again !== null && again <= now,
    idCheck: { required: idCheck, submittedAt: request?.idSubmittedAt?.toISOString() ?? null },
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

/** The longer side an ID photo keeps: enough to read the small print. */
const ID_PHOTO_LONG_EDGE = 2048;

/**
 * Under the photo ID check, a pending member gives a photo of a government ID and their date of birth: refused
 * under 21 (in the shop's time zone). The photo is a private file (uploads/private-files.ts) and the date is
 * sealed; a second photo replaces the first.
 */
export async function submitIdCheck(
  ctx: ServiceContext,
  actor: Actor,
  { bytes, birthDate }: { bytes: Buffer } & z.output<typeof idCheckSchema>,
): Promise<JoinRequestState> {
  const { db, now, config, storage } = ctx;
  const { idCheck, timeZone } = await joinSettings(db);
  if (actor.status !== 'pending') {
    throw new AppError('CONFLICT', 'Only a request waiting for staff takes an ID.', { title: 'Not Needed' });
  }
  if (!idCheck) throw new AppError('CONFLICT', 'The shop does not ask for an ID.', { title: 'Not Needed' });
  if (ageOn(birthDate, dayIn(now, timeZone)) < MINIMUM_AGE) {
    throw new AppError('BAD_REQUEST', UNDER_21_MESSAGE, { fields: { birthDate: UNDER_21_MESSAGE } });
  }
  const key = await storePrivateImage(ctx, bytes, ID_PHOTO_LONG_EDGE);
  const replaced = await db.transaction(async (tx) => {
    const [request] = await tx
      .select({ key: joinRequest.idPhotoKey })
      .from(joinRequest)
      .innerJoin(user, eq(user.id, joinRequest.userId))
      .where(and(eq(joinRequest.userId, actor.id), eq(user.status, 'pending')))
      .for('update');
    if (!request) return undefined;
    await tx
      .update(joinRequest)
      .set({ idPhotoKey: key, birthDateSealed: secretBoxFor(config).seal(birthDate), idSubmittedAt: now })
      .where(eq(joinRequest.userId, actor.id));
    return { old: request.key };
  });
  if (!replaced) {
    await storage.delete(key);
    throw new AppError('CONFLICT', 'Your request has just been decided.', { title: 'Already Decided' });
  }
  if (replaced.old) await storage.delete(replaced.old);
  return joinRequestState(ctx, actor);
}

/**
 * Takes the ID off a request, in the caller's transaction: the decision keeps only who checked it and when
 * (`checkedBy`, when a decision is the reason). Returns the photo's key, for the caller to delete once committed.
 */
export async function takeIdCheck(
  tx: Tx,
  memberId: string,
  decision?: { checkedBy: string; at: Date },
): Promise<string | undefined> {
  const [request] = await tx
    .select({ key: joinRequest.idPhotoKey })
    .from(joinRequest)
    .where(and(eq(joinRequest.userId, memberId), isNotNull(joinRequest.idSubmittedAt)))
    .for('update');
  if (!request) return undefined;
  await tx
    .update(joinRequest)
    .set({
      idPhotoKey: null,
      birthDateSealed: null,
      idSubmittedAt: null,
      ...(decision ? { idCheckedBy: decision.checkedBy, idCheckedAt: decision.at } : {}),
    })
    .where(eq(joinRequest.userId, memberId));
  return request.key ?? undefined;
}

/** IDs of requests left undecided for ID_KEPT_UNDECIDED_DAYS are deleted (the request stays pending). */
export async function discardStaleIdChecks(ctx: ServiceContext): Promise<number> {
  const { db, now } = ctx;
  const keys = await db.transaction(async (tx) => {
    const stale = await tx
      .select({ userId: joinRequest.userId })
      .from(joinRequest)
      .where(lte(joinRequest.idSubmittedAt, new Date(now.getTime() - ID_KEPT_UNDECIDED_DAYS * DAY_MS)))
      .for('update', { skipLocked: true });
    const taken: (string | undefined)[] = [];
    for (const { userId } of stale) taken.push(await takeIdCheck(tx, userId));
    return taken;
  });
  await deletePrivateFiles(ctx, keys);
  return keys.length;
}
