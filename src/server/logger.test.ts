import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { user } from '~/server/db/tables/auth.tables';
import { createLogger } from './logger';
import { signedInMember } from './testing/members';
import { createTestContext, type TestContext } from './testing/test-context';

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

  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
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
