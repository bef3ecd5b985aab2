import { eq } from 'drizzle-orm';
import type { RegisterInput } from '~/features/accounts/accounts.schema';
import type { SessionResponse } from '~/shared/session';
import { user } from '~/server/db/tables/auth.tables';
import { insertMember } from '~/app/server/seed/seed';
import type { TestContext } from '~/app/server/testing/test-context';

let counter = 0;

/** A valid registration, unique per call; override any field. */
export function registration(overrides: Record<string, unknown> = {}): RegisterInput {
  counter += 1;
  return {
    fullName: `Member ${counter}`,
    email: `member${counter}-${Date.now()}@vault.example`,
    password: 'correct horse battery',
    telegram: `@member${counter}`,
    phone: '(202) 555-0147',
    address: '1600 Example Ave NW, Washington, DC 20500',
    ageConfirmed: true,
    dataConsent: true,
    smsConsent: false,
    ...overrides,
  } as RegisterInput;
}

/** The session cookie pair to send back, from a response's Set-Cookie headers. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Registers and signs in a new member; returns their cookie and session user. */
export async function signedInMember(t: Pick<TestContext, 'call'>, overrides: Record<string, unknown> = {}) {
  const input = registration(overrides);
  const registered = await t.call('POST', '/api/accounts/register', input);
  if (registered.status !== 201) throw new Error(`registration failed: ${await registered.text()}`);
  const login = await t.call('POST', '/api/accounts/login', { email: input.email, password: input.password });
  if (login.status !== 200) throw new Error(`sign-in failed: ${await login.text()}`);
  const body = (await login.json()) as SessionResponse;
  return { cookie: cookieHeader(login), user: body.user!, input };
}

let staffCounter = 0;
const STAFF_PASSWORD = 'staff-password-1';

/** A member created with these roles (as the seed creates them), signed in; returns their id and cookie. */
export async function signedInWithRoles(
  t: TestContext,
  roles: string[],
  fields: { name?: string; isApprovedDriver?: boolean; isOnline?: boolean } = {},
) {
  staffCounter += 1;
  const email = `staff${staffCounter}-${Date.now()}@vault.example`;
  const name = fields.name ?? `${roles.join(' ')} ${staffCounter}`;
  const id = await t.database.db.transaction(async (tx) => {
    const created = await insertMember(
      tx,
      { name, email, roles },
      STAFF_PASSWORD,
      t.clock.now(),
      t.config.passwordHashCost,
    );
    if (fields.isApprovedDriver !== undefined || fields.isOnline !== undefined) {
      await tx
        .update(user)
        .set({ isApprovedDriver: fields.isApprovedDriver ?? false, isOnline: fields.isOnline ?? false })
        .where(eq(user.id, created));
    }
    return created;
  });
  const login = await t.call('POST', '/api/accounts/login', { email, password: STAFF_PASSWORD });
  if (login.status !== 200) throw new Error(`sign-in failed: ${await login.text()}`);
  return { id, email, name, cookie: cookieHeader(login) };
}
