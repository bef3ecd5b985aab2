import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '~/shared/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** GET, HEAD and OPTIONS: they change nothing and the API reads no body from them. */
export const isSafeMethod = (c: Context): boolean => SAFE_METHODS.has(c.req.method);

/**
 * API responses are private and change with every write: never cached by the browser or a proxy. Set on the
 * response's own headers, as secureHeaders does: `c.header()` after the handler would rebuild the response around
 * a stream of its body (about a twentieth of a small read's CPU).
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};

/**
 * State-changing API requests carry JSON (or multipart on the upload routes, which `acceptsMultipart` recognises).
 * Rejecting other types closes the door on cross-site HTML form posts, which browsers send without a CORS preflight.
 */
export function jsonOnly(options: { acceptsMultipart?: (c: Context) => boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (isSafeMethod(c)) return next();
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    const hasBody =
      c.req.header('Content-Length') !== '0' &&
      (c.req.header('Content-Length') || c.req.header('Transfer-Encoding'));
    if (!hasBody && type === '') return next();
    if (type === 'application/json') return next();
    if (type === 'multipart/form-data' && options.acceptsMultipart?.(c)) return next();
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  };
}

/** The first value of a header a proxy may have turned into a list ("https, http"). */
const firstValue = (header: string | undefined) => header?.split(',')[0]?.trim() || undefined;

/**
 * State-changing requests must come from our own pages: the Origin header must be BASE_URL's origin, or, behind a
 * trusted proxy (TRUST_PROXY), the origin the proxy says it was sent to. Never the request's own Host header: a
 * client may set it to anything.
 */
export function sameOrigin(options: { baseUrl: string; trustProxy: boolean }): MiddlewareHandler {
  const configured = new URL(options.baseUrl).origin;
  return async (c, next) => {
    if (isSafeMethod(c)) return next();
    const origin = c.req.header('Origin');
    if (!origin)
      throw new AppError(
        'FORBIDDEN',
        'This request must come from The Vault (the Origin header is missing).',
      );
    if (origin === configured || (options.trustProxy && origin === forwardedOrigin(c.req))) return next();
    throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
  };
}

/** The origin a reverse proxy says the request was sent to, from X-Forwarded-Host and X-Forwarded-Proto. */
function forwardedOrigin(req: { url: string; header(name: string): string | undefined }): string | undefined {
  const host = firstValue(req.header('X-Forwarded-Host'));
  if (!host) return undefined;
  const proto = firstValue(req.header('X-Forwarded-Proto')) ?? new URL(req.url).protocol.slice(0, -1);
  return `${proto}://${host}`;
}
