import { fileTypeFromBuffer } from 'file-type';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { AppError } from '~/shared/app-error';
import type { SignedInEnv } from '~/server/middleware/access';
import { enforceRateLimit } from '~/server/rate-limit';

/** The types a route takes, read from the bytes (never the name or the browser's word), and the words for others. */
export interface Accepted {
  types: readonly string[];
  refusal: string;
}

export interface UploadRule {
  accept: Accepted;
  /** What the member is told when the form carries no file. */
  missing: string;
  /** The form field that carries the file; 'file' unless said otherwise. */
  field?: string;
}

/** The file the route receives, after every check below: never empty, of an accepted type. */
export interface UploadedFile {
  bytes: Buffer;
  /** The type read from the bytes. */
  type: string;
}

export interface UploadEnv extends SignedInEnv {
  Variables: SignedInEnv['Variables'] & { upload: UploadedFile };
}

const refuse = (message: string) => new AppError('BAD_REQUEST', message, { title: 'Upload Failed' });

/** The upload middlewares, so the API guards can tell an upload route by its handlers. */
const uploadHandlers = new WeakSet<object>();

/**
 * The one way a route takes a file, after its access check: counts the member's upload against the rate limit,
 * reads the multipart form, and refuses a missing, empty or unaccepted file with a clear 400. The route reads the
 * file from `c.get('upload')`. Being in a route is what marks it as an upload route (`isUploadRoute`) for the API
 * guards, which run before anything reads the body: multipart gets through `jsonOnly`, and the body limit is
 * UPLOAD_LIMIT_BYTES instead of JSON's (413).
 */
export function upload(rule: UploadRule) {
  const field = rule.field ?? 'file';
  const handler = createMiddleware<UploadEnv>(async (c, next) => {
    const { ctx, user } = c.var;
    await enforceRateLimit(ctx, `uploads:user:${user.id}`, ctx.config.rateLimits.uploadsPerUser);

    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body[field];
    if (!(file instanceof File)) throw refuse(rule.missing);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.length === 0) throw refuse('The file is empty.');
    const type = (await fileTypeFromBuffer(bytes))?.mime;
    if (!type || !rule.accept.types.includes(type)) throw refuse(rule.accept.refusal);
    c.set('upload', { bytes, type });
    await next();
  });
  uploadHandlers.add(handler);
  return handler;
}

/** Whether the request is for a route that takes an upload (it has the `upload()` middleware). */
export const isUploadRoute = (c: Context): boolean =>
  matchedRoutes(c).some((route) => uploadHandlers.has(route.handler));
