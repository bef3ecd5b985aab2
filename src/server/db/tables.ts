// Every table, composed for Drizzle's typed queries. Each domain keeps its tables in db/schema/<domain>.schema.ts.
import * as audit from './schema/audit.schema';
import * as auth from './schema/auth.schema';
import * as economy from './schema/economy.schema';
import * as feed from './schema/feed.schema';
import * as inbox from './schema/inbox.schema';
import * as meta from './schema/meta.schema';
import * as notifications from './schema/notifications.schema';
import * as shop from './schema/shop.schema';
import * as rateLimit from './schema/rate-limit.schema';

export const tables = {
  ...meta,
  ...auth,
  ...audit,
  ...rateLimit,
  ...economy,
  ...notifications,
  ...shop,
  ...inbox,
  ...feed,
};
export type Tables = typeof tables;
