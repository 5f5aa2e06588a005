import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Three kinds of project: pure unit tests (*.test.ts), the web app's page tests in a DOM (apps/web *.test.tsx,
// each file names its environment in a `@vitest-environment` docblock) and integration tests against a real
// server and database (*.integration.test.ts; `--project 'integration*'` runs both of their projects).
// Browser journeys live in apps/web/e2e and run under Playwright.
//
// Worker counts are set, not left to vitest's default (one fewer than the CPUs: a single worker on a
// two-core CI machine). Every project runs in one group of three workers (vitest wants one worker count
// per group): the integration files wait on their database part of the time, and the pure and page
// tests fill those gaps instead of running in a phase of their own before them (on a quiet two-core
// machine 320 s against 340 s, and 589 against 617 CPU-seconds).
/**
 * Integration files that replace a module (`vi.mock` / `vi.doMock`), found by reading them, so a new one
 * cannot slip into the shared-module project below: they run isolated.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const MOCKING_FILES = ['apps', 'packages', 'db'].flatMap((dir) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.integration.test.ts') && !f.includes('node_modules'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .filter((f) => /\bvi\.(doMock|mock)\(/.test(fs.readFileSync(path.join(root, f), 'utf8'))),
);

const integration = {
  include: ['{apps,packages,db}/**/*.integration.test.ts'],
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  sequence: { groupOrder: 0 },
  // Each test app gets its own fresh database (a copy of a template the global setup migrated and
  // seeded once: apps/server/test/db-template.ts); files run in parallel on separate workers.
  pool: 'forks' as const,
  globalSetup: ['apps/server/test/global-setup.ts'],
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // The size ratchets parse every source file: seconds on a loaded machine, not the default 5.
          testTimeout: 30_000,
          include: ['{apps,packages,db,scripts}/**/*.test.ts'],
          maxWorkers: 3,
          exclude: ['**/node_modules/**', 'apps/web/e2e/**', '**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          maxWorkers: 3,
          environment: 'node',
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          exclude: ['**/node_modules/**', ...MOCKING_FILES],
          maxWorkers: 3,
          // A worker imports the server once for all the files it runs, not once per file (that import,
          // the whole app, cost about as much as the tests themselves). Nothing is shared between files
          // but the loaded code: every test app is built afresh on a database of its own.
          isolate: false,
        },
      },
      {
        // Files that replace a module with vi.mock need a module graph of their own.
        test: { ...integration, name: 'integration-isolated', include: MOCKING_FILES, maxWorkers: 3 },
      },
    ],
  },
});
