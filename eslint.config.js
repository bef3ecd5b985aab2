import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverOnly = ['**/server/**', '~/server/*', '~/features/*/server/*'];

/**
 * One-way dependencies (docs/structure.md): src/shared <- src/server, src/client (the platform) <- features <- the
 * composition roots. The platform never imports a feature; a feature imports another feature's contracts and
 * constants (`*.schema.ts`, `*.constants.ts` at its root) and services (`server/*.service.ts`), never its UI, routes
 * or other server internals. Only these files compose features:
 */
export const COMPOSITION_ROOTS = [
  'src/server/app.ts',
  'src/server/run-server.ts',
  'src/server/db/seed/**',
  'src/server/testing/**',
  'src/client/router.tsx',
  'src/client/main.tsx',
  'src/client/pages/**',
  'src/client/components/signed-in-layout.tsx',
  'src/client/components/app-header.tsx',
];
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const importsOfFeatures = {
  group: ['~/features/**', '**/features/**'],
  message:
    'Platform code (src/shared, src/server, src/client) never imports a feature; compose it in a root.',
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
      "A feature imports another feature's contracts and constants (*.schema, *.constants) and services (server/*.service) only; its screens are composed in src/client/pages.",
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
    files: ['src/client/**/*.{ts,tsx}', 'src/features/*/client/**/*.{ts,tsx}'],
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
    ignores: ['src/server/config.ts', 'src/server/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
  {
    // The platform does not know the features.
    files: ['src/shared/**/*.{ts,tsx}', 'src/server/**/*.{ts,tsx}', 'src/client/**/*.{ts,tsx}'],
    ignores: COMPOSITION_ROOTS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [importsOfFeatures] }],
    },
  },
  ...FEATURES.map((feature) => ({
    // Features depend on each other one way, through contracts and services.
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherFeatureInternals(feature), leavesTheFeature] }],
    },
  })),
);
