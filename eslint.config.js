// One lint setup for the whole repository (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.turbo/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // process.env is read in exactly one place per app (env.ts).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts.' },
      ],
    },
  },
  {
    files: [
      'apps/server/src/env.ts',
      'scripts/**',
      '**/*.config.ts',
      '**/*.config.js',
      'apps/web/e2e/**',
      '**/*.integration.test.ts',
      'apps/server/test/**',
      'apps/server/bench/**',
      'apps/web/bench/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Tests read loosely-typed reply bodies; production code may not.
    files: [
      '**/*.test.ts',
      '**/*.integration.test.ts',
      '**/test-helpers.ts',
      'apps/server/test/**',
      'apps/web/e2e/**',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
