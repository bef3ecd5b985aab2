// Every table, composed for Drizzle's typed queries. Each domain keeps its tables in db/tables/<domain>.tables.ts.
import * as audit from './tables/audit.tables';
import * as auth from './tables/auth.tables';
import * as economy from './tables/economy.tables';
import * as feed from './tables/feed.tables';
import * as inbox from './tables/inbox.tables';
import * as joinRequests from './tables/join-requests.tables';
import * as loyalty from './tables/loyalty.tables';
import * as meta from './tables/meta.tables';
import * as notifications from './tables/notifications.tables';
import * as orders from './tables/orders.tables';
import * as privacy from './tables/privacy.tables';
import * as shop from './tables/shop.tables';
import * as rateLimit from './tables/rate-limit.tables';
import * as rewards from './tables/rewards.tables';
import * as sms from './tables/sms.tables';

export const tables = {
  ...meta,
  ...auth,
  ...joinRequests,
  ...audit,
  ...rateLimit,
  ...economy,
  ...notifications,
  ...shop,
  ...rewards,
  ...orders,
  ...loyalty,
  ...inbox,
  ...feed,
  ...sms,
  ...privacy,
};
export type Tables = typeof tables;
