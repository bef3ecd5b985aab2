/**
 * Who may call each API route. Every route declares its access once, beside it (`access()`,
 * src/server/middleware/access.ts). This test holds the code to an independent expectation: the committed
 * `route-access.snapshot`, one line per route, which changes visibly in review. It fails when a route declares
 * no access (or two), when the declarations differ from the snapshot, and when any route answers a visitor, a
 * banned member or any role otherwise than its line says.
 *
 * After a deliberate change (a new route, an access changed), regenerate the snapshot and review its diff:
 *   npx vitest run src/server/route-policy.test.ts -u
 * Lines keep their example paths; a new route with :params gets one with each param as "nothing".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, can, type Capability, type Role } from '~/shared/permissions';
import { cookieHeader } from '~/app/server/testing/members';
import { user } from '~/server/db/tables/auth.tables';
import { insertMember } from '~/app/server/seed/seed';
import { declaredRoutes } from './middleware/access';
import {
  readRouteAccessSnapshot,
  ROUTE_ACCESS_SNAPSHOT,
  type RouteAccessLine,
} from '~/app/server/testing/route-access-snapshot';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

const PASSWORD = 'policy-password-1';
// Every role, from the least to the most privileged.
const ROLE_PERSONAS: Role[] = [...ROLES].reverse();

interface Persona {
  name: string;
  roles: Role[] | null;
  cookie?: string;
  /** Signed in, but not let in by staff (pending or declined): only `own-account` routes answer; others 403 this. */
  refusedWith?: 'ACCOUNT_PENDING' | 'ACCOUNT_DECLINED';
}

let t: TestContext;
const personas: Persona[] = [{ name: 'visitor', roles: null }];

const { header, routes: snapshot } = readRouteAccessSnapshot();

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
  // Under staff approval: a member waiting for a decision, and one declined. Both stay signed in.
  for (const status of ['pending', 'declined'] as const) {
    const email = `${status}@policy.example`;
    await t.database.db.transaction((tx) =>
      insertMember(tx, { name: status, email, roles: ['Member'] }, PASSWORD, now),
    );
    await t.database.db.update(user).set({ status }).where(eq(user.email, email));
    personas.push({
      name: `${status} member`,
      roles: ['Member'],
      cookie: await signIn(email),
      refusedWith: status === 'pending' ? 'ACCOUNT_PENDING' : 'ACCOUNT_DECLINED',
    });
  }
});
afterAll(() => t.close());

/** What a persona should get: 401 for no session, 403 for a missing capability, anything else otherwise. */
function expected(route: RouteAccessLine, persona: Persona): 'unauthorized' | 'forbidden' | 'allowed' {
  if (route.access === 'public') return 'allowed';
  if (!persona.roles) return 'unauthorized';
  if (route.access === 'own-account') return 'allowed';
  if (persona.refusedWith) return 'forbidden';
  if (route.access === 'signed-in') return 'allowed';
  return can({ roles: persona.roles }, route.access as Capability) ? 'allowed' : 'forbidden';
}

const verdict = (status: number) =>
  status === 401 ? 'unauthorized' : status === 403 ? 'forbidden' : 'allowed';

/** The snapshot's text as the code declares it, keeping the committed example paths. */
function snapshotFromCode(): string {
  const examples = new Map(snapshot.map((line) => [`${line.method} ${line.path}`, line.example]));
  const lines = declaredRoutes(t.app).map(({ method, path: routePath, access }) => {
    const example =
      examples.get(`${method} ${routePath}`) ??
      (routePath.includes(':') ? routePath.replace(/:\w+(\{[^}]*\})?/g, 'nothing') : undefined);
    return [method, routePath, access.join('+') || 'none', example].filter(Boolean).join(' ');
  });
  return [...header, ...lines, ''].join('\n');
}

describe('the route policy', () => {
  it('has every API route declare its access exactly once, beside the route', () => {
    const undeclared = declaredRoutes(t.app)
      .filter((route) => route.access.length !== 1)
      .map((route) => `${route.method} ${route.path}: ${route.access.length} access() declarations`);
    expect(undeclared).toEqual([]);
  });

  it('matches the committed route → access snapshot exactly', async () => {
    await expect(snapshotFromCode()).toMatchFileSnapshot(ROUTE_ACCESS_SNAPSHOT);
    const unexampled = snapshot.filter((line) => line.path.includes(':') && !line.example);
    expect(unexampled.map((line) => `${line.method} ${line.path}`)).toEqual([]);
  });

  // Every route as every persona, one call at a time: a few hundred requests, so it gets more than the default.
  it(
    'answers every route as the snapshot says for a visitor, a banned, a pending and a declined member and every role',
    { timeout: 120_000 },
    async () => {
      // Sign-out ends the session it is called with, so it goes last.
      const inCallOrder = [...snapshot].sort(
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
          const want = expected(route, persona);
          let got = verdict(response.status);
          // A member not let in is refused for that reason (so the app shows the review page), never as a role.
          if (persona.refusedWith && got === 'forbidden') {
            const { error } = (await response.json()) as { error: { code: string } };
            if (error.code !== persona.refusedWith) got = `forbidden with ${error.code}` as typeof got;
          } else await response.body?.cancel();
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
