import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { DAY_MS } from '~/shared/time';
import { user } from '~/server/db/tables/auth.tables';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { WeeklyBonusResponse } from '../economy.schema';
import { readEconomySettings } from './economy-settings.service';
import { applyAward } from './ledger.service';

/**
 * Awards the weekly login bonus when the member has never had one or the last is older than the interval.
 * The claim is one conditional update, so many tabs or devices starting at once award it exactly once.
 */
export async function claimWeeklyBonus(
  { db, now }: ServiceContext,
  actor: Actor,
): Promise<WeeklyBonusResponse> {
  return db.transaction(async (tx) => {
    const settings = await readEconomySettings(tx);
    const due = new Date(now.getTime() - settings.weeklyLoginIntervalDays * DAY_MS);
    const [claimed] = await tx
      .update(user)
      .set({ lastWeeklyBonusAt: now })
      .where(and(eq(user.id, actor.id), or(isNull(user.lastWeeklyBonusAt), lte(user.lastWeeklyBonusAt, due))))
      .returning({ id: user.id });
    if (!claimed) return { awarded: false, xp: 0, coins: 0 };
    const xp = settings.weeklyLoginXp;
    const coins = settings.weeklyLoginCoins;
    await applyAward(tx, { userId: actor.id, xp, coins, reason: 'weekly-bonus', at: now });
    return { awarded: true, xp, coins };
  });
}
