import { and, eq, inArray, isNotNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { rolesOf } from '~/shared/permissions';
import { FORMER_MEMBER } from '~/features/audit/audit.constants';
import { confirmIdentity } from '~/features/accounts/server/two-factor.service';
import { applyAward } from '~/features/economy/server/ledger.service';
import { ARCHIVED_STATUSES } from '~/features/shop/orders.constants';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { joinRequest } from '~/server/db/tables/join-requests.tables';
import { account, session, twoFactor, user, verification } from '~/server/db/tables/auth.tables';
import { memberCooldown } from '~/server/db/tables/economy.tables';
import { feedMediaUpload } from '~/server/db/tables/feed.tables';
import { notification, pushMessage, pushSubscription } from '~/server/db/tables/notifications.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { dataExport } from '~/server/db/tables/privacy.tables';
import { rewardRedemption } from '~/server/db/tables/rewards.tables';
import { smsRecipient } from '~/server/db/tables/sms.tables';
import { rememberErasedIdentity } from '~/server/erased-identity';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import { keyFromUploadUrl } from '~/server/uploads/upload-urls';
import type { deleteAccountSchema } from '../privacy.schema';
import {
  OWNER_DELETION_REFUSAL,
  ORDER_IN_PROGRESS_REFUSAL,
  RUN_IN_PROGRESS_REFUSAL,
  storeCreditRefusal,
} from '../privacy.constants';
import { endUserStreams } from '~/server/events';

/**
 * Delete My Account (docs/decisions/025). The member's row stays, as "Former member" without personal fields, so
 * their posts, comments, messages and orders keep an author; everything personal goes, in one transaction.
 */

/** Refusals that leave everything as it was: an order in progress, a driver's run in progress, store credit left. */
async function refuseWhileBusy(tx: Executor, member: Actor & { storeCreditCents: number }): Promise<void> {
  const open = await tx.$count(
    shopOrder,
    and(eq(shopOrder.userId, member.id), notInArray(shopOrder.status, [...ARCHIVED_STATUSES])),
  );
  if (open > 0) throw new AppError('CONFLICT', ORDER_IN_PROGRESS_REFUSAL, { title: 'Account Not Deleted' });
  const runs = await tx.$count(
    shopOrder,
    and(eq(shopOrder.assignedDriverId, member.id), inArray(shopOrder.status, ['claimed', 'in-progress'])),
  );
  if (runs > 0) throw new AppError('CONFLICT', RUN_IN_PROGRESS_REFUSAL, { title: 'Account Not Deleted' });
  if (member.storeCreditCents > 0) {
    throw new AppError('CONFLICT', storeCreditRefusal(member.storeCreditCents), {
      title: 'Account Not Deleted',
    });
  }
}

/** The member's name, as a whole word, in what others were told ("Ana commented on your post.") becomes Former member. */
async function scrubNameFromNotifications(tx: Executor, member: Actor): Promise<void> {
  const name = member.name.trim();
  if (!name) return;
  const mentions = await tx
    .select({ id: notification.id, message: notification.message })
    .from(notification)
    .where(and(ne(notification.userId, member.id), sql`strpos(${notification.message}, ${name}) > 0`));
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu');
  for (const row of mentions) {
    const scrubbed = row.message.replace(word, FORMER_MEMBER);
    if (scrubbed !== row.message) {
      await tx.update(notification).set({ message: scrubbed }).where(eq(notification.id, row.id));
    }
  }
}

export async function deleteAccount(
  ctx: ServiceContext,
  actor: Actor,
  input: z.output<typeof deleteAccountSchema>,
): Promise<{ ok: true }> {
  const { db, now, config, storage } = ctx;
  // The Owner is refused before anything else (roles are read from this request's session).
  if (rolesOf(actor).includes('Owner')) throw new AppError('FORBIDDEN', OWNER_DELETION_REFUSAL);
  await confirmIdentity(ctx, actor, input);

  const filesToRemove = await db.transaction(async (tx) => {
    const [member] = await tx.select().from(user).where(eq(user.id, actor.id)).for('update');
    if (!member || member.deletedAt) throw new AppError('NOT_FOUND', 'This account is already deleted.');
    await refuseWhileBusy(tx, member);

    await rememberErasedIdentity(tx, config, member, now);
    // Coins and XP are forfeited through the ledger, like every other change of a balance.
    if (member.exoticCoins > 0 || member.xp > 0) {
      await applyAward(tx, {
        userId: member.id,
        coins: -member.exoticCoins,
        xp: -member.xp,
        reason: 'account-deleted',
        at: now,
      });
    }
    await tx
      .update(user)
      .set({
        name: FORMER_MEMBER,
        // Unique and unreachable: the address itself may register again.
        email: `${member.id.toLowerCase()}@former-member.invalid`,
        emailVerified: false,
        image: null,
        telegram: '',
        phone: '',
        address: '',
        bio: '',
        smokePreference: 'Not Set',
        title: null,
        roles: ['Member'],
        role: 'Member',
        dataConsent: false,
        smsConsent: false,
        isApprovedDriver: false,
        isOnline: false,
        twoFactorEnabled: false,
        // Every "not banned" rule (sign-in, leaderboard, Mass SMS, referral awards) leaves them out too.
        banned: true,
        banReason: 'Account deleted',
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(user.id, member.id));

    // Signed out everywhere at once, and no password to sign in with again.
    await tx.delete(session).where(eq(session.userId, member.id));
    await endUserStreams(tx, member.id);
    await tx.delete(account).where(eq(account.userId, member.id));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, member.id));
    // A request to join (its decline reason, an ID photo): nothing left to decide. Staff's decisions no longer
    // name them.
    const [request] = await tx
      .delete(joinRequest)
      .where(eq(joinRequest.userId, member.id))
      .returning({ key: joinRequest.idPhotoKey });
    await tx.update(joinRequest).set({ decidedBy: null }).where(eq(joinRequest.decidedBy, member.id));
    // Open e-mail links too: a reset link must not give the account a password again.
    await tx
      .delete(verification)
      .where(or(eq(verification.identifier, member.email), eq(verification.value, member.id)));

    // Orders stay for the shop's records, without contact details or the photos of their doorstep.
    const doorPhotos = await tx
      .select({ key: shopOrder.doorPhotoKey })
      .from(shopOrder)
      .where(and(eq(shopOrder.userId, member.id), isNotNull(shopOrder.doorPhotoKey)));
    await tx
      .update(shopOrder)
      .set({
        userName: FORMER_MEMBER,
        userEmail: '',
        userPhone: '',
        userAddress: null,
        deliveryZip: null,
        notes: '',
        doorNote: null,
        doorPhotoKey: null,
      })
      .where(eq(shopOrder.userId, member.id));
    await tx
      .update(smsRecipient)
      .set({ name: FORMER_MEMBER, phone: '' })
      .where(eq(smsRecipient.userId, member.id));
    await tx
      .update(smsRecipient)
      .set({ status: 'failed', error: 'Account deleted', claimedUntil: null })
      .where(and(eq(smsRecipient.userId, member.id), inArray(smsRecipient.status, ['pending', 'sending'])));

    // Unused rewards are forfeited; used ones stay with their orders.
    await tx
      .delete(rewardRedemption)
      .where(
        and(
          eq(rewardRedemption.userId, member.id),
          inArray(rewardRedemption.status, ['requested', 'unused', 'in-cart']),
        ),
      );
    await tx.delete(notification).where(eq(notification.userId, member.id));
    await tx.delete(pushSubscription).where(eq(pushSubscription.userId, member.id));
    await tx.delete(pushMessage).where(eq(pushMessage.userId, member.id));
    await tx.delete(memberCooldown).where(eq(memberCooldown.userId, member.id));
    await scrubNameFromNotifications(tx, member);

    const uploads = await tx
      .delete(feedMediaUpload)
      .where(eq(feedMediaUpload.userId, member.id))
      .returning({ key: feedMediaUpload.storageKey });
    const exports = await tx
      .delete(dataExport)
      .where(and(eq(dataExport.userId, member.id), isNotNull(dataExport.storageKey)))
      .returning({ key: dataExport.storageKey });
    await tx.delete(dataExport).where(eq(dataExport.userId, member.id));

    await writeAudit(tx, {
      eventType: 'ACCOUNT_DELETED',
      actorId: member.id,
      meta: { memberId: member.id },
      at: now,
    });
    await publish(tx, 'members.changed', { memberId: member.id }, [
      { kind: 'users', userIds: [member.id] },
      { kind: 'capability', capability: 'read:members' },
    ]);
    const avatar = member.image ? keyFromUploadUrl(member.image) : undefined;
    return [
      avatar,
      request?.key,
      ...doorPhotos.map((row) => row.key),
      ...uploads.map((row) => row.key),
      ...exports.map((row) => row.key),
    ].filter((key): key is string => Boolean(key));
  });

  // Files go once the rows naming them are gone; a failure here leaves an orphan file, never a broken row.
  for (const key of filesToRemove) {
    await storage
      .delete(key)
      .catch((err: unknown) => ctx.logger.warn({ err }, 'a deleted member file stayed'));
  }
  return { ok: true };
}
