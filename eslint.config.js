import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverOnly = ['**/server/**', '~/server/*', '~/features/*/server/*'];

/**
 * The layers, top to bottom (docs/structure.md): every import points down.
 *   app       src/app: the composition roots (the client's entry, router and pages; the server's app and start;
 *             the demo seed and the test harness), which put the features together
 *   features  src/features/<name>
 *   platform  src/server, src/client
 *   shared    src/shared
 * Features are ordered too, so they have no cycles: each imports only features after it in this list (and only
 * their contracts, constants and services). A new feature takes its place here; a feature missing from the list
 * fails the lint run.
 */
export const FEATURE_ORDER = [
  // Reads every feature's tables and constants to count them; nothing imports it.
  'insights',
  'profiles',
  'sms',
  'members',
  'audit',
  'delivery',
  'feed',
  'shop',
  'economy',
  'inbox',
  'accounts',
  'notifications',
];
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unordered = FEATURES.filter((feature) => !FEATURE_ORDER.includes(feature));
if (unordered.length) throw new Error(`Add ${unordered.join(', ')} to FEATURE_ORDER in eslint.config.js.`);

/** Tests, and the row builders the seed and tests share, may use the test harness, the seed and the server app. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/*.seed.ts'];
const appLayer = (forTests) => ({
  // A regex, not globs: a glob cannot allow src/app/server/testing once src/app is refused.
  regex: forTests
    ? String.raw`^(~/|.*/)app/(client/|server/(?!testing/|seed/|app$))`
    : String.raw`^(~/|.*/)app/(client|server)/`,
  message: forTests
    ? 'Only the app layer composes the app: a test takes its harness (~/app/server/testing), the seed and the server app, nothing else from src/app.'
    : 'Only the app layer (src/app) composes the app: nothing below it imports it (tests may use ~/app/server/testing).',
});

const importsOfFeatures = {
  group: ['~/features/**', '**/features/**'],
  message:
    'Platform code (src/shared, src/server, src/client) never imports a feature; compose it in src/app.',
};

/** What a file of `feature` may not import: another feature's client, routes or server internals. */
function otherFeatureInternals(feature) {
  return {
    group: [
      '~/features/*/client/**',
      '~/features/*/server/**',
      `!~/features/${feature}/**`,
      '!~/features/*/server/*.service',
      // Row builders shared by the seed and the tests.
      '!~/features/*/server/*.seed',
    ],
    message:
      "A feature imports another feature's contracts and constants (*.schema, *.constants) and services (server/*.service) only; its screens are composed in src/app/client.",
  };
}

/** The features before `feature` in FEATURE_ORDER: it may not import them at all, so features have no cycles. */
function featuresAbove(feature) {
  const above = FEATURE_ORDER.slice(0, FEATURE_ORDER.indexOf(feature));
  return {
    group: above.map((name) => `~/features/${name}/**`),
    message: `Features import only those after them in FEATURE_ORDER (eslint.config.js), so they have no cycles: ${feature} may not import ${above.join(', ')}. Move what both need down, or pass it in from the caller.`,
  };
}

/**
 * A module's code travels whole into the browser's chunk with any of its exports, so a screen that took a text from
 * a contract would load the contract's schemas and zod with it (24 kB gzip on the first load of /feed). Browser code
 * takes only schemas and types from a contract; the texts, limits and helpers come from its zod-free sibling.
 */
const contractValues = {
  group: ['**/*.schema'],
  allowImportNamePattern: '^[a-z]\\w*Schema$',
  allowTypeImports: true,
  message:
    "Browser code takes a contract's schemas and types only; its texts, limits and helpers come from <name>.constants.ts, so a screen that shows a text does not load zod.",
};

/** What isomorphic code may not import; a contract's constants add to it (a later block's options replace these). */
const isomorphicImports = {
  patterns: [
    {
      group: [...serverOnly, '**/client/**', '~/client/*'],
      message: 'Shared code must run on both sides.',
      allowTypeImports: true,
    },
  ],
  paths: ['node:fs', 'node:path', 'pg', '@electric-sql/pglite'].map((name) => ({
    name,
    message: 'Shared code does no I/O.',
  })),
};

/** From features/<f>/client or server, `../../` is features/ itself: a relative path out of the feature. */
const leavesTheFeature = {
  group: ['../../**'],
  message: 'Import another part of the app with ~/, so the boundary lint sees it.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { drizzle },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A Drizzle update or delete without a where clause touches every row.
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    // Browser code may import server code only as types (the typed clients of feature routers), and a contract only
    // for its schemas and types.
    files: [
      'src/client/**/*.{ts,tsx}',
      'src/features/*/client/**/*.{ts,tsx}',
      'src/app/client/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serverOnly,
              message: 'Browser code imports server code only as types.',
              allowTypeImports: true,
            },
            contractValues,
          ],
          paths: [
            {
              name: 'radix-ui',
              importNames: ['DropdownMenu'],
              allowTypeImports: true,
              message:
                'Menus come from ~/client/components/ui/menu: its Radix code loads on demand, off the first load.',
            },
            {
              name: 'radix-ui',
              importNames: ['Dialog'],
              allowTypeImports: true,
              message:
                'Dialogs come from ~/client/components/ui/dialog: its Radix code loads on demand, off the first load.',
            },
            {
              name: 'sonner',
              importNames: ['toast'],
              allowTypeImports: true,
              message: 'Toasts come from ~/client/lib/toast: sonner loads on demand, off the first load.',
            },
          ],
        },
      ],
    },
  },
  {
    // Isomorphic code does no I/O and imports nothing that runs on only one side.
    files: ['src/shared/**/*.ts', 'src/features/*/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', isomorphicImports] },
  },
  {
    // A contract's constants (texts, limits, helpers) are what screens import: they stay free of zod, and take only
    // types from a contract, whose values would bring its schemas and zod along.
    files: ['src/features/*/*.constants.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...isomorphicImports.patterns,
            {
              group: ['**/*.schema'],
              allowTypeImports: true,
              message:
                "A constants module takes only types from a contract: its values would bring the contract's zod schemas to every screen that shows a text.",
            },
          ],
          paths: [
            ...isomorphicImports.paths,
            {
              name: 'zod',
              message:
                'A constants module does not import zod: screens import their texts from it, and zod would come with them to the first load.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the configuration module reads the environment.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/config.ts', 'src/app/server/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
  {
    // The platform does not know the features, nor the app that composes them.
    files: ['src/shared/**/*.{ts,tsx}', 'src/server/**/*.{ts,tsx}', 'src/client/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [importsOfFeatures, appLayer(false)] }],
    },
  },
  {
    files: TEST_FILES.map((pattern) => `src/{shared,server,client}/${pattern}`),
    rules: {
      'no-restricted-imports': ['error', { patterns: [importsOfFeatures, appLayer(true)] }],
    },
  },
  ...FEATURES.flatMap((feature) => [
    {
      // Features depend on each other one way, in FEATURE_ORDER, through contracts and services.
      files: [`src/features/${feature}/**/*.{ts,tsx}`],
      ignores: TEST_FILES,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              appLayer(false),
              featuresAbove(feature),
              otherFeatureInternals(feature),
              leavesTheFeature,
            ].filter((pattern) => pattern.regex || pattern.group.length),
          },
        ],
      },
    },
    {
      // A test may set up its story with any feature's services (an award test places an order), never its
      // screens or routes.
      files: TEST_FILES.map((pattern) => `src/features/${feature}/${pattern}`),
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [appLayer(true), otherFeatureInternals(feature), leavesTheFeature] },
        ],
      },
    },
  ]),
  {
    // No source file grows past 500 lines: split it by job (tests and migrations aside).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}', 'bench/**/*.ts', '*.{ts,js,mjs}'],
    ignores: TEST_FILES,
    rules: { 'max-lines': ['error', { max: 500 }] },
  },
);
