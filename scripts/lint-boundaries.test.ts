import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The one-way import rules of eslint.config.js, proved on sample files (linted as if they stood at these paths):
 * the platform never imports a feature, a feature never reaches into another feature's screens, routes or
 * server internals, and the composition roots may compose anything.
 */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const uses = (specifier: string, name = 'thing') =>
  `import { ${name} } from '${specifier}';\nexport const used = ${name};\n`;

describe('import boundaries', () => {
  it.each([
    ['src/server/middleware/sample.ts', '~/features/accounts/server/accounts.service'],
    ['src/server/sample.ts', '~/features/shop/shop.schema'],
    ['src/client/lib/sample.ts', '~/features/accounts/client/accounts.queries'],
    ['src/client/components/sample.tsx', '~/features/inbox/client/inbox.queries'],
    ['src/shared/sample.ts', '~/features/feed/feed.schema'],
  ])('platform code at %s may not import the feature module %s', async (file, specifier) => {
    expect(await boundaryErrors(file, uses(specifier))).toEqual([expect.stringContaining('Platform code')]);
  });

  it.each([
    ['src/features/feed/client/sample.tsx', '~/features/shop/client/menu-page'],
    ['src/features/shop/client/sample.tsx', '~/features/members/client/member-actions'],
    ['src/features/profiles/client/sample.tsx', '~/features/inbox/client/inbox.queries'],
    ['src/features/feed/server/sample.ts', '~/features/inbox/server/inbox.routes'],
    ['src/features/delivery/server/sample.ts', '~/features/shop/server/feed-views'],
    ['src/features/feed/feed.schema.ts', '~/features/accounts/client/login-form'],
  ])('a feature file at %s may not import %s', async (file, specifier) => {
    expect(await boundaryErrors(file, uses(specifier))).toEqual([
      expect.stringContaining("another feature's contracts"),
    ]);
  });

  it('a feature may not reach another feature by a relative path', async () => {
    expect(
      await boundaryErrors('src/features/feed/client/sample.tsx', uses('../../shop/client/menu-page')),
    ).toEqual([expect.stringContaining('Import another part of the app with ~/')]);
  });

  it.each([
    ['src/features/feed/server/sample.ts', '~/features/economy/server/ledger.service'],
    ['src/features/delivery/server/sample.test.ts', '~/features/shop/server/shop.seed'],
    ['src/features/shop/client/sample.tsx', '~/features/accounts/accounts.schema'],
    ['src/features/shop/client/sample.tsx', './orders.queries'],
    ['src/features/shop/client/sample.tsx', '../orders.schema'],
    ['src/features/feed/client/sample.tsx', '~/client/lib/session'],
    ['src/client/pages/sample.tsx', '~/features/feed/client/content-tab'],
    ['src/client/router.tsx', '~/features/shop/client/menu-page'],
    ['src/server/app.ts', '~/features/shop/server/shop.routes'],
    ['src/server/testing/sample.ts', '~/features/accounts/server/accounts.service'],
    ['src/server/db/seed/sample.ts', '~/features/feed/server/feed.seed'],
    ['src/client/components/app-header.tsx', '~/features/notifications/client/notification-bell'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await boundaryErrors(file, uses(specifier))).toEqual([]);
  });
});
