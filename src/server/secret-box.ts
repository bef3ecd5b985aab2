import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from './config';
import { resolveAuthSecret } from './secrets';

/**
 * Secrets the app must read back (the SMS provider's auth token), encrypted at rest: AES-256-GCM with a key
 * derived by HKDF-SHA256 from the server secret (AUTH_SECRET, or the one generated into DATA_DIR). The stored text
 * is `v1.<iv>.<tag>.<ciphertext>` (base64url). A database copied without the server secret cannot be read; a
 * backup therefore carries the secret (src/server/db/backup-secret.ts).
 */
export interface SecretBox {
  seal(plaintext: string): string;
  /** The plaintext, or undefined when the text was sealed with another secret or is damaged. */
  open(sealed: string): string | undefined;
}

const VERSION = 'v1';
// Fixed per purpose: a key for stored secrets is never the session-signing key itself.
const SALT = 'the-vault/secret-box';
const INFO = 'stored secrets v1';

export function createSecretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, SALT, INFO, 32));
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

const boxes = new Map<string, SecretBox>();

/** The box for this installation's server secret (resolved once per secret and data directory). */
export function secretBoxFor(config: Pick<Config, 'authSecret' | 'dataDir'>): SecretBox {
  const id = `${config.dataDir}\u0000${config.authSecret ?? ''}`;
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(resolveAuthSecret(config));
    boxes.set(id, box);
  }
  return box;
}
