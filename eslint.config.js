import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint/layers.js';
import server from './eslint/server.js';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'node_modules',
      'coverage',
      'data',
      'test-results',
      'playwright-report',
      'server/src/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The SPA reads runtime values of contract/ only from its zod-free modules (contract/values/*, and
    // contract/spaces.ts): a value import from a module that defines zod schemas brings zod into the
    // page's chunks (decision 0023). Types are free (`import type`). A form that truly shares a zod
    // field with the server is allowlisted below.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/org/lib/org-form.ts', 'src/features/profile/lib/forms.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@contract/(?!values/|spaces$)',
              allowTypeImports: true,
              message:
                'The SPA imports values of contract/ from @contract/values/* (no zod there); types with `import type` (decision 0023).',
            },
          ],
        },
      ],
    },
  },
  {
    // contract/values/* stays free of zod: values from its siblings only, zod and the schema modules as types.
    files: ['contract/values/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(zod$|\\.\\./)',
              allowTypeImports: true,
              message:
                'contract/values/* holds no zod: import values from ./<sibling>, types with `import type`.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The project's boundaries (eslint/layers.js): a break fails `npm run lint` and `npm test`.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts', 'tests/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/imports': 'error', 'layers/file-names': 'error' },
  },
  {
    // The server's modules, routes files and authorisation (eslint/server.js, decision 0038).
    files: ['server/src/**/*.ts'],
    plugins: { server },
    rules: { 'server/boundaries': 'error' },
  },
);
