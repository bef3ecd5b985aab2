import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Quoted-printable soft line breaks and =XX escapes undone, so a long link reads whole. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The link to `pathname` (/reset-password) in the newest message the e2e mail receiver got for `to`, waiting for
 * it to arrive (the app sends mail in the background).
 */
export async function linkInMail(to: string, pathname: string): Promise<string> {
  const mailDir = process.env.VAULT_E2E_MAIL_DIR!;
  const pattern = new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[^\\s"<>]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs
          .readdirSync(mailDir)
          .filter((file) => file.endsWith('.eml'))
          .sort()
          .reverse();
        for (const file of files) {
          const message = decodeQuotedPrintable(fs.readFileSync(path.join(mailDir, file), 'utf8'));
          if (!new RegExp(`^To: ${to}$`, 'mi').test(message)) continue;
          link = pattern.exec(message)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { message: `an e-mail to ${to} with a link to ${pathname}` },
    )
    .toBeDefined();
  return link!;
}
