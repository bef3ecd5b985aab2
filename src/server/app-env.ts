import type { RequestIdVariables } from 'hono/request-id';
import type { Clock } from '~/shared/time';
import type { Auth } from './auth';
import type { Config } from './config';
import type { Database } from './db/client';
import type { EventHub } from './events';
import type { Logger } from './logger';
import type { Mailer } from './mail';
import type { TokenBuckets } from './rate-limit';
import type { ServiceContext } from './service-context';
import type { ShopName } from './shop-name';
import type { Storage } from './storage';

/** What the app is built from; tests build it the same way with their own database and clock. */
export interface AppDeps {
  config: Config;
  database: Database;
  hub: EventHub;
  logger: Logger;
  clock: Clock;
}

/** What every request handler can reach: the deps plus the auth instance built from them. */
export interface AppServices extends AppDeps {
  auth: Auth;
  storage: Storage;
  mailer: Mailer;
  /** The shop's name in this instance's memory, kept current by the `shop.settings` events it hears. */
  shopName: ShopName;
  /** This instance's in-memory rate limits (middleware/abuse-limits.ts). */
  buckets: TokenBuckets;
}

export interface AppEnv {
  /** `services` for the platform's middleware; `ctx` for handlers to pass to services (service-context.ts). */
  Variables: RequestIdVariables & { services: AppServices; ctx: ServiceContext };
}
