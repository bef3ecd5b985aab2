import { Hono } from 'hono';
import { AppError } from '~/shared/app-error';
import { requireUser, type SignedInEnv } from '~/server/middleware/require-user';
import { STORAGE_KEY_PATTERN } from '~/server/storage';
import { CONTENT_TYPES } from './image-pipeline';

/** Uploaded files, for signed-in members only, always with our own type and never sniffed or cached publicly. */
export const uploadsRoutes = new Hono<SignedInEnv>().get('/:key', requireUser, async (c) => {
  const key = c.req.param('key');
  const bytes = STORAGE_KEY_PATTERN.test(key) ? await c.get('services').storage.get(key) : undefined;
  if (!bytes) throw new AppError('NOT_FOUND', 'This file does not exist or has been removed.');
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': CONTENT_TYPES[key.split('.').pop()!]!,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=31536000, immutable',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': 'inline',
  });
});
