import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isErrorBody } from '~/shared/app-error';
import { insertMember } from '~/app/server/seed/seed';
import { cookieHeader } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

/**
 * Generated input to every write route, sent by a member allowed to call it (an Owner who also drives): wrong
 * types, huge and empty strings, unicode, nulls, extreme numbers, extra fields, `__proto__` keys, arrays for
 * objects, malformed JSON, odd query strings and path ids. Whatever arrives: never a 5xx, a refusal always has
 * the documented error shape, and a refusal changes no row.
 *
 * FUZZ_RUNS sets the inputs per route: a few in `npm test`, 1,000 in `npm run test:stress`.
 */
const RUNS = inject('fuzzRuns');
const SEED = inject('fuzzSeed');
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Ending the session would leave the rest of the run signed out; sign-in routes have their own tests.
const SKIPPED = new Set(['POST /api/accounts/logout']);
// Tables a refusal may legitimately touch: rate-limit counters, and the session's last-seen refresh.
const VOLATILE_TABLES = new Set(['rate_limit_counter', 'session', '__drizzle_migrations']);
/** Field names the contracts use, so generated bodies reach the validators' deeper checks too. */
const FIELD_NAMES = [
  'name',
  'content',
  'email',
  'password',
  'roles',
  'status',
  'etaMinutes',
  'isOnline',
  'isApprovedDriver',
  'recipientId',
  'viewing',
  'isAnonymous',
  'mediaId',
  'reason',
  'smell',
  'taste',
  'high',
  'overall',
  'prices',
  'type',
  'description',
  'hidden',
  'deliveryFeeCents',
  'lines',
  'deliveryMethod',
  'address',
  'phone',
  'idempotencyKey',
  'quantity',
  'size',
  'stickerId',
  'pickupLocation',
  'notes',
  'telegram',
  'bio',
  '__proto__',
  'constructor',
  'prototype',
];

const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -1, 1.5, -1e308, 1e308, Number.MAX_SAFE_INTEGER + 2, '', ' '),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constant('x'.repeat(70_000)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), tie('value'), {
      maxKeys: 6,
    }),
  ),
})).value;

/** A request body as sent: JSON of anything, or text that is not quite JSON. */
const rawBody = fc.oneof(
  { weight: 6, arbitrary: jsonValue.map((value) => JSON.stringify(value) ?? 'null') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{',
      '',
      '{"__proto__":{"roles":["Owner"]},"name":"x"}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]',
      '"just a string"',
    ),
  },
);

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('q', 'cursor', 'limit', 'view', 'scope', 'before'), fc.string()),
      fc.string(),
    ),
    {
      maxLength: 3,
    },
  )
  .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs)}` : ''));

let t: TestContext;
let cookie: string;
const knownIds: string[] = [];

beforeAll(async () => {
  t = await createTestContext({
    env: { RATE_LIMIT_SIGN_IN_PER_IP: '100000/60', RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '100000/60' },
  });
  const email = 'fuzz-owner@fuzz.example';
  const ownerId = await t.database.db.transaction((tx) =>
    insertMember(
      tx,
      { name: 'Fuzz Owner', email, roles: ['Owner', 'Driver'] },
      'fuzz-password-1',
      new Date(),
    ),
  );
  const signedIn = await t.call('POST', '/api/accounts/login', {
    email,
    password: 'fuzz-password-1',
    rememberMe: true,
  });
  expect(signedIn.status).toBe(200);
  cookie = cookieHeader(signedIn);
  const post = await t.call(
    'POST',
    '/api/feed/posts',
    { content: 'A post to aim at', isAnonymous: false },
    { Cookie: cookie },
  );
  knownIds.push(ownerId, ((await post.json()) as { post: { id: string } }).post.id);
});
afterAll(() => t?.close());

/** Raw SQL's rows (PGlite and node-postgres both answer with `rows`). */
async function rowsOf<T>(query: ReturnType<typeof sql.raw>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table's rows, hashed in one query: equal before and after means nothing was written. */
async function fingerprint(): Promise<string> {
  const rows = await rowsOf<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = rows.map((row) => row.table_name).filter((name) => !VOLATILE_TABLES.has(name));
  const parts = tables.map((name) => `select '${name}' || t::text as r from "${name}" t`);
  const [row] = await rowsOf<{ hash: string | null }>(
    sql.raw(`select md5(string_agg(r, '|' order by r)) as hash from (${parts.join(' union all ')}) rows`),
  );
  return row?.hash ?? '';
}

function writeRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return t.app.routes
    .filter((route) => WRITE_METHODS.has(route.method) && route.path.startsWith('/api/'))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key) || SKIPPED.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** `/api/feed/posts/:postId/like` with each parameter filled: a real id now and then, otherwise anything. */
const pathFor = (path: string) => {
  const params = path.match(/:\w+(\{[^}]*\})?/g) ?? [];
  return fc
    .tuple(...params.map(() => fc.oneof(fc.constantFrom(...knownIds), fc.string({ maxLength: 300 }))))
    .map((values) =>
      params.reduce((url, param, i) => url.replace(param, encodeURIComponent(values[i]!) || '-'), path),
    );
};

describe('generated input to every write route', () => {
  it('finds the write routes to fuzz', () => {
    expect(writeRoutes().length).toBeGreaterThan(30);
  });

  it(
    'never answers 5xx, always refuses in the documented shape, and a refusal changes nothing',
    { timeout: 600_000 },
    async () => {
      const failures: string[] = [];
      for (const route of writeRoutes()) {
        let before = await fingerprint();
        await fc.assert(
          fc.asyncProperty(pathFor(route.path), queryString, rawBody, async (url, query, body) => {
            const response = await t.app.request(url + query, {
              method: route.method,
              headers: { Origin: t.config.baseUrl, 'Content-Type': 'application/json', Cookie: cookie },
              body,
            });
            const text = await response.text();
            const after = await fingerprint();
            const label = `${route.method} ${url}${query} ${body.slice(0, 200)} -> ${response.status}`;
            if (response.status >= 500) failures.push(`${label}: ${text.slice(0, 200)}`);
            if (response.status >= 400) {
              let parsed: unknown;
              try {
                parsed = JSON.parse(text);
              } catch {
                parsed = undefined;
              }
              if (!isErrorBody(parsed)) failures.push(`${label}: not the error shape: ${text.slice(0, 200)}`);
              if (after !== before) failures.push(`${label}: refused, but rows changed`);
            }
            before = after;
          }),
          { numRuns: RUNS, ...(SEED === -1 ? {} : { seed: SEED }) },
        );
      }
      expect(failures).toEqual([]);
    },
  );
});
