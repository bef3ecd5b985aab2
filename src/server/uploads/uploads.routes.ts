import { Hono } from 'hono';
import { AppError } from '~/shared/app-error';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { UPLOAD_KEY_PATTERN } from '~/server/storage';
import { CONTENT_TYPES } from './image-pipeline';

/**
 * One byte range from a Range header ("bytes=0-1023", "bytes=500-", "bytes=-500") within a file of `size` bytes:
 * the inclusive start and end, 'unsatisfiable' when it lies outside the file, or undefined for no usable header
 * (several ranges, other units): the whole file then, as HTTP allows.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, from, to] = match;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Uploaded files, for signed-in members only, always with our own type and never sniffed or cached publicly.
 * Byte ranges are served too: Safari on iPhone plays a video only from a server that answers them.
 */
export const uploadsRoutes = new Hono<SignedInEnv>().get('/:key', access('signed-in'), async (c) => {
  const key = c.req.param('key');
  const bytes = UPLOAD_KEY_PATTERN.test(key) ? await c.get('services').storage.get(key) : undefined;
  if (!bytes) throw new AppError('NOT_FOUND', 'This file does not exist or has been removed.');
  const headers = {
    'Content-Type': CONTENT_TYPES[key.split('.').pop()!]!,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=31536000, immutable',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': 'inline',
    'Accept-Ranges': 'bytes',
  };
  const range = parseByteRange(c.req.header('Range'), bytes.length);
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${bytes.length}` });
  }
  if (range) {
    return c.body(new Uint8Array(bytes.subarray(range.start, range.end + 1)), 206, {
      ...headers,
      'Content-Range': `bytes ${range.start}-${range.end}/${bytes.length}`,
    });
  }
  return c.body(new Uint8Array(bytes), 200, headers);
});
