import fs from 'node:fs';
import path from 'node:path';
import type { TestContext } from './test-context';

/** An e-mail as a test reads it: who it went to, its subject and the app link in it. */
export interface ReadMail {
  to: string;
  subject: string;
  link: string | undefined;
  raw: string;
}

/** Undoes quoted-printable (soft line breaks and =XX), as nodemailer encodes long lines. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Reads one whole RFC 5322 message, as the outbox stores it or an SMTP server receives it. */
export function readMail(message: string): ReadMail {
  const decoded = decodeQuotedPrintable(message);
  return {
    to: /^To: (.+)$/m.exec(message)?.[1]?.trim() ?? '',
    subject: /^Subject: (.+)$/m.exec(message)?.[1]?.trim() ?? '',
    link: /https?:\/\/[^\s"<]+\/(?:reset-password|verify-email)\?token=[^\s"<&]+/.exec(decoded)?.[0],
    raw: decoded,
  };
}

/** Every message in the app's outbox (DATA_DIR/outbox), oldest first, once the ones on their way are written. */
export async function outbox(t: TestContext): Promise<ReadMail[]> {
  await t.mailer.settled();
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => readMail(fs.readFileSync(path.join(dir, file), 'utf8')));
}

/** The newest message to `to`; fails the test when there is none. */
export async function lastMailTo(t: TestContext, to: string): Promise<ReadMail> {
  const found = (await outbox(t)).filter((mail) => mail.to === to).at(-1);
  if (!found) throw new Error(`no e-mail to ${to} in the outbox`);
  return found;
}

/** The token of an app link. */
export const tokenOf = (link: string | undefined) =>
  new URL(link ?? 'http://missing').searchParams.get('token') ?? '';
