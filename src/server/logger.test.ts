import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { user } from '~/server/db/tables/auth.tables';
import { createLogger } from './logger';
import { requestLogger } from './middleware/request-logger';
import { signedInMember } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('logs a failed query without the member data in its parameters or the database detail', async () => {
  const { user: member } = await signedInMember(t, {
    fullName: 'Priya Private',
    phone: '(202) 555-0177',
    address: '9 Secret Garden Lane',
  });
  const row = (await t.database.db.select().from(user))[0]!;
  // A second member with the same e-mail: the unique index refuses it, naming the values.
  const failure = await t.database.db
    .insert(user)
    .values({ ...row, id: 'copy-of-member', referralCode: 'VAULT-COPY01' })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(String((failure as Error).message)).toContain(member.email);

  const { lines, sink } = collect();
  createLogger({ nodeEnv: 'production', logLevel: 'info' }, sink).error(
    { err: failure, path: '/api/x' },
    'unhandled error',
  );
  const logged = lines.join('');
  expect(logged).toContain('unhandled error');
  expect(logged).toContain('user_email_unique');
  for (const personal of [member.email, row.name, row.phone, row.address]) {
    expect(logged).not.toContain(personal);
  }
});

it("writes one readable line per request in development, so the first start's passwords stay on screen", async () => {
  const { lines, sink } = collect();
  const logger = createLogger({ nodeEnv: 'development', logLevel: 'info' }, sink);
  const app = new Hono().use(requestId()).use(requestLogger(logger));
  app.get('/api/feed', (c) => c.json({ items: [] }));
  for (const path of ['/api/feed', '/api/feed?cursor=2', '/api/missing']) await app.request(path);

  const written = lines.join('').trimEnd().split('\n');
  expect(written).toHaveLength(3);
  expect(written[0]).toMatch(/INFO.*request.*"method":"GET".*"path":"\/api\/feed".*"status":200/);
  expect(written[2]).toMatch(/"path":"\/api\/missing".*"status":404/);
  // Readable, not JSON lines as in production.
  expect(() => JSON.parse(written[0]!)).toThrow();
});

/** A log destination that keeps what is written. */
function collect() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, sink };
}
