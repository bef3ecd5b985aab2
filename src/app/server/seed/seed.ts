import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { applyAward } from '~/features/economy/server/ledger.service';
import { seedFeed } from '~/features/feed/server/feed.seed';
import { seedShop } from '~/features/shop/server/shop.seed';
import { seedPromoCodes } from '~/features/economy/server/loyalty.seed';
import { account, user } from '~/server/db/tables/auth.tables';
import { appMeta } from '~/server/db/tables/meta.tables';
import { freeReferralCode, newUserId, referralCodesTaken } from '~/server/auth';
import type { Config } from '~/server/config';
import type { Db, Executor } from '~/server/db/client';
import { hashPassword, verifyPassword } from '~/server/password-hash';
import { OWNER_PASSWORD_HASH_KEY } from '~/features/accounts/server/owner-sign-in.service';

const SEED_MARKER = 'seeded_at';

/** The demo community of a first start: the spec's four approved members with their XP and coins. */
const DEMO_MEMBERS = [
  {
    name: 'Marcus Vale',
    email: 'owner@vault.example',
    roles: ['Owner'],
    xp: 25_000,
    exoticCoins: 50_000,
    telegram: '@marcusvale',
  },
  {
    name: 'Nina Brooks',
    email: 'moderator@vault.example',
    roles: ['Moderator'],
    xp: 8_500,
    exoticCoins: 7_200,
    telegram: '@ninabrooks',
  },
  {
    name: 'Jordan Miles',
    email: 'jordan@vault.example',
    roles: ['Member'],
    xp: 1_250,
    exoticCoins: 1_500,
    telegram: '@jordanmiles',
  },
  {
    name: 'Tasha Reed',
    email: 'tasha@vault.example',
    roles: ['Member'],
    xp: 450,
    exoticCoins: 500,
    telegram: '@tashareed',
  },
] as const;

export interface Credential {
  label: string;
  email?: string;
  password: string;
}

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Creates a member with a password sign-in, as registration would, inside the caller's transaction; the password
 * hashed at `passwordHashCost` (the server's setting; better-auth's when not given).
 */
export async function insertMember(
  tx: Executor,
  member: {
    name: string;
    email: string;
    roles: string[];
    xp?: number;
    exoticCoins?: number;
    telegram?: string;
  },
  password: string,
  now: Date,
  passwordHashCost?: number,
): Promise<string> {
  const id = newUserId();
  await tx.insert(user).values({
    id,
    name: member.name,
    email: member.email.toLowerCase(),
    emailVerified: true,
    role: member.roles[0] ?? 'Member',
    roles: member.roles,
    referralCode: await freeReferralCode(id, referralCodesTaken(tx)),
    telegram: member.telegram ?? '',
    phone: '+12025550100',
    address: '100 Demo Street NW, Washington, DC 20001',
    status: 'approved',
    dataConsent: true,
    smsConsent: false,
    ageConfirmedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(password, passwordHashCost),
    createdAt: now,
    updatedAt: now,
  });
  if (member.xp || member.exoticCoins) {
    await applyAward(tx, {
      userId: id,
      xp: member.xp ?? 0,
      coins: member.exoticCoins ?? 0,
      reason: 'opening-balance',
      at: now,
    });
  }
  return id;
}

/**
 * The owner sign-in password, stored only as a hash. OWNER_PASSWORD (when set) replaces the stored one;
 * otherwise one is generated at first start. Returns the password only when it was generated now, to print once.
 */
export async function ensureOwnerPassword(
  db: Db,
  config: Pick<Config, 'ownerPassword'> & Partial<Pick<Config, 'passwordHashCost'>>,
): Promise<string | undefined> {
  const [stored] = await db.select().from(appMeta).where(eq(appMeta.key, OWNER_PASSWORD_HASH_KEY));
  if (config.ownerPassword) {
    if (stored && (await verifyPassword({ hash: stored.value, password: config.ownerPassword })))
      return undefined;
    const hash = await hashPassword(config.ownerPassword, config.passwordHashCost);
    await db
      .insert(appMeta)
      .values({ key: OWNER_PASSWORD_HASH_KEY, value: hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updatedAt: new Date() } });
    return undefined;
  }
  if (stored) return undefined;
  const password = generatePassword();
  const [claimed] = await db
    .insert(appMeta)
    .values({ key: OWNER_PASSWORD_HASH_KEY, value: await hashPassword(password, config.passwordHashCost) })
    .onConflictDoNothing()
    .returning({ key: appMeta.key });
  // Another instance starting at the same moment won: its password is the one printed.
  return claimed ? password : undefined;
}

/**
 * Demo data, written once per database. The marker row and the data commit together, and the marker's
 * primary key makes a second instance starting at the same moment write nothing. Returns the generated
 * credentials to print once (empty when nothing was seeded).
 */
export async function seedOnce(
  db: Db,
  config: Pick<Config, 'demoPassword'> & Partial<Pick<Config, 'passwordHashCost'>>,
  now = new Date(),
): Promise<Credential[]> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(appMeta)
      .values({ key: SEED_MARKER, value: now.toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (!claimed) return [];
    const credentials: Credential[] = [];
    const memberIds: string[] = [];
    for (const member of DEMO_MEMBERS) {
      const password = config.demoPassword ?? generatePassword();
      memberIds.push(
        await insertMember(
          tx,
          { ...member, roles: [...member.roles] },
          password,
          now,
          config.passwordHashCost,
        ),
      );
      if (!config.demoPassword) credentials.push({ label: member.roles[0], email: member.email, password });
    }
    await seedShop(tx, now);
    await seedPromoCodes(tx, now);
    await seedFeed(tx, memberIds, now);
    return credentials;
  });
}

/**
 * The one-time console note with generated passwords, each under where it is typed: the owner password in the
 * "Sign in as Owner" dialog, the demo members' in the e-mail form. Nothing else ever prints a password.
 */
export function formatCredentials({
  ownerPassword,
  members,
}: {
  ownerPassword?: string | undefined;
  members: Credential[];
}): string {
  const column = (texts: string[]) => Math.max(0, ...texts.map((text) => text.length)) + 2;
  const labelWidth = column(members.map((c) => c.label));
  const emailWidth = column(members.map((c) => c.email ?? ''));
  const rule = `  ${'-'.repeat(78)}`;
  return [
    '',
    rule,
    '  The Vault: generated at first start. Shown once, stored only as hashes. Keep them safe.',
    ...(ownerPassword
      ? [
          '',
          '  Owner password: on /login, "Sign in as Owner" (the dialog asks only for this password)',
          `    ${ownerPassword}`,
        ]
      : []),
    ...(members.length
      ? [
          '',
          '  Demo members: on /login, the e-mail and password form',
          ...members.map(
            (c) => `    ${c.label.padEnd(labelWidth)}${(c.email ?? '').padEnd(emailWidth)}${c.password}`,
          ),
        ]
      : []),
    '',
    '  Lost one? npm run reset-password <email>, or npm run reset-password owner',
    rule,
    '',
  ].join('\n');
}
