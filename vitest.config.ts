import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests (*.test.ts), the web app's page tests in a DOM (apps/web *.test.tsx, each
// file names its environment in a `@vitest-environment` docblock) and integration tests against a real
// server and database (*.integration.test.ts). Browser journeys live in apps/web/e2e and run under Playwright.
//
// Worker counts are set, not left to vitest's default (one fewer than the CPUs: a single worker on a
// two-core CI machine). The pure and page tests keep the cores busy with two; the integration files,
// which mostly wait for their database, run three at a time, after them.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages,db}/**/*.test.ts'],
          maxWorkers: 2,
          exclude: ['**/node_modules/**', 'apps/web/e2e/**', '**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          maxWorkers: 2,
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
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          // Each test app gets its own fresh database (a copy of a template the global setup migrated and
          // seeded once: apps/server/test/db-template.ts); files run in parallel on separate workers.
          pool: 'forks',
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
