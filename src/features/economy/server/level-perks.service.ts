import { asc, desc, eq, lte, sql } from 'drizzle-orm';
import { levelFromXp } from '~/shared/economy';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { levelPerk } from '~/server/db/tables/loyalty.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { LevelPerk } from '../loyalty.schema';

/** The perk table, lowest level first (the Missions guide and the Economy tab). */
export async function listLevelPerks(db: Executor): Promise<LevelPerk[]> {
  return db
    .select({ fromLevel: levelPerk.fromLevel, percentOff: levelPerk.percentOff })
    .from(levelPerk)
    .orderBy(asc(levelPerk.fromLevel));
}

/** Replaces the whole table in one transaction, audited as the levels and percentages before and after. */
export async function saveLevelPerks(
  { db, now }: ServiceContext,
  actor: Actor,
  { perks }: { perks: LevelPerk[] },
): Promise<LevelPerk[]> {
  return db.transaction(async (tx) => {
    const before = await listLevelPerks(tx);
    const same =
      before.length === perks.length &&
      [...perks]
        .sort((a, b) => a.fromLevel - b.fromLevel)
        .every(
          (perk, index) =>
            perk.fromLevel === before[index]!.fromLevel && perk.percentOff === before[index]!.percentOff,
        );
    if (same) return before;
    // The whole table is replaced: every row goes.
    await tx.delete(levelPerk).where(sql`true`);
    if (perks.length) await tx.insert(levelPerk).values(perks.map((perk) => ({ ...perk, updatedAt: now })));
    const after = await listLevelPerks(tx);
    await writeAudit(tx, {
      eventType: 'LEVEL_PERKS_SET',
      actorId: actor.id,
      meta: { before, after },
      at: now,
    });
    await publish(tx, 'economy.loyalty', {}, [{ kind: 'everyone' }]);
    return after;
  });
}

/** The perk a member's level earns now: the highest level reached that has one; null below every perk. */
export async function levelPerkOf(tx: Executor, userId: string): Promise<LevelPerk | null> {
  const [member] = await tx.select({ xp: user.xp }).from(user).where(eq(user.id, userId));
  const { level } = levelFromXp(member?.xp);
  const [perk] = await tx
    .select({ fromLevel: levelPerk.fromLevel, percentOff: levelPerk.percentOff })
    .from(levelPerk)
    .where(lte(levelPerk.fromLevel, level))
    .orderBy(desc(levelPerk.fromLevel))
    .limit(1);
  return perk ?? null;
}
