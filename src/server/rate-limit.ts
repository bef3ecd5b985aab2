import { sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import type { Clock } from '~/shared/time';
import { rateLimitCounter } from '~/server/db/tables/rate-limit.tables';
import type { RateLimitRule } from './config';
import type { Executor } from './db/client';

/**
 * Counts one attempt against `key` in a fixed window, in one statement, so concurrent requests on any
 * instance are all counted. Returns whether this attempt is within the limit.
 */
export async function hitRateLimit(
  db: Executor,
  key: string,
  rule: RateLimitRule,
  clock: Clock,
): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const now = clock.now();
  const windowOpenedBefore = new Date(now.getTime() - rule.windowMs);
  const expired = sql`${rateLimitCounter.windowStartedAt} <= ${windowOpenedBefore.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitCounter)
    .values({ key, windowStartedAt: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounter.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitCounter.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${now.toISOString()}::timestamptz ELSE ${rateLimitCounter.windowStartedAt} END`,
      },
    })
    .returning({ count: rateLimitCounter.count, windowStartedAt: rateLimitCounter.windowStartedAt });
  const retryAfterMs = Math.max(0, row!.windowStartedAt.getTime() + rule.windowMs - now.getTime());
  return { allowed: row!.count <= rule.max, retryAfterMs };
}

/** As hitRateLimit, throwing a 429 with a message that says how long to wait. */
export async function enforceRateLimit(
  db: Executor,
  key: string,
  rule: RateLimitRule,
  clock: Clock,
): Promise<void> {
  const { allowed, retryAfterMs } = await hitRateLimit(db, key, rule, clock);
  if (allowed) return;
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  throw new AppError(
    'RATE_LIMITED',
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    {
      title: 'Too Many Attempts',
    },
  );
}
