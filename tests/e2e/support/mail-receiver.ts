/**
 * The e2e suite's mail server: an SMTP receiver on 127.0.0.1:VAULT_E2E_SMTP_PORT that keeps every message it is
 * sent as a file in VAULT_E2E_MAIL_DIR, where specs read it (mailbox.ts). playwright.config.ts starts it before
 * the app (whose SMTP_URL points here) and stops it with SIGTERM after the run.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.VAULT_E2E_SMTP_PORT);
const mailDir = process.env.VAULT_E2E_MAIL_DIR;
if (!port || !mailDir)
  throw new Error('VAULT_E2E_SMTP_PORT and VAULT_E2E_MAIL_DIR are set by playwright.config.ts');

const server = new SMTPServer({
  // Plain SMTP on the loopback: no TLS to trust, no sign-in.
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      const file = `${Date.now()}-${randomBytes(4).toString('hex')}.eml`;
      // Written whole under a temporary name, so a reader never sees half a message.
      const temporary = path.join(mailDir, `.${file}`);
      fs.writeFileSync(temporary, Buffer.concat(chunks));
      fs.renameSync(temporary, path.join(mailDir, file));
      callback();
    });
  },
});

server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
