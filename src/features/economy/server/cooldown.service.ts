import { and, eq, lte } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '~/shared/time';
import type { Executor } from '~/server/db/client';
import { memberCooldown } from '~/server/db/tables/economy.tables';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { CooldownsResponse } from '../economy.schema';
import { readEconomySettings } from './economy-settings.service';

/** Actions with a cooldown per member (spec section 4 and 9). */
export type CooldownAction = 'rating' | 'post-award' | 'comment-award';

/**
 * Takes the member's cooldown for `action` if it has run out (or was never taken): one conditional upsert, so
 * of two requests at once exactly one gets it. Returns false while the cooldown runs. Call it inside the
 * transaction that does the action: a rollback gives the cooldown back.
 */
export async function takeCooldown(
  tx: Executor,
  userId: string,
  action: CooldownAction,
  cooldownMs: number,
  now: Date,
): Promise<boolean> {
  const due = new Date(now.getTime() - cooldownMs);
  const taken = await tx
    .insert(memberCooldown)
    .values({ userId, action, lastAt: now })
    .onConflictDoUpdate({
      target: [memberCooldown.userId, memberCooldown.action],
      set: { lastAt: now },
      setWhere: lte(memberCooldown.lastAt, due),
    })
    .returning({ lastAt: memberCooldown.lastAt });
  return taken.length === 1;
}

/** When the member may do `action` again, or null when they may now. */
export async function cooldownEndsAt(
  db: Executor,
  userId: string,
  action: CooldownAction,
  cooldownMs: number,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ lastAt: memberCooldown.lastAt })
    .from(memberCooldown)
    .where(and(eq(memberCooldown.userId, userId), eq(memberCooldown.action, action)));
  if (!row) return null;
  const endsAt = new Date(row.lastAt.getTime() + cooldownMs);
  return endsAt > now ? endsAt : null;
}

/**
 * When each of the member's timed actions earns again (the Missions guide strikes them through until then): the
 * weekly login bonus, a rewarded post, a rewarded comment and a rating. Null where the action earns now.
 */
export async function cooldowns({ db, now }: ServiceContext, actor: Actor): Promise<CooldownsResponse> {
  const settings = await readEconomySettings(db);
  const endsAt = (action: CooldownAction, hours: number) =>
    cooldownEndsAt(db, actor.id, action, hours * HOUR_MS, now);
  const weeklyAt = actor.lastWeeklyBonusAt
    ? new Date(actor.lastWeeklyBonusAt.getTime() + settings.weeklyLoginIntervalDays * DAY_MS)
    : null;
  const [post, comment, rating] = await Promise.all([
    endsAt('post-award', settings.postCooldownHours),
    endsAt('comment-award', settings.commentCooldownHours),
    endsAt('rating', settings.ratingCooldownHours),
  ]);
  const iso = (at: Date | null) => (at && at > now ? at.toISOString() : null);
  return {
    serverNow: now.toISOString(),
    nextAt: { weeklyLogin: iso(weeklyAt), post: iso(post), comment: iso(comment), rating: iso(rating) },
  };
}
