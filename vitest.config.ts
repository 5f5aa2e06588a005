import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests (*.test.ts) and integration tests against a real server and database
// (*.integration-test.ts). Browser journeys live in apps/web/e2e and run under Playwright.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages,db}/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/web/e2e/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,packages,db}/**/*.integration-test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file gets its own fresh database; files run in parallel on separate workers.
          pool: 'forks',
        },
      },
    ],
  },
});
