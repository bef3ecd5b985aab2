import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

/**
 * The session-signing secret. Configured (AUTH_SECRET) it is used as is; with PostgreSQL it must be, since
 * every instance needs the same one (config.ts refuses to start without it). With the embedded database it is
 * generated once into the data directory, readable by its owner only.
 */
export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

const derivedKeys = new Map<string, Buffer>();

/**
 * A 32-byte key of its own for one purpose (`salt`, `info`), derived by HKDF-SHA256 from the server secret, so no
 * purpose ever uses the session-signing secret itself. Derived once per secret, data directory and purpose.
 */
export function derivedKey(
  config: Pick<Config, 'authSecret' | 'dataDir'>,
  { salt, info }: { salt: string; info: string },
): Buffer {
  const id = [config.dataDir, config.authSecret ?? '', salt, info].join('\u0000');
  let key = derivedKeys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', resolveAuthSecret(config), salt, info, 32));
    derivedKeys.set(id, key);
  }
  return key;
}
