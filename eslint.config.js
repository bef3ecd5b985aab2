import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverOnly = ['**/server/**', '~/server/*', '~/features/*/server/*'];

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
    // Browser code may import server code only as types (the typed clients of feature routers).
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
          ],
        },
      ],
    },
  },
  {
    // Isomorphic code does no I/O and imports nothing that runs on only one side.
    files: ['src/shared/**/*.ts', 'src/features/*/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
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
);
