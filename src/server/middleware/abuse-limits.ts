import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { enforceRateLimit, tooManyAttempts } from '../rate-limit';
import type { SignedInEnv } from './access';

/** The per-member limits on frequent and costly actions (config `RATE_LIMIT_*_PER_USER`, README "Abuse limits"). */
export type MemberLimit =
  'posts' | 'comments' | 'messages' | 'reports' | 'ratings' | 'searches' | 'orders' | 'exports';

/**
 * Costly writes are counted in the database, so every instance shares one count; the frequent actions in each
 * instance's memory (a member spread over several instances gets a little more).
 */
const COUNTED_IN_DATABASE: ReadonlySet<MemberLimit> = new Set(['orders', 'exports']);

/**
 * After the session check: one more `name` for this member, or a 429 with Retry-After when they have used up the
 * limit. `when` limits only some requests (a search, not every page of the feed).
 */
export function memberLimit(
  name: MemberLimit,
  options: { when?: (c: Context<SignedInEnv>) => boolean } = {},
) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    if (options.when && !options.when(c)) return next();
    const { config, buckets } = c.get('services');
    const rule = config.rateLimits[name];
    const key = `${name}:user:${c.get('user').id}`;
    if (COUNTED_IN_DATABASE.has(name)) {
      await enforceRateLimit(c.var.ctx, key, rule);
    } else {
      const { allowed, retryAfterMs } = buckets.take(key, rule, c.var.ctx.now.getTime());
      if (!allowed) throw tooManyAttempts(retryAfterMs);
    }
    await next();
  });
}

/** A list request that searches (has a non-empty `q`), as opposed to paging through everything. */
export const isSearch = (c: Context) => (c.req.query('q') ?? '').trim() !== '';
