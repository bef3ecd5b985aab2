import { and, eq } from 'drizzle-orm';
import { account, session, user } from '~/server/db/tables/auth.tables';
import { appMeta } from '~/server/db/tables/meta.tables';
import type { Db } from '~/server/db/client';
import { hashPassword } from '~/server/password-hash';
import { OWNER_PASSWORD_HASH_KEY } from '~/features/accounts/server/owner-sign-in.service';
import { generatePassword } from './seed';
import { endUserStreams } from '~/server/events';

/**
 * For an operator who lost a password: sets a new one (generated unless given) for the member with this email,
 * or for the owner sign-in when the target is "owner", and ends the member's sessions. Returns the password.
 */
export async function resetPassword(db: Db, target: string, chosen?: string, cost?: number): Promise<string> {
  const password = chosen ?? generatePassword();
  const hash = await hashPassword(password, cost);
  if (target === 'owner') {
    await db
      .insert(appMeta)
      .values({ key: OWNER_PASSWORD_HASH_KEY, value: hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updatedAt: new Date() } });
    return password;
  }
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, target.trim().toLowerCase()));
    if (!member) throw new Error(`No member has the email ${target}.`);
    const updated = await tx
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, member.id), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    if (updated.length === 0) throw new Error(`${target} has no password sign-in.`);
    await tx.delete(session).where(eq(session.userId, member.id));
    await endUserStreams(tx, member.id);
  });
  return password;
}
