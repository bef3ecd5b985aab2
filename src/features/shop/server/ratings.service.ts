import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { HOUR_MS } from '~/shared/time';
import { cooldownEndsAt, takeCooldown } from '~/features/economy/server/cooldown.service';
import { readEconomySettings } from '~/features/economy/server/economy-settings.service';
import { applyAward } from '~/features/economy/server/ledger.service';
import type { Executor } from '~/server/db/client';
import { sticker, stickerRating } from '~/server/db/tables/shop.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { RateStickerResponse, RatingStatusResponse } from '../shop.schema';
import { rateAgainText } from '../shop.constants';
import { ratingSummaries, type StickerRef } from './shop.service';

async function ratingCooldownMs(db: Executor): Promise<number> {
  return (await readEconomySettings(db)).ratingCooldownHours * HOUR_MS;
}

export async function ratingStatus({ db, now }: ServiceContext, actor: Actor): Promise<RatingStatusResponse> {
  const endsAt = await cooldownEndsAt(db, actor.id, 'rating', await ratingCooldownMs(db), now);
  return { nextRatingAt: endsAt?.toISOString() ?? null };
}

/**
 * One rating per member per cooldown across the whole menu, with its XP award, in one transaction: the
 * cooldown is taken by a conditional upsert, so of many ratings at once exactly one is stored and rewarded.
 */
export async function rateSticker(
  { db, now }: ServiceContext,
  actor: Actor,
  { stickerId, ...scores }: StickerRef & { smell: number; taste: number; high: number },
): Promise<RateStickerResponse> {
  const userId = actor.id;
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: sticker.id })
      .from(sticker)
      .where(and(eq(sticker.id, stickerId), eq(sticker.hidden, false)));
    if (!target) throw new AppError('NOT_FOUND', 'This sticker is no longer on the menu.');

    const settings = await readEconomySettings(tx);
    const cooldownMs = settings.ratingCooldownHours * HOUR_MS;
    if (!(await takeCooldown(tx, userId, 'rating', cooldownMs, now))) {
      const endsAt = await cooldownEndsAt(tx, userId, 'rating', cooldownMs, now);
      throw new AppError('ON_COOLDOWN', rateAgainText((endsAt?.getTime() ?? now.getTime()) - now.getTime()), {
        title: 'Already Rated',
      });
    }
    const id = randomUUID();
    await tx.insert(stickerRating).values({ id, stickerId, userId, ...scores, createdAt: now });
    if (settings.ratingXp > 0) {
      await applyAward(tx, {
        userId,
        coins: 0,
        xp: settings.ratingXp,
        reason: 'rating',
        reference: id,
        at: now,
      });
    }
    await publish(tx, 'shop.ratings', { stickerId }, [{ kind: 'everyone' }]);
    const rating = (await ratingSummaries(tx, stickerId)).get(stickerId)!;
    return {
      rating,
      xpAwarded: settings.ratingXp,
      nextRatingAt: new Date(now.getTime() + cooldownMs).toISOString(),
    };
  });
}
