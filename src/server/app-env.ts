import type { RequestIdVariables } from 'hono/request-id';
import type { Config } from './config';
import type { Database } from './db/client';
import type { EventHub } from './events';
import type { Logger } from './logger';
import type { Clock } from '~/shared/time';

/** What the app is built from; tests build it the same way with their own database and clock. */
export interface AppDeps {
  config: Config;
  database: Database;
  hub: EventHub;
  logger: Logger;
  clock: Clock;
}

export interface AppEnv {
  Variables: RequestIdVariables & { deps: AppDeps };
}
