import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The one-way import rules of eslint.config.js, proved on sample files (linted as if they stood at these paths):
 * every import points down (app → features → platform → shared): the platform never imports a feature, nothing
 * imports the app layer but tests (its harness, seed and server app), features import only the features after
 * them in FEATURE_ORDER (so no cycles) and never another feature's screens, routes or server internals, and the
 * composition roots in src/app may compose anything. Browser code takes a contract's schemas and
 * types only, and a contract's constants never import zod, so a screen that shows a text does not load it.
 */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function boundaryErrors(
  filePath: string,
  source: string,
  ruleId = 'no-restricted-imports',
): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}

/** What the browser and isomorphic blocks report (typescript-eslint's rule, which allows type-only imports). */
const loadErrors = (filePath: string, source: string) =>
  boundaryErrors(filePath, source, '@typescript-eslint/no-restricted-imports');

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
    ['src/server/sample.ts', '~/app/server/app'],
    ['src/server/db/sample.ts', '../../app/server/seed/seed'],
    ['src/client/lib/sample.ts', '~/app/client/router'],
    ['src/shared/sample.ts', '~/app/server/testing/members'],
    ['src/features/accounts/server/owner-sign-in.service.ts', '~/app/server/seed/seed'],
    ['src/features/feed/server/feed.service.ts', '~/app/server/testing/members'],
    ['src/features/shop/client/sample.tsx', '~/app/client/pages/cart-page'],
  ])('%s (not a test) may not import the app layer: %s', async (file, specifier) => {
    expect(await boundaryErrors(file, uses(specifier))).toEqual([
      expect.stringContaining('Only the app layer (src/app) composes the app'),
    ]);
  });

  it.each([
    ['src/server/sample.test.ts', '~/app/client/router'],
    ['src/features/feed/server/sample.test.ts', '~/app/server/run-server'],
    ['src/features/shop/server/shop.seed.ts', '~/app/client/pages/admin-page'],
  ])(
    'a test at %s takes only the harness, the seed and the server app from the app layer, not %s',
    async (file, specifier) => {
      expect(await boundaryErrors(file, uses(specifier))).toEqual([
        expect.stringContaining('a test takes its harness'),
      ]);
    },
  );

  it.each([
    // The cycles this rule ended: economy ⇄ shop (an award's text took the shop's order number) and accounts ⇄
    // profiles (account settings wrote the member's row through the profiles service).
    ['src/features/economy/server/awards.service.ts', '~/features/shop/orders.constants', 'shop'],
    ['src/features/accounts/server/sample.ts', '~/features/profiles/server/profiles.service', 'profiles'],
    ['src/features/notifications/client/sample.tsx', '~/features/inbox/inbox.schema', 'inbox'],
  ])('%s may not import %s: a feature only imports those after it', async (file, specifier, above) => {
    expect(await boundaryErrors(file, uses(specifier))).toEqual([
      expect.stringMatching(new RegExp(`FEATURE_ORDER.*may not import .*\\b${above}\\b`)),
    ]);
  });

  it.each([
    ['src/features/feed/client/sample.tsx', '~/features/shop/client/menu-page'],
    ['src/features/shop/client/sample.tsx', '~/features/economy/client/reward-cart-line'],
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
    ['src/features/profiles/server/sample.ts', '~/features/accounts/server/account-settings.service'],
    ['src/features/economy/server/sample.test.ts', '~/features/shop/server/orders.service'],
    ['src/features/feed/server/sample.test.ts', '~/app/server/testing/test-context'],
    ['src/server/sample.test.ts', '~/app/server/app'],
    ['src/server/db/sample.test.ts', '../../app/server/seed/seed'],
    ['src/app/client/pages/sample.tsx', '~/features/feed/client/content-tab'],
    ['src/app/client/router.tsx', '~/features/shop/client/menu-page'],
    ['src/app/server/app.ts', '~/features/shop/server/shop.routes'],
    ['src/app/server/testing/sample.ts', '~/features/accounts/server/accounts.service'],
    ['src/app/server/seed/sample.ts', '~/features/feed/server/feed.seed'],
    ['src/app/client/app-header.tsx', '~/features/notifications/client/notification-bell'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await boundaryErrors(file, uses(specifier))).toEqual([]);
  });

  it.each([
    ['src/features/feed/client/sample.tsx', '../feed.schema', 'POST_MAX_LENGTH'],
    ['src/app/client/pages/sample.tsx', '~/features/shop/orders.schema', 'REWARDS_NEED_A_STICKER'],
    ['src/features/shop/client/sample.tsx', '~/features/economy/rewards.schema', 'orderRewardsProblem'],
  ])(
    'browser code at %s may not take the plain value %s#%s from a contract',
    async (file, specifier, name) => {
      expect(await loadErrors(file, uses(specifier, name))).toEqual([
        expect.stringContaining("Browser code takes a contract's schemas and types only"),
      ]);
    },
  );

  it("browser code may take a contract's schemas and types, and the texts from its constants", async () => {
    const source =
      "import { createPostSchema, type CreatePostInput } from '../feed.schema';\n" +
      "import type { PostView } from '../feed.schema';\n" +
      "import { POST_MAX_LENGTH } from '../feed.constants';\n" +
      'export const used: [typeof createPostSchema, CreatePostInput | PostView | undefined, number] = ' +
      '[createPostSchema, undefined, POST_MAX_LENGTH];\n';
    expect(await loadErrors('src/features/feed/client/sample.tsx', source)).toEqual([]);
  });

  it('a constants module may not import zod, nor a value of a contract', async () => {
    expect(await loadErrors('src/features/feed/feed.constants.ts', uses('zod', 'z'))).toEqual([
      expect.stringContaining('A constants module does not import zod'),
    ]);
    expect(
      await loadErrors('src/features/shop/orders.constants.ts', uses('./orders.schema', 'orderIdSchema')),
    ).toEqual([expect.stringContaining('A constants module takes only types from a contract')]);
    const typeOnly = "import type { OrderView } from './orders.schema';\nexport type Used = OrderView;\n";
    expect(await loadErrors('src/features/shop/orders.constants.ts', typeOnly)).toEqual([]);
  });

  it("browser code takes menus from the kit, whose Radix code loads on demand, never Radix's menu itself", async () => {
    expect(await loadErrors('src/features/feed/client/sample.tsx', uses('radix-ui', 'DropdownMenu'))).toEqual(
      [expect.stringContaining('Menus come from ~/client/components/ui/menu')],
    );
    expect(await loadErrors('src/client/components/sample.tsx', uses('radix-ui', 'Tabs'))).toEqual([]);
  });

  it("browser code takes dialogs from the kit, whose Radix code loads on demand, never Radix's dialog itself", async () => {
    expect(await loadErrors('src/features/feed/client/sample.tsx', uses('radix-ui', 'Dialog'))).toEqual([
      expect.stringContaining('Dialogs come from ~/client/components/ui/dialog'),
    ]);
    const typeOnly = "import type { Dialog } from 'radix-ui';\nexport type Used = typeof Dialog;\n";
    expect(await loadErrors('src/client/components/sample.tsx', typeOnly)).toEqual([]);
  });

  it('browser code raises toasts through the kit, whose sonner loads on demand, never with sonner itself', async () => {
    expect(await loadErrors('src/features/shop/client/sample.tsx', uses('sonner', 'toast'))).toEqual([
      expect.stringContaining('Toasts come from ~/client/lib/toast'),
    ]);
    expect(await loadErrors('src/client/components/sample.tsx', uses('sonner', 'Toaster'))).toEqual([]);
  });
});

describe('file length', () => {
  it('no source file grows past 500 lines; tests may', async () => {
    const long = 'export const line = 1;\n'.repeat(501);
    const errors = async (file: string) =>
      (await eslint.lintText(long, { filePath: file }))[0]!.messages.filter((m) => m.ruleId === 'max-lines');
    expect(await errors('src/features/feed/server/feed.service.ts')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('Maximum allowed is 500') }),
    ]);
    expect(await errors('scripts/sample.ts')).toHaveLength(1);
    expect(await errors('src/features/feed/server/feed.test.ts')).toEqual([]);
  });
});
