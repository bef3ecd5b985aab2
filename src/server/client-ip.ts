import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address, for rate limits and the owner sign-in's back-off. X-Forwarded-For is believed only behind
 * a proxy we were told about (TRUST_PROXY), and then only its last entry: the address our proxy saw and appended.
 * Entries before it come from the client, who can write anything there ("1.2.3.4, <real address>").
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket: a request made in-process (tests, app.request).
    return 'local';
  }
}
