import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

export const clientDistDir = path.resolve(import.meta.dirname, '../../dist/client');

/** Pages no search engine should list. */
const NOINDEX = [/^\/admin(\/|$)/, /^\/driver-queue(\/|$)/];

/**
 * The built single-page app: hashed assets cached for a year, everything else revalidated, and any other
 * path answered with index.html so the client router can take it.
 */
export function staticRoutes(distDir = clientDistDir) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(distDir, 'index.html');
  const cacheFor = (value: string) =>
    createMiddleware(async (c, next) => {
      await next();
      if (c.res.ok) c.res.headers.set('Cache-Control', value);
    });
  app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'), serveStatic({ root: distDir }));
  app.use('*', cacheFor('no-cache'), serveStatic({ root: distDir }));
  app.get('*', (c) => {
    if (!fs.existsSync(indexPath)) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    if (NOINDEX.some((pattern) => pattern.test(c.req.path))) c.header('X-Robots-Tag', 'noindex, nofollow');
    return c.html(fs.readFileSync(indexPath, 'utf8'));
  });
  return app;
}
