import type { Logger } from '../../logger';
import type { Db } from '../client';
import { appMeta } from '../schema/meta.schema';

const SEED_MARKER = 'seeded_at';

/**
 * Demo data, written once per database. The marker row and the data commit together, and the marker's
 * primary key makes a second instance starting at the same moment write nothing.
 */
export async function seedOnce(db: Db, { logger }: { logger: Logger }): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(appMeta)
      .values({ key: SEED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (!claimed) return false;
    return true;
  });
  if (seeded) logger.info('first start: demo data seeded');
  return seeded;
}
