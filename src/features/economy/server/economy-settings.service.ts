import { inArray } from 'drizzle-orm';
import {
  DEFAULT_ECONOMY_SETTINGS,
  ECONOMY_SETTING_KEYS,
  type EconomySettingKey,
  type EconomySettings,
} from '~/shared/economy-settings';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { economySetting } from '~/server/db/tables/economy.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';

/** The settings in force: what the Economy tab saved, the defaults for the rest. A step: runs in the caller's transaction. */
export async function readEconomySettings(db: Executor): Promise<EconomySettings> {
  const stored = await db
    .select({ key: economySetting.key, value: economySetting.value })
    .from(economySetting)
    .where(inArray(economySetting.key, ECONOMY_SETTING_KEYS));
  const settings = { ...DEFAULT_ECONOMY_SETTINGS };
  for (const { key, value } of stored) settings[key as EconomySettingKey] = value;
  return settings;
}

/** Saves the changed settings and audits old and new values in one transaction. */
export async function updateEconomySettings(
  { db, now: at }: ServiceContext,
  actor: Actor,
  changes: Partial<EconomySettings>,
): Promise<EconomySettings> {
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    const before = await readEconomySettings(tx);
    const changed = (Object.entries(changes) as [EconomySettingKey, number | undefined][]).filter(
      ([key, value]) => value !== undefined && before[key] !== value,
    ) as [EconomySettingKey, number][];
    for (const [key, value] of changed) {
      await tx
        .insert(economySetting)
        .values({ key, value, updatedAt: at, updatedBy: actorId })
        .onConflictDoUpdate({
          target: economySetting.key,
          set: { value, updatedAt: at, updatedBy: actorId },
        });
    }
    if (changed.length) {
      await writeAudit(tx, {
        eventType: 'ECONOMY_SETTINGS_UPDATED',
        actorId,
        meta: {
          changes: Object.fromEntries(changed.map(([key, value]) => [key, { old: before[key], new: value }])),
        },
        at,
      });
      await publish(tx, 'economy.settings', {}, [{ kind: 'everyone' }]);
    }
    return { ...before, ...Object.fromEntries(changed) };
  });
}
