import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '~/server/db/client';
import { smsRecipient, smsSend } from '~/server/db/tables/sms.tables';
import { signedInWithRoles } from '~/app/server/testing/members';
import { RACE_LIMITS, race } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio';
import { sendDueSms } from './sms-sender';
import { insertSmsMember } from './sms.seed';

// Races that only a real PostgreSQL exposes (PGlite runs one query at a time).
let t: TestContext;
let secondInstance: Database;
let twilio: FakeTwilio;
let admin: { cookie: string };

beforeAll(async () => {
  twilio = await startFakeTwilio();
  t = await createTestContext({ env: { ...RACE_LIMITS, TWILIO_BASE_URL: twilio.baseUrl } });
  secondInstance = await openDatabase({ kind: 'postgres', url: t.databaseUrl!, poolMax: 5 });
  admin = await signedInWithRoles(t, ['Admin']);
  const saved = await t.call(
    'PUT',
    '/api/admin/sms/settings',
    {
      accountSid: `AC${'c3'.repeat(16)}`,
      sender: '+12025550199',
      authToken: 'pg-test-token-1234',
      dailyCap: 100_000,
    },
    { Cookie: admin.cookie },
  );
  expect(saved.status).toBe(200);
  for (let i = 0; i < 3; i += 1) await insertSmsMember(t.database.db);
});
afterAll(async () => {
  await secondInstance.close();
  await t.close();
  await twilio.close();
});

it('20 requests at once with one idempotency key queue one send', async () => {
  const winners = await race({
    contenders: 20,
    setup: async (round) => ({ key: `race-key-${round}-${Date.now()}` }),
    attempt: async ({ key }) => {
      const response = await t.call(
        'POST',
        '/api/admin/sms/sends',
        { segment: 'all', message: 'Once, however many clicks', idempotencyKey: key },
        { Cookie: admin.cookie },
      );
      if (response.status !== 201 && response.status !== 200) throw new Error(await response.text());
      return response.status === 201;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  const sends = await t.database.db.select().from(smsSend);
  expect(sends).toHaveLength(winners.length);
  expect(new Set(sends.map((send) => send.idempotencyKey)).size).toBe(winners.length);
  expect(await t.database.db.select().from(smsRecipient)).toHaveLength(winners.length * 3);
});

it('two instances draining one queue at once send each recipient exactly once', async () => {
  await t.database.db.delete(smsSend).where(eq(smsSend.status, smsSend.status));
  for (let i = 0; i < 40; i += 1) await insertSmsMember(t.database.db);
  const queued = await t.call(
    'POST',
    '/api/admin/sms/sends',
    { segment: 'all', message: 'Two workers, one queue', idempotencyKey: `two-instances-${Date.now()}` },
    { Cookie: admin.cookie },
  );
  expect(queued.status).toBe(201);
  const recipients = await t.database.db.select().from(smsRecipient);
  expect(recipients).toHaveLength(43);
  twilio.requests.length = 0;

  const drainOn = async (db: Database['db']) => {
    let claimed = 0;
    for (;;) {
      const result = await sendDueSms(t.ctx({ db }));
      if (result.claimed === 0) return claimed;
      claimed += result.claimed;
    }
  };
  const [first, second] = await Promise.all([drainOn(t.database.db), drainOn(secondInstance.db)]);
  expect(first + second).toBe(43);

  const sentTo = twilio.requests.map((request) => request.form.To);
  expect(sentTo).toHaveLength(43);
  expect(new Set(sentTo).size).toBe(43);
  expect(sentTo.sort()).toEqual(recipients.map((r) => r.phone).sort());
  const rows = await t.database.db.select().from(smsRecipient);
  expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  const [send] = await t.database.db.select().from(smsSend);
  expect(send?.status).toBe('sent');
});
