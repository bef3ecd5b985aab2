import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedPost } from '~/server/db/tables/feed.tables';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

/** The per-member limits (README, "Abuse limits"), set low here so a test reaches them in a few requests. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: {
      RATE_LIMIT_POSTS_PER_USER: '2/600',
      RATE_LIMIT_SEARCHES_PER_USER: '2/60',
      RATE_LIMIT_EXPORTS_PER_USER: '1/3600',
      SSE_MAX_STREAMS_PER_SESSION: '2',
    },
  });
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });

async function expectTooMany(response: Response, waitAtMostSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(waitAtMostSeconds);
  const body = (await response.json()) as { error: { code: string; message: string; title: string } };
  expect(body.error).toMatchObject({ code: 'RATE_LIMITED', title: 'Too Many Attempts' });
  expect(body.error.message).toMatch(
    /^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
  );
}

describe('limits per member', () => {
  it('refuses a post past the limit with 429 and Retry-After, writes nothing, and leaves other members alone', async () => {
    const ana = await signedInMember(t);
    const bo = await signedInMember(t);
    for (const content of ['one', 'two']) {
      expect((await t.call('POST', '/api/feed/posts', { content }, as(ana.cookie))).status).toBe(201);
    }
    await expectTooMany(await t.call('POST', '/api/feed/posts', { content: 'three' }, as(ana.cookie)), 300);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(feedPost)
      .where(eq(feedPost.userId, ana.user.id));
    expect(row?.n).toBe(2);
    expect((await t.call('POST', '/api/feed/posts', { content: 'mine' }, as(bo.cookie))).status).toBe(201);
  });

  it('gives the tokens back as the window passes', async () => {
    const ana = await signedInMember(t);
    for (const content of ['one', 'two'])
      await t.call('POST', '/api/feed/posts', { content }, as(ana.cookie));
    expect((await t.call('POST', '/api/feed/posts', { content: 'x' }, as(ana.cookie))).status).toBe(429);
    t.clock.advance(300_000);
    expect((await t.call('POST', '/api/feed/posts', { content: 'later' }, as(ana.cookie))).status).toBe(201);
  });

  it('counts searches, not plain paging through the feed', async () => {
    const ana = await signedInMember(t);
    for (let page = 0; page < 4; page += 1) {
      expect((await t.call('GET', '/api/feed', undefined, as(ana.cookie))).status).toBe(200);
    }
    for (const q of ['a', 'b']) {
      expect((await t.call('GET', `/api/feed?q=${q}`, undefined, as(ana.cookie))).status).toBe(200);
    }
    await expectTooMany(await t.call('GET', '/api/feed?q=c', undefined, as(ana.cookie)), 60);
    await expectTooMany(await t.call('GET', '/api/inbox/conversations?q=c', undefined, as(ana.cookie)), 60);
  });

  it('counts exports in the database, so the limit holds however many instances there are', async () => {
    const owner = await signedInWithRoles(t, ['Owner']);
    const first = await t.call('GET', '/api/admin/orders/export?view=active', undefined, as(owner.cookie));
    expect(first.status).toBe(200);
    await first.body?.cancel();
    await expectTooMany(
      await t.call('GET', '/api/admin/orders/export?view=active', undefined, as(owner.cookie)),
      3600,
    );
  });
});

describe('open event streams', () => {
  it('allows a few per session, refuses more with 429, and frees a place when one closes', async () => {
    const ana = await signedInMember(t);
    const open = async () => {
      const response = await t.call('GET', '/api/events', undefined, as(ana.cookie));
      expect(response.status).toBe(200);
      const stream = sseReader(response);
      await stream.next((m) => m.event === 'ready');
      return stream;
    };
    const first = await open();
    const second = await open();
    const refused = await t.call('GET', '/api/events', undefined, as(ana.cookie));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).not.toBeNull();
    expect(((await refused.json()) as { error: { title: string } }).error.title).toBe('Too Many Connections');

    // Another session of someone else is not affected.
    const bo = await signedInMember(t);
    const other = await t.call('GET', '/api/events', undefined, as(bo.cookie));
    expect(other.status).toBe(200);
    await other.body?.cancel();

    await first.close();
    await expect
      .poll(async () => {
        const again = await t.call('GET', '/api/events', undefined, as(ana.cookie));
        await again.body?.cancel();
        return again.status;
      })
      .toBe(200);
    await second.close();
  });
});
