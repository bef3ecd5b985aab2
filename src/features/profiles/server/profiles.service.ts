import { and, asc, count, eq } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { levelFromXp } from '~/shared/economy';
import { levelTitle } from '~/shared/level-titles';
import { updateOwnUser } from '~/features/accounts/server/account-settings.service';
import { startRefusal } from '~/features/inbox/server/conversations.service';
import { avatarUrlOf, toSessionUser, type UserRow } from '~/server/session';
import { deleteUploadedFile, storeImage } from '~/server/uploads/stored-files';
import { user } from '~/server/db/tables/auth.tables';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { LevelInfo, OwnProfile, PublicProfile, UpdateProfileInput } from '../profiles.schema';
import { PUBLIC_REFERRALS_SHOWN } from '../profiles.constants';

export function levelInfo(xp: number): LevelInfo {
  const { level, xpIntoLevel, progress } = levelFromXp(xp);
  return { level, title: levelTitle(level), xpIntoLevel, progress };
}

const notFound = () =>
  new AppError('NOT_FOUND', 'This member does not exist or has been removed.', { title: 'User Not Found' });

export async function ownProfile({ db }: ServiceContext, actor: Actor): Promise<OwnProfile> {
  const referrals = await db
    .select({ id: user.id, name: user.name, createdAt: user.createdAt })
    .from(user)
    .where(and(eq(user.referredBy, actor.id), eq(user.status, 'approved')))
    .orderBy(asc(user.createdAt));
  return {
    user: toSessionUser(actor),
    level: levelInfo(actor.xp),
    referrals: referrals.map((r) => ({ id: r.id, fullName: r.name, joinDate: r.createdAt.toISOString() })),
  };
}

export async function publicProfile(
  { db }: ServiceContext,
  actor: Actor,
  { userId }: { userId: string },
): Promise<PublicProfile> {
  const [member] = await db.select().from(user).where(eq(user.id, userId));
  if (!member || member.banned || member.status !== 'approved') throw notFound();
  const [referrals, [total]] = await Promise.all([
    db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(and(eq(user.referredBy, userId), eq(user.status, 'approved')))
      .orderBy(asc(user.createdAt))
      .limit(PUBLIC_REFERRALS_SHOWN),
    db
      .select({ value: count() })
      .from(user)
      .where(and(eq(user.referredBy, userId), eq(user.status, 'approved'))),
  ]);
  return {
    id: member.id,
    fullName: member.name,
    avatarUrl: avatarUrlOf(member),
    level: levelInfo(member.xp),
    exoticCoins: member.exoticCoins,
    bio: member.bio,
    smokePreference: member.smokePreference,
    referrals: referrals.map((r) => ({ id: r.id, fullName: r.name })),
    referralCount: total?.value ?? 0,
    messageable: member.id !== actor.id && !startRefusal(actor, member),
  };
}

export async function updateProfile(
  ctx: ServiceContext,
  actor: Actor,
  changes: UpdateProfileInput,
): Promise<UserRow> {
  return updateOwnUser(ctx, actor, changes);
}

/**
 * Stores a new avatar (re-encoded, metadata removed) under a random name and drops the old one. The route's
 * upload() has counted it against the member's upload rate limit.
 */
export async function replaceAvatar(
  ctx: ServiceContext,
  actor: Actor,
  { bytes }: { bytes: Buffer },
): Promise<UserRow> {
  const image = await storeImage(ctx, bytes, 512);
  const updated = await updateOwnUser(ctx, actor, { image: image.url });
  await deleteUploadedFile(ctx.storage, actor.image);
  return updated;
}
