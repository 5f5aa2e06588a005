import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests (*.test.ts), the web app's page tests in a DOM (apps/web *.test.tsx, each
// file names its environment in a `@vitest-environment` docblock) and integration tests against a real
// server and database (*.integration.test.ts). Browser journeys live in apps/web/e2e and run under Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages,db}/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/web/e2e/**', '**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,packages,db}/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each test app gets its own fresh database (a copy of a template the global setup migrated and
          // seeded once: apps/server/test/db-template.ts); files run in parallel on separate workers.
          pool: 'forks',
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
