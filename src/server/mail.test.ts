import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';
import { outbox, readMail, tokenOf, type ReadMail } from '~/app/server/testing/mail';
import { registration } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

/** A real SMTP server on a free local port that keeps what it receives, with the envelope. */
function startReceiver() {
  const received: (ReadMail & { from: string; rcpt: string[] })[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          ...readMail(Buffer.concat(chunks).toString('utf8')),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcpt: session.envelope.rcptTo.map((to) => to.address),
        });
        callback();
      });
    },
  });
  return new Promise<{ port: number; received: typeof received; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.server.address() as AddressInfo).port,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let t: TestContext;
beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestContext({
    env: { SMTP_URL: `smtp://127.0.0.1:${receiver.port}`, MAIL_FROM: 'The Vault <vault@vault.test>' },
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('e-mail by SMTP', () => {
  it('sends the reset link through the SMTP server, and the link works', async () => {
    const input = registration();
    expect((await t.call('POST', '/api/accounts/register', input)).status).toBe(201);
    expect((await t.call('POST', '/api/accounts/forgot-password', { email: input.email })).status).toBe(200);
    await t.mailer.settled();

    const mail = receiver.received.find((m) => m.subject === 'Reset your password for The Vault')!;
    expect(mail.from).toBe('vault@vault.test');
    expect(mail.rcpt).toEqual([input.email.toLowerCase()]);
    expect(mail.raw).toContain('The link works once, for 1 hour.');
    expect(mail.link).toMatch(/^http:\/\/vault\.test\/reset-password\?token=/);
    // The registration's confirmation link went the same way, and nothing was written to the outbox.
    expect(receiver.received.some((m) => m.subject === 'Confirm your e-mail for The Vault')).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'outbox'))).toBe(false);

    const reset = await t.call('POST', '/api/accounts/reset-password', {
      token: tokenOf(mail.link),
      password: 'a new and long password',
    });
    expect(reset.status).toBe(200);
    const login = await t.call('POST', '/api/accounts/login', {
      email: input.email,
      password: 'a new and long password',
    });
    expect(login.status).toBe(200);
  });

  it('is configured with both SMTP_URL and MAIL_FROM, or neither', () => {
    expect(() => parseConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(ConfigError);
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@b.c' })).toThrow(ConfigError);
    expect(parseConfig({}).smtp).toBeUndefined();
    expect(
      parseConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'The Vault <v@x.y>' }).smtp,
    ).toEqual({
      url: 'smtps://u:p@mail.example:465',
      from: 'The Vault <v@x.y>',
    });
  });
});

describe('e-mail to the outbox', () => {
  it('lists messages in the order they were sent, however many share a millisecond', async () => {
    const t = await createTestContext();
    try {
      const subjects = Array.from({ length: 30 }, (_, i) => `Message ${i}`);
      for (const subject of subjects)
        t.mailer.sendLater({ to: 'order@vault.example', subject, text: subject, html: subject });
      expect((await outbox(t)).map((mail) => mail.subject)).toEqual(subjects);
    } finally {
      await t.close();
    }
  });
});
