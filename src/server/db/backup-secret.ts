import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { SECRET_FILE } from './backup-archive';
import { BackupError, EMPTY_TARGET_HINT } from './backup-error';

/**
 * The server secret travels with the backup (docs/decisions/005-backup-format.md, issue 20): a database restored
 * without it could not read its sessions or the stored SMS auth token.
 */

type SecretConfig = Pick<Config, 'dataDir'> & Partial<Pick<Config, 'authSecret'>>;

/** Where the server keeps a generated secret (src/server/secrets.ts). */
const generatedSecretOf = (dataDir: string) => path.join(dataDir, 'auth-secret');

/**
 * Copies the server secret into the staging folder (private to this user). Without AUTH_SECRET and without a
 * generated DATA_DIR/auth-secret there is none yet, so nothing can have been encrypted with one: the archive
 * says so (`authSecret: "absent"`).
 */
export function stageSecret(config: SecretConfig, staging: string): boolean {
  const generated = generatedSecretOf(config.dataDir);
  const secret =
    config.authSecret ?? (fs.existsSync(generated) ? fs.readFileSync(generated, 'utf8').trim() : undefined);
  if (!secret) return false;
  fs.mkdirSync(path.join(staging, path.dirname(SECRET_FILE)), { mode: 0o700 });
  fs.writeFileSync(path.join(staging, SECRET_FILE), `${secret}\n`, { mode: 0o600 });
  return true;
}

export function archivedSecret(staging: string): string | undefined {
  const file = path.join(staging, SECRET_FILE);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() || undefined : undefined;
}

/**
 * A restore under another secret would leave sessions invalid and the stored SMS token unreadable: refused
 * before anything is written, with what to do.
 */
export function assertSecretFits(config: SecretConfig, secret: string | undefined): void {
  if (!secret) return;
  if (config.authSecret) {
    if (config.authSecret !== secret) {
      throw new BackupError(
        'This backup was made with a different server secret than AUTH_SECRET. Set AUTH_SECRET to the secret ' +
          `stored in the archive (${SECRET_FILE}: tar -xzOf <archive> ${SECRET_FILE}) and restore again; ` +
          'otherwise sessions and the saved SMS auth token could not be read.',
      );
    }
    return;
  }
  const generated = generatedSecretOf(config.dataDir);
  if (fs.existsSync(generated) && fs.readFileSync(generated, 'utf8').trim() !== secret) {
    throw new BackupError(`${generated} holds another server secret than the backup's. ${EMPTY_TARGET_HINT}`);
  }
}

/** Without AUTH_SECRET the server reads DATA_DIR/auth-secret: the archived secret goes there. */
export function restoreSecret(config: SecretConfig, secret: string | undefined): void {
  if (!secret || config.authSecret) return;
  const generated = generatedSecretOf(config.dataDir);
  if (fs.existsSync(generated)) return;
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(generated, `${secret}\n`, { mode: 0o600, flag: 'wx' });
}
