/**
 * Issue 56: sign-ups racing for one e-mail on PostgreSQL make better-auth log the failed insert of each loser,
 * query parameters and all (name, e-mail, Telegram, phone, address). The line goes through the app's logger,
 * which keeps the error's shape and never its values. (PGlite runs the racers one after another: no failed
 * insert, nothing to check, hence PostgreSQL only.)
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registration } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

let t: TestContext;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestContext({
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_SIGN_UP_PER_IP: '100000/60' },
    logTo: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
});
afterAll(() => t.close());

it('keeps a racing sign-up’s personal data out of the log', async () => {
  const marker = `Racer${Date.now().toString(36)}`;
  const input = registration({
    fullName: `${marker} Name`,
    telegram: `@${marker}_tg`,
    address: `${marker} Street 1, Washington, DC`,
    phone: '(202) 555-0177',
  });
  // Rounds until a loser reached the insert (the app's own check turns most away before it).
  for (let round = 0; round < 10 && !logLines.join('').includes('"library":"better-auth"'); round += 1) {
    const racer = { ...input, email: `${round}-${input.email}` };
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => t.call('POST', '/api/accounts/register', racer).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  }
  const log = logLines.join('');
  expect(log).toContain('"library":"better-auth"');
  for (const value of [marker, input.email, '2025550177', '+12025550177']) expect(log).not.toContain(value);
});
