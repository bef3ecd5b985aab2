import { eq, sql } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { rateLimitCounter } from '~/server/db/tables/rate-limit.tables';
import type { RateLimitRule } from './config';
import type { ServiceContext } from './service-context';

/** Where and when an attempt is counted: the request's database and instant. */
type Counting = Pick<ServiceContext, 'db' | 'now'>;

/**
 * Counts one attempt against `key` in a fixed window, in one statement, so concurrent requests on any
 * instance are all counted. Returns whether this attempt is within the limit, and the window's count with it.
 */
export async function hitRateLimit(
  { db, now }: Counting,
  key: string,
  rule: RateLimitRule,
): Promise<{ allowed: boolean; retryAfterMs: number; count: number }> {
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
  return { allowed: row!.count <= rule.max, retryAfterMs, count: row!.count };
}

/**
 * How long until `key` may be tried again under `rule` (0 when it may now), without counting an attempt: for a limit
 * counted only on failures, checked before the attempt so that a refused attempt reveals nothing.
 */
export async function rateLimitWaitMs(
  { db, now }: Counting,
  key: string,
  rule: RateLimitRule,
): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounter.count, windowStartedAt: rateLimitCounter.windowStartedAt })
    .from(rateLimitCounter)
    .where(eq(rateLimitCounter.key, key));
  if (!row || row.count < rule.max) return 0;
  return Math.max(0, row.windowStartedAt.getTime() + rule.windowMs - now.getTime());
}

/** As hitRateLimit, throwing a 429 with a message that says how long to wait. */
export async function enforceRateLimit(ctx: Counting, key: string, rule: RateLimitRule): Promise<void> {
  const { allowed, retryAfterMs } = await hitRateLimit(ctx, key, rule);
  if (!allowed) throw tooManyAttempts(retryAfterMs);
}

/** The one refusal for every limit: a 429 that says how long to wait, in words and in Retry-After. */
export function tooManyAttempts(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return new AppError('RATE_LIMITED', `Too many attempts. Please wait ${wait} and try again.`, {
    title: 'Too Many Attempts',
    retryAfterSeconds: seconds,
  });
}

/**
 * Token buckets in this instance's memory, for the frequent actions (posting, messaging, searching): no database
 * write per request, at the price of each instance counting on its own (README, "Abuse limits"). A bucket holds
 * `rule.max` tokens and refills them evenly over `rule.windowMs`.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number; windowMs: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  take(key: string, rule: RateLimitRule, now: number): { allowed: boolean; retryAfterMs: number } {
    const perMs = rule.max / rule.windowMs;
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(rule.max, bucket.tokens + (now - bucket.at) * perMs) : rule.max;
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now, windowMs: rule.windowMs });
      return { allowed: false, retryAfterMs: (1 - tokens) / perMs };
    }
    if (!bucket && this.buckets.size >= this.maxKeys) this.forgetFull(now);
    this.buckets.set(key, { tokens: tokens - 1, at: now, windowMs: rule.windowMs });
    return { allowed: true, retryAfterMs: 0 };
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Buckets untouched for a whole window are full again: forgetting them changes nothing. */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.at >= bucket.windowMs) this.buckets.delete(key);
    }
  }
}
