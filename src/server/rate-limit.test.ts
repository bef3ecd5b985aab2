import { describe, expect, it } from 'vitest';
import { TokenBuckets, tooManyAttempts } from './rate-limit';

const fivePerMinute = { max: 5, windowMs: 60_000 };

describe('token buckets', () => {
  it('allows a burst up to the limit, then refuses and says when the next token arrives', () => {
    const buckets = new TokenBuckets();
    const results = Array.from({ length: 6 }, () => buckets.take('posts:ana', fivePerMinute, 1_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(results[5]!.retryAfterMs).toBeCloseTo(12_000);
  });

  it('refills evenly over the window, and keeps each key apart', () => {
    const buckets = new TokenBuckets();
    for (let i = 0; i < 5; i += 1) buckets.take('posts:ana', fivePerMinute, 0);
    expect(buckets.take('posts:ana', fivePerMinute, 11_000).allowed).toBe(false);
    expect(buckets.take('posts:ana', fivePerMinute, 12_000).allowed).toBe(true);
    expect(buckets.take('posts:bo', fivePerMinute, 12_000).allowed).toBe(true);
  });

  it('forgets buckets that have refilled once it holds too many keys, so memory stays bounded', () => {
    const buckets = new TokenBuckets(3);
    for (const key of ['a', 'b', 'c']) buckets.take(key, fivePerMinute, 0);
    buckets.take('d', fivePerMinute, 60_000);
    expect(buckets.size).toBe(1);
  });
});

describe('the refusal', () => {
  it('is a 429 that says how long to wait, in words and in whole seconds', () => {
    expect(tooManyAttempts(12_000)).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait 12 seconds and try again.',
      retryAfterSeconds: 12,
    });
    expect(tooManyAttempts(299_500)).toMatchObject({
      message: 'Too many attempts. Please wait 5 minutes and try again.',
      retryAfterSeconds: 300,
    });
  });
});
