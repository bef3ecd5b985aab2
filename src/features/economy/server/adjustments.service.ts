import { and, asc, eq, ilike } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { hasRole } from '~/shared/permissions';
import { notify } from '~/features/notifications/server/notifications.service';
import { writeAudit } from '~/server/audit';
import { user } from '~/server/db/tables/auth.tables';
import { likePattern } from '~/server/pagination';
import type { Actor, ServiceContext } from '~/server/service-context';
import { avatarUrlOf } from '~/server/session';
import type { AdjustBalanceResponse, BalanceHolder } from '../economy.schema';
import { readEconomySettings } from './economy-settings.service';
import { applyAward } from './ledger.service';
import { inGoodStanding } from '~/server/member-standing';

const MATCHES_SHOWN = 10;

/** Members by name for the adjustment form: name and balance only (Economy Managers do not see contact details). */
export async function findBalanceHolders(
  { db }: ServiceContext,
  { q }: { q: string },
): Promise<{ members: BalanceHolder[] }> {
  const rows = await db
    .select()
    .from(user)
    .where(and(inGoodStanding, ilike(user.name, likePattern(q))))
    .orderBy(asc(user.name), asc(user.id))
    .limit(MATCHES_SHOWN);
  return {
    members: rows.map((row) => ({
      id: row.id,
      fullName: row.name,
      avatarUrl: avatarUrlOf(row),
      coins: row.exoticCoins,
      xp: row.xp,
    })),
  };
}

const signed = (n: number, unit: string) => (n === 0 ? null : `${n > 0 ? '+' : ''}${n} ${unit}`);

/**
 * Adds or removes coins or XP for a member by hand, with the reason they will read: the ledger row, the audit row
 * and the member's notification in one transaction. Nobody adjusts their own balance; an adjustment above the
 * economy setting needs the Owner; a removal below zero is refused, naming the balance, and changes nothing.
 */
export async function adjustBalance(
  { db, now }: ServiceContext,
  actor: Actor,
  input: { memberId: string; coins: number; xp: number; reason: string },
): Promise<AdjustBalanceResponse> {
  if (input.memberId === actor.id) {
    throw new AppError('FORBIDDEN', 'You cannot adjust your own balance. Ask another staff member.', {
      title: 'Not Allowed',
    });
  }
  return db.transaction(async (tx) => {
    const settings = await readEconomySettings(tx);
    const size = Math.max(Math.abs(input.coins), Math.abs(input.xp));
    if (size > settings.adjustmentOwnerThreshold && !hasRole(actor, 'Owner')) {
      throw new AppError(
        'FORBIDDEN',
        `Adjustments over ${settings.adjustmentOwnerThreshold.toLocaleString('en-US')} coins or XP need the Owner.`,
        { title: 'Owner Needed' },
      );
    }
    const [member] = await tx.select().from(user).where(eq(user.id, input.memberId)).for('update');
    if (!member) throw new AppError('NOT_FOUND', 'This member does not exist or has been removed.');
    if (member.exoticCoins + input.coins < 0 || member.xp + input.xp < 0) {
      throw new AppError(
        'NOT_ENOUGH_COINS',
        `${member.name} has ${member.exoticCoins.toLocaleString('en-US')} coins and ${member.xp.toLocaleString('en-US')} XP: an adjustment cannot take a balance below zero.`,
        { title: 'Balance Too Low', fields: { coins: 'More than the member has.' } },
      );
    }
    const balance = await applyAward(tx, {
      userId: member.id,
      coins: input.coins,
      xp: input.xp,
      reason: 'adjustment',
      note: input.reason,
      at: now,
    });
    await writeAudit(tx, {
      eventType: 'BALANCE_ADJUSTED',
      actorId: actor.id,
      meta: { memberId: member.id, coins: input.coins, xp: input.xp, reason: input.reason },
      at: now,
    });
    const change = [signed(input.coins, 'coins'), signed(input.xp, 'XP')].filter(Boolean).join(' and ');
    await notify(tx, {
      userId: member.id,
      message: `The Vault Team adjusted your balance: ${change}. Reason: ${input.reason}`,
      link: '/profile',
      from: 'staff',
      at: now,
    });
    return { member: { id: member.id, fullName: member.name, coins: balance.exoticCoins, xp: balance.xp } };
  });
}
