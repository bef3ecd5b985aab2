import { randomBytes } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { levelFromXp } from '~/shared/economy';
import { levelTitle } from '~/shared/level-titles';
import type { RoleHolder } from '~/shared/permissions';
import { startRefusal } from '~/features/inbox/server/conversations.service';
import type { Clock } from '~/shared/time';
import { avatarUrlOf, toSessionUser, type UserRow } from '~/server/session';
import { processImage } from '~/server/uploads/image-pipeline';
import type { Config } from '~/server/config';
import type { Db } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { publish } from '~/server/events';
import type { Storage } from '~/server/storage';
import { keyFromUploadUrl, uploadUrl } from '~/server/uploads/upload-urls';
import {
  PUBLIC_REFERRALS_SHOWN,
  type LevelInfo,
  type OwnProfile,
  type PublicProfile,
  type UpdateProfileInput,
} from '../profiles.schema';

export function levelInfo(xp: number): LevelInfo {
  const { level, xpIntoLevel, progress } = levelFromXp(xp);
  return { level, title: levelTitle(level), xpIntoLevel, progress };
}

const notFound = () =>
  new AppError('NOT_FOUND', 'This member does not exist or has been removed.', { title: 'User Not Found' });

export async function ownProfile(db: Db, me: UserRow): Promise<OwnProfile> {
  const referrals = await db
    .select({ id: user.id, name: user.name, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.referredBy, me.id))
    .orderBy(asc(user.createdAt));
  return {
    user: toSessionUser(me),
    level: levelInfo(me.xp),
    referrals: referrals.map((r) => ({ id: r.id, fullName: r.name, joinDate: r.createdAt.toISOString() })),
  };
}

export async function publicProfile(
  db: Db,
  viewer: RoleHolder & { id: string },
  userId: string,
): Promise<PublicProfile> {
  const [member] = await db.select().from(user).where(eq(user.id, userId));
  if (!member || member.banned) throw notFound();
  const [referrals, [total]] = await Promise.all([
    db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(eq(user.referredBy, userId))
      .orderBy(asc(user.createdAt))
      .limit(PUBLIC_REFERRALS_SHOWN),
    db.select({ value: count() }).from(user).where(eq(user.referredBy, userId)),
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
    messageable: member.id !== viewer.id && !startRefusal(viewer, member),
  };
}

export async function updateProfile(
  db: Db,
  me: UserRow,
  changes: UpdateProfileInput,
  now: Date,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(user)
      .set({ ...changes, updatedAt: now })
      .where(eq(user.id, me.id))
      .returning();
    await publish(tx, 'session.profile', { userId: me.id }, [{ kind: 'users', userIds: [me.id] }]);
    return updated!;
  });
}

export interface AvatarDeps {
  db: Db;
  storage: Storage;
  config: Config;
  clock: Clock;
}

/**
 * Stores a new avatar (re-encoded, metadata removed) under a random name and drops the old one. The route's
 * upload() has counted it against the member's upload rate limit.
 */
export async function replaceAvatar(deps: AvatarDeps, me: UserRow, file: Buffer): Promise<UserRow> {
  const image = await processImage(file, {
    maxBytes: deps.config.imageUploadLimitBytes,
    maxPixels: 40_000_000,
    maxDimension: 512,
  });
  const key = `${randomBytes(16).toString('hex')}.${image.extension}`;
  await deps.storage.put(key, image.bytes);
  const updated = await updateAvatarUrl(deps.db, me, uploadUrl(key), deps.clock.now());
  const oldKey = me.image ? keyFromUploadUrl(me.image) : undefined;
  if (oldKey) await deps.storage.delete(oldKey);
  return updated;
}

async function updateAvatarUrl(db: Db, me: UserRow, image: string, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(user)
      .set({ image, updatedAt: now })
      .where(eq(user.id, me.id))
      .returning();
    await publish(tx, 'session.profile', { userId: me.id }, [{ kind: 'users', userIds: [me.id] }]);
    return updated!;
  });
}
