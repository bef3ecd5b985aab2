import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '~/shared/app-error';

/** A UTF-16 surrogate without its other half: it has no UTF-8 form. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** NUL and lone surrogates: PostgreSQL cannot store either in a text column. */
function isForbidden(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Percent-decodes what decodes; a malformed escape stays as written, as the router sees it. */
function decodePercent(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (escape) => {
    try {
      return decodeURIComponent(escape);
    } catch {
      return escape;
    }
  });
}

/** Every string in a parsed JSON value, object keys included, without recursion (nesting can be deep). */
function jsonHasForbidden(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (isForbidden(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (isForbidden(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

async function jsonBody(c: Context): Promise<unknown> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' || !c.req.raw.body) return undefined;
  // Hono caches the text, so the route's own parsing reads the same body; a body that is not JSON is its to refuse.
  const text = await c.req.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Refuses, for every API route at once, a request whose path, query (names and values) or JSON body (keys and
 * values) holds a character no text column can store, instead of letting the database fail with a 500.
 */
export const refuseForbiddenCharacters: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  const inUrl =
    isForbidden(decodePercent(url.pathname)) ||
    [...url.searchParams].some(([name, value]) => isForbidden(name) || isForbidden(value));
  if (inUrl || jsonHasForbidden(await jsonBody(c))) {
    throw new AppError('BAD_REQUEST', 'The request contains characters that are not allowed.');
  }
  return next();
};
