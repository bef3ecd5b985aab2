import { randomUUID } from 'node:crypto';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';

let counter = 0;

/**
 * A member row as an SMS recipient rule sees it (no sign-in): by default approved, not banned, with SMS consent
 * and a phone. Override any of those to build the members a segment must leave out.
 */
export async function insertSmsMember(
  db: Executor,
  fields: {
    name?: string;
    roles?: string[];
    smsConsent?: boolean;
    status?: string;
    banned?: boolean;
    phone?: string;
  } = {},
): Promise<{ id: string; name: string; phone: string }> {
  counter += 1;
  const id = `user_sms_${randomUUID()}`;
  const name = fields.name ?? `SMS Member ${counter}`;
  const phone = fields.phone ?? `+1202555${String(1000 + (counter % 9000)).padStart(4, '0')}`;
  const roles = fields.roles ?? ['Member'];
  await db.insert(user).values({
    id,
    name,
    email: `${id}@sms.example`,
    emailVerified: true,
    role: roles[0] ?? 'Member',
    roles,
    referralCode: `SMS${id.slice(-12).toUpperCase()}`,
    phone,
    status: fields.status ?? 'approved',
    banned: fields.banned ?? false,
    smsConsent: fields.smsConsent ?? true,
    dataConsent: true,
  });
  return { id, name, phone };
}
