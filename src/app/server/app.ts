import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { AppError } from '~/shared/app-error';
import { accountsRoutes, avatarRoutes } from '~/features/accounts/server/accounts.routes';
import { auditLogRoutes } from '~/features/audit/server/audit-log.routes';
import { adminMembersRoutes } from '~/features/members/server/members.routes';
import { adminDriversRoutes, dispatchRoutes, driverRoutes } from '~/features/delivery/server/delivery.routes';
import { economyRoutes } from '~/features/economy/server/economy.routes';
import { adminRewardsRoutes, rewardsRoutes } from '~/features/economy/server/rewards.routes';
import { promoCodesRoutes } from '~/features/economy/server/promo-codes.routes';
import { insightsRoutes } from '~/features/insights/server/insights.routes';
import { feedRoutes } from '~/features/feed/server/feed.routes';
import { moderationRoutes } from '~/features/feed/server/moderation.routes';
import { inboxRoutes } from '~/features/inbox/server/inbox.routes';
import { pushRoutes } from '~/features/notifications/server/push.routes';
import { notificationsRoutes } from '~/features/notifications/server/notifications.routes';
import { adminOrdersRoutes, ordersRoutes } from '~/features/shop/server/orders.routes';
import { membersRoutes, profileRoutes } from '~/features/profiles/server/profiles.routes';
import { adminShopRoutes, shopRoutes } from '~/features/shop/server/shop.routes';
import { adminSmsRoutes } from '~/features/sms/server/sms.routes';
import { isUploadRoute } from '~/server/uploads/upload';
import { uploadsRoutes } from '~/server/uploads/uploads.routes';
import type { AppDeps, AppEnv, AppServices } from '~/server/app-env';
import { createAuth } from '~/server/auth';
import { createMailer } from '~/server/mail';
import { eventsRoutes } from '~/server/events.routes';
import { databaseExportRoutes } from '~/server/export/database-export.routes';
import { healthRoutes } from '~/server/health.routes';
import { isSafeMethod, jsonOnly, noStore, sameOrigin } from '~/server/middleware/api-guards';
import { apiNotFound, errorHandler } from '~/server/middleware/errors';
import { refuseForbiddenCharacters } from '~/server/middleware/forbidden-characters';
import { requestLogger } from '~/server/middleware/request-logger';
import { resolveEventViewer } from '~/server/event-viewer';
import { TokenBuckets } from '~/server/rate-limit';
import { resolveAuthSecret } from '~/server/secrets';
import { requestContext } from '~/server/service-context';
import { sessionRoutes } from '~/server/session.routes';
import { ShopName } from '~/server/shop-name';
import { shopNameRoutes } from '~/server/shop-name.routes';
import { staticRoutes } from '~/server/static';
import { S3Storage } from '~/server/s3-storage';
import { LocalStorage } from '~/server/storage';

export interface AppOptions {
  /** Where the built SPA lives (tests point it at a folder of their own). */
  clientDistDir?: string;
  /** Further API routers, mounted under /api before the catch-all 404. */
  routes?: [path: string, router: Hono<AppEnv>][];
}

/** The parts built from the deps once per process: shared by the app and the background jobs. */
export function createServices(deps: AppDeps): AppServices {
  const { config } = deps;
  const shopName = new ShopName(deps.database.db, deps.hub);
  const mailer = createMailer(config, deps.logger, () => shopName.current());
  return {
    ...deps,
    mailer,
    shopName,
    auth: createAuth({
      db: deps.database.db,
      config,
      secret: resolveAuthSecret(config),
      mailer,
      logger: deps.logger,
    }),
    storage: config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.uploadsDir),
    buckets: new TokenBuckets(),
  };
}

export function createApp(services: AppServices, options: AppOptions = {}) {
  const { config, logger } = services;
  const app = new Hono<AppEnv>();

  // 1. Who is asking, and a line in the log for it.
  app.use(requestId());
  app.use(async (c, next) => {
    c.set('services', services);
    c.set('ctx', requestContext(services, c));
    await next();
  });
  app.use(requestLogger(logger));

  // 2. Headers every response carries, unless it set its own.
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers and sonner injects its stylesheet with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      strictTransportSecurity: config.baseUrl.startsWith('https:')
        ? 'max-age=31536000; includeSubDomains'
        : false,
      crossOriginEmbedderPolicy: false,
      // A response that sets a header itself keeps it: files (uploads, avatars) carry a stricter, sandboxed CSP.
      overwrite: false,
    }),
  );

  // 3. The API: bounded bodies, JSON only, same-origin state changes, text a database can store, never cached.
  const api = new Hono<AppEnv>();
  api.use(noStore);
  const tooLarge = () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
  };
  const jsonBodyLimit = bodyLimit({ maxSize: config.bodyLimitBytes, onError: tooLarge });
  const uploadBodyLimit = bodyLimit({ maxSize: config.uploadLimitBytes, onError: tooLarge });
  // A route with the upload() middleware takes multipart, up to UPLOAD_LIMIT_BYTES; every other one JSON. A GET's
  // body is never read, and asking for it would build a whole Web Request for nothing (a few % of every read).
  api.use((c, next) =>
    isSafeMethod(c) ? next() : (isUploadRoute(c) ? uploadBodyLimit : jsonBodyLimit)(c, next),
  );
  api.use(jsonOnly({ acceptsMultipart: isUploadRoute }));
  api.use(sameOrigin({ baseUrl: config.baseUrl, trustProxy: config.trustProxy }));
  api.use(refuseForbiddenCharacters);

  api.route('/health', healthRoutes);
  api.route('/accounts/session', sessionRoutes);
  api.route('/accounts', accountsRoutes);
  api.route('/avatars', avatarRoutes);
  api.route('/admin', adminMembersRoutes);
  api.route('/admin/orders', adminOrdersRoutes);
  api.route('/admin/orders', dispatchRoutes);
  api.route('/admin', adminShopRoutes);
  api.route('/admin/drivers', adminDriversRoutes);
  api.route('/admin/sms', adminSmsRoutes);
  api.route('/admin/export', databaseExportRoutes);
  api.route('/admin/audit-log', auditLogRoutes);
  api.route('/admin/rewards', adminRewardsRoutes);
  api.route('/admin/promo-codes', promoCodesRoutes);
  api.route('/admin/insights', insightsRoutes);
  api.route('/driver', driverRoutes);
  api.route('/economy', economyRoutes);
  api.route('/rewards', rewardsRoutes);
  api.route('/notifications', notificationsRoutes);
  api.route('/push', pushRoutes);
  api.route('/profile', profileRoutes);
  api.route('/members', membersRoutes);
  api.route('/uploads', uploadsRoutes);
  api.route('/shop/name', shopNameRoutes);
  api.route('/shop', shopRoutes);
  api.route('/orders', ordersRoutes);
  api.route('/inbox', inboxRoutes);
  api.route('/feed', feedRoutes);
  api.route('/moderation', moderationRoutes);
  api.route('/events', eventsRoutes(resolveEventViewer));
  for (const [path, router] of options.routes ?? []) api.route(path, router);
  api.all('*', apiNotFound);
  app.route('/api', api);

  // 4. The single-page app for everything else.
  app.route(
    '/',
    staticRoutes(options.clientDistDir, () => services.shopName.current()),
  );

  app.onError(errorHandler(logger));
  return app;
}

export type App = ReturnType<typeof createApp>;
