import { HOUR_MS } from '~/shared/time';
import type { Executor } from '~/server/db/client';
import { takeCooldown, type CooldownAction } from './cooldown.service';
import { applyAward } from './ledger.service';

/**
 * Awards: what members earn for what they do, always through the ledger (applyAward). Features call these in the
 * transaction that records the action.
 */

/**
 * Coins and XP for an action, at most once per cooldown (a post, a comment): the cooldown is taken by one conditional upsert
 * in the writing transaction, so of many posts at once exactly one is rewarded. The action itself always happens.
 */
export async function awardOnce(
  tx: Executor,
  award: {
    userId: string;
    action: CooldownAction;
    coins: number;
    xp: number;
    cooldownHours: number;
    reason: string;
    /** What earned it (a post's id), unless that is anonymous: the ledger must not tie a member to it either. */
    reference: string | null;
    at: Date;
  },
): Promise<{ coins: number; xp: number } | null> {
  if (award.coins <= 0 && award.xp <= 0) return null;
  if (!(await takeCooldown(tx, award.userId, award.action, award.cooldownHours * HOUR_MS, award.at)))
    return null;
  await applyAward(tx, {
    userId: award.userId,
    coins: award.coins,
    xp: award.xp,
    reason: award.reason,
    ...(award.reference ? { reference: award.reference } : {}),
    at: award.at,
  });
  return { coins: award.coins, xp: award.xp };
}
