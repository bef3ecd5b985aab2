import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt, as better-auth hashes them by default (r 16, p 1, a 64-byte key, the password
 * NFKC-normalised, a 16-byte hex salt), with the cost N = 2^PASSWORD_HASH_COST.
 *
 * At better-auth's cost (2^14, the default) a hash is better-auth's own "salt:key", so every hash stored before
 * this module keeps verifying and better-auth could read ours. Another cost is written into the hash
 * ("scrypt:<cost>:salt:key"), so raising the cost later leaves older hashes verifiable. The API tests hash at a low
 * cost (a new member there costs milliseconds, not a tenth of a second); every server runs at 14 unless told.
 */
export const DEFAULT_PASSWORD_HASH_COST = 14;
const R = 16;
const P = 1;
const KEY_BYTES = 64;

function deriveKey(password: string, salt: string, cost: number): Promise<Buffer> {
  const n = 2 ** cost;
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { N: n, r: R, p: P, maxmem: 256 * n * R },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = (await deriveKey(password, salt, cost)).toString('hex');
  return cost === DEFAULT_PASSWORD_HASH_COST ? `${salt}:${key}` : `scrypt:${cost}:${salt}:${key}`;
}

/** Whether `password` is the one hashed; false for a hash this module cannot read. */
export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const parts = hash.split(':');
  const [cost, salt, key] =
    parts.length === 2
      ? [DEFAULT_PASSWORD_HASH_COST, parts[0], parts[1]]
      : parts.length === 4 && parts[0] === 'scrypt'
        ? [Number(parts[1]), parts[2], parts[3]]
        : [NaN, undefined, undefined];
  if (!Number.isInteger(cost) || cost < 1 || cost > 24 || !salt || !key) return false;
  const expected = Buffer.from(key, 'hex');
  const actual = await deriveKey(password, salt, cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The hasher a server uses: its configured cost for new hashes; any cost verifies. */
export function passwordHasher(cost: number) {
  return {
    hash: (password: string) => hashPassword(password, cost),
    verify: verifyPassword,
  };
}
export type PasswordHasher = ReturnType<typeof passwordHasher>;
