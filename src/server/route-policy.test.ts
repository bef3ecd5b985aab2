import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, can, type Role } from '~/shared/permissions';
import { cookieHeader } from '~/server/testing/members';
import { user } from '~/server/db/tables/auth.tables';
import { insertMember } from './db/seed/seed';
import { routePolicy, type RoutePolicy } from './route-policy';
import { createTestContext, type TestContext } from './testing/test-context';

const PASSWORD = 'policy-password-1';
// Every role, from the least to the most privileged.
const ROLE_PERSONAS: Role[] = [...ROLES].reverse();

interface Persona {
  name: string;
  roles: Role[] | null;
  cookie?: string;
}

let t: TestContext;
const personas: Persona[] = [{ name: 'visitor', roles: null }];

async function signIn(email: string): Promise<string> {
  const response = await t.call('POST', '/api/accounts/login', {
    email,
    password: PASSWORD,
    rememberMe: true,
  });
  expect(response.status).toBe(200);
  return cookieHeader(response);
}

beforeAll(async () => {
  t = await createTestContext({
    env: { RATE_LIMIT_SIGN_IN_PER_IP: '1000/60', RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000/60' },
  });
  const now = new Date();
  for (const role of [...ROLE_PERSONAS, 'banned' as const]) {
    const email = `${role.replace(/\W/g, '-').toLowerCase()}@policy.example`;
    const roles: Role[] = role === 'banned' ? ['Member'] : [role];
    await t.database.db.transaction((tx) => insertMember(tx, { name: role, email, roles }, PASSWORD, now));
    const cookie = await signIn(email);
    if (role === 'banned')
      await t.database.db.update(user).set({ banned: true }).where(eq(user.email, email));
    personas.push({
      name: role === 'banned' ? 'banned member' : role,
      roles: role === 'banned' ? null : roles,
      cookie,
    });
  }
});
afterAll(() => t.close());

/** What a persona should get: 401 for no session, 403 for a missing capability, anything else otherwise. */
function expected(route: RoutePolicy, persona: Persona): 'unauthorized' | 'forbidden' | 'allowed' {
  if (route.access === 'public') return 'allowed';
  if (!persona.roles) return 'unauthorized';
  if (route.access === 'signed-in') return 'allowed';
  return can({ roles: persona.roles }, route.access) ? 'allowed' : 'forbidden';
}

const verdict = (status: number) =>
  status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'allowed';

describe('the route policy', () => {
  it('lists every API route the app registers, and nothing else', () => {
    const registered = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
        .map((r) => `${r.method} ${r.path}`),
    );
    const listed = new Set(routePolicy.map((r) => `${r.method} ${r.path}`));
    expect([...registered].filter((r) => !listed.has(r))).toEqual([]);
    expect([...listed].filter((r) => !registered.has(r))).toEqual([]);
  });

  // Every route as every persona, one call at a time: a few hundred requests, so it gets more than the default.
  it(
    'answers every route as the policy says for a visitor, a banned member and every role',
    { timeout: 120_000 },
    async () => {
      // Sign-out ends the session it is called with, so it goes last.
      const inCallOrder = [...routePolicy].sort(
        (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
      );
      const mismatches: string[] = [];
      for (const persona of personas) {
        for (const route of inCallOrder) {
          const response = await t.call(
            route.method,
            route.example ?? route.path,
            route.method === 'GET' ? undefined : {},
            persona.cookie ? { Cookie: persona.cookie } : {},
          );
          await response.body?.cancel();
          const want = expected(route, persona);
          const got = verdict(response.status);
          if (got !== want)
            mismatches.push(
              `${persona.name} ${route.method} ${route.path}: wanted ${want}, got ${response.status}`,
            );
        }
      }
      expect(mismatches).toEqual([]);
    },
  );

  it('answers 404 to better-auth’s own endpoints: bans, roles and sessions go only through our services', async () => {
    const owner = personas.find((p) => p.name === 'Owner')!;
    for (const path of [
      '/api/auth/admin/impersonate-user',
      '/api/auth/admin/set-user-password',
      '/api/auth/admin/set-role',
      '/api/auth/admin/ban-user',
      '/api/auth/admin/remove-user',
      '/api/auth/admin/create-user',
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/owner/start-session',
    ]) {
      const response = await t.call('POST', path, { userId: 'x', role: 'Owner' }, { Cookie: owner.cookie! });
      expect(response.status, path).toBe(404);
    }
  });
});
