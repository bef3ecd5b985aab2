import type { Context } from 'hono';
import type { AppEnv, AppServices } from './app-env';
import type { Auth } from './auth';
import { clientIp } from './client-ip';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './logger';
import type { Mailer } from './mail';
import type { UserRow } from './session';
import type { Storage } from './storage';

/** What a service needs from the request, without seeing the HTTP context. */
export interface RequestMeta {
  headers: Headers;
  /** The client's address (TRUST_PROXY decides whether X-Forwarded-For is believed). */
  ip: string;
}

/**
 * The one thing every service takes first: the platform's parts and the instant the request is handled at.
 * Built once per request by the app (`c.var.ctx`); a background job builds its own with `jobContext()`.
 * Services never see the Hono context.
 */
export interface ServiceContext {
  db: Db;
  /** Read once from the clock: every rule in one request sees the same time. */
  now: Date;
  config: Config;
  storage: Storage;
  auth: Auth;
  logger: Logger;
  /** E-mail to members (sendLater after the transaction that decided to write it). */
  mailer: Mailer;
  request: RequestMeta;
}

/** Who acts: the signed-in member, read fresh this request by `access()`. The one name and type for them. */
export type Actor = UserRow;

export function requestContext(services: AppServices, c: Context<AppEnv>): ServiceContext {
  return {
    ...jobContext(services),
    request: { headers: c.req.raw.headers, ip: clientIp(c, services.config.trustProxy) },
  };
}

/** A context for work no request asked for (the claim sweeper, the media sweeper), read at each run. */
export function jobContext(services: AppServices): ServiceContext {
  return {
    db: services.database.db,
    now: services.clock.now(),
    config: services.config,
    storage: services.storage,
    auth: services.auth,
    logger: services.logger,
    mailer: services.mailer,
    request: { headers: new Headers(), ip: 'internal' },
  };
}
