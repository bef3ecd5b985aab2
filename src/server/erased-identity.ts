import { createHmac } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import type { Config } from './config';
import type { Executor } from './db/client';
import { erasedIdentity } from './db/tables/privacy.tables';
import { derivedKey } from './secrets';

/**
 * A deleted member's e-mail and phone survive only as keyed hashes (HMAC-SHA256, key derived by HKDF from the
 * server secret, which is never stored beside them): enough to tell that a new registration reuses them, not to
 * read them back. Referral awards look here (docs/decisions/025).
 */
type Identity = { email: string; phone: string };
type HashConfig = Pick<Config, 'authSecret' | 'dataDir'>;

const keyFor = (config: HashConfig) =>
  derivedKey(config, { salt: 'the-vault/erased-identity', info: 'identity hashes v1' });

/** The same address however it is typed; a US phone as its last ten digits. */
const normalise = {
  email: (email: string) => email.trim().toLowerCase(),
  phone: (phone: string) => phone.replace(/\D/g, '').slice(-10),
};

/** The hashes of an identity's e-mail and phone (none for an empty one). */
export function identityHashes(
  config: HashConfig,
  identity: Identity,
): { kind: 'email' | 'phone'; hash: string }[] {
  const key = keyFor(config);
  return (['email', 'phone'] as const).flatMap((kind) => {
    const value = normalise[kind](identity[kind]);
    return value ? [{ kind, hash: createHmac('sha256', key).update(value).digest('base64url') }] : [];
  });
}

/** Keeps the hashes of a member's e-mail and phone as they delete their account. */
export async function rememberErasedIdentity(
  tx: Executor,
  config: HashConfig,
  identity: Identity,
  at: Date,
): Promise<void> {
  const hashes = identityHashes(config, identity);
  if (hashes.length === 0) return;
  await tx
    .insert(erasedIdentity)
    .values(hashes.map((entry) => ({ ...entry, erasedAt: at })))
    .onConflictDoNothing();
}

/** Whether this e-mail or phone belonged to a deleted account. */
export async function wasErased(tx: Executor, config: HashConfig, identity: Identity): Promise<boolean> {
  const hashes = identityHashes(config, identity);
  if (hashes.length === 0) return false;
  const [found] = await tx
    .select({ kind: erasedIdentity.kind })
    .from(erasedIdentity)
    .where(or(...hashes.map((h) => and(eq(erasedIdentity.kind, h.kind), eq(erasedIdentity.hash, h.hash)))))
    .limit(1);
  return found !== undefined;
}
