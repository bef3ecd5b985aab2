import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from './config';
import type { Logger } from './logger';

/** One e-mail: a plain-text body, and the same words as simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * An e-mail written when it is sent, for the shop's name of that moment (its subject and signature carry it; the
 * Settings tab may rename the shop). The app's own messages are drafts (auth-mail.ts).
 */
export type MailDraft = (shopName: string) => MailMessage;
export type Mail = MailMessage | MailDraft;

/**
 * Where e-mail goes. By SMTP (nodemailer) when SMTP_URL and MAIL_FROM are set; otherwise into DATA_DIR/outbox/, one
 * .eml file a message, so the two-command start needs no mail server and an operator can open what was "sent".
 */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Sends now; rejects when the server or the disk refuses it. */
  send(mail: Mail): Promise<void>;
  /**
   * Sends without making the caller wait (a reply must not take longer when an account exists); a failure is
   * logged. `settled()` waits for these, for shutdown and tests.
   */
  sendLater(mail: Mail): void;
  settled(): Promise<void>;
  close(): void;
}

/** The first letter and the domain: enough to tell messages apart in a log, not enough to name anyone. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, '$1…');

/** `shopName`: the shop's name now (shop-name.ts), which drafts are written with and the outbox sends as. */
export function createMailer(config: Config, logger: Logger, shopName: () => Promise<string>): Mailer {
  const transporter: Transporter = config.smtp
    ? nodemailer.createTransport(config.smtp.url)
    : // Builds the whole RFC 5322 message (headers, both bodies) without sending it.
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outboxDir = path.join(config.dataDir, 'outbox');
  const pending = new Set<Promise<void>>();
  // Outbox files sort in the order they were sent, even several in one millisecond (a sign-up's confirmation and
  // a password reset right after it): the time, then this count, taken before the message is built.
  let sent = 0;

  async function send(mail: Mail): Promise<void> {
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String((sent += 1)).padStart(6, '0')}`;
    const needsName = typeof mail === 'function' || !config.smtp;
    const shop = needsName ? await shopName() : '';
    const message = typeof mail === 'function' ? mail(shop) : mail;
    const from = config.smtp?.from ?? { name: shop, address: 'no-reply@localhost' };
    const info = await transporter.sendMail({ from, ...message });
    if (config.smtp) {
      logger.info({ to: maskEmail(message.to), subject: message.subject }, 'E-mail sent by SMTP');
      return;
    }
    await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
    const file = `${name}-${randomBytes(4).toString('hex')}.eml`;
    await fs.writeFile(path.join(outboxDir, file), info.message as Buffer, { mode: 0o600 });
    logger.info(
      { to: maskEmail(message.to), subject: message.subject, file: path.join('outbox', file) },
      'E-mail written to the outbox (no SMTP_URL is set, so nothing left the machine)',
    );
  }

  return {
    transport: config.smtp ? 'smtp' : 'outbox',
    send,
    sendLater(mail) {
      const sending = send(mail)
        .catch((error: unknown) =>
          logger.error(
            { err: error, ...(typeof mail === 'function' ? {} : { subject: mail.subject }) },
            'An e-mail could not be sent',
          ),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
    close() {
      transporter.close();
    },
  };
}
