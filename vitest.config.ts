import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
//
// A worker imports a file's modules once for all the files it runs of a project (`isolate: false`):
// importing them again for every file (the server, React, the DOM environment) cost as much as the tests
// themselves. Nothing is shared between files but the loaded code. A file that replaces a module
// (`vi.mock` / `vi.doMock`) would leak its replacement into the next file, so such files (found by
// reading them, so a new one cannot slip in) run in an `-isolated` twin of their project.
const root = path.dirname(fileURLToPath(import.meta.url));
const MOCKING_FILES = ['apps', 'packages', 'db', 'scripts'].flatMap((dir) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules') && !f.includes(`e2e${path.sep}`))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
    .filter((f) => /\bvi\.(doMock|mock)\(/.test(fs.readFileSync(path.join(root, f), 'utf8'))),
);
const GROUP = { sequence: { groupOrder: 0 }, maxWorkers: 3 };
const NOT_TESTS = ['**/node_modules/**', 'apps/web/e2e/**'];

/**
 * A project over `include` (the files `isMine` tells apart), and an isolated twin for those among them
 * that replace a module.
 */
function withTwin(
  name: string,
  include: string,
  isMine: (f: string) => boolean,
  test: { exclude?: string[] } & Record<string, unknown>,
  extra = {},
) {
  const mocking = MOCKING_FILES.filter(isMine);
  const project = (over: object) => ({ ...extra, test: { ...GROUP, ...test, ...over } });
  const exclude = [...NOT_TESTS, ...(test.exclude ?? []), ...MOCKING_FILES];
  return [
    project({ name, include: [include], exclude, isolate: false }),
    // An empty include would fall back to vitest's default: no twin without files.
    ...(mocking.length > 0 ? [project({ name: `${name}-isolated`, include: mocking })] : []),
  ];
}

/**
 * Files that take 20 s or more (the slowest files `npm test` prints), started first so none is left
 * running alone at the end. Vitest orders files by the durations it cached on an earlier run, and by
 * size without them, as in a clean clone (CI), where the seeded book replay (small, 40 s) started
 * last. A file missing here only starts in vitest's own order; a stale entry changes nothing.
 */
const SLOW_FIRST = [
  'apps/server/src/modules/ledger/ledger.stream.integration.test.ts',
  'apps/server/src/audits/crash.integration.test.ts',
  'apps/server/src/modules/spot/engine/replay.test.ts',
  'apps/server/src/modules/mark/attacks.integration.test.ts',
  'apps/server/src/modules/funding/evm-sweeps.integration.test.ts',
  'apps/server/src/modules/micro/micro.integration.test.ts',
  'apps/server/src/audits/fuzz.integration.test.ts',
  'apps/server/src/modules/auth/auth.integration.test.ts',
  'apps/server/src/audits/cluster.integration.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(path.relative(root, f.moduleId).split(path.sep).join('/'));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    // A stable sort: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirst },
    projects: [
      ...withTwin(
        'unit',
        '{apps,packages,db,scripts}/**/*.test.ts',
        (f) => f.endsWith('.test.ts') && !f.endsWith('.integration.test.ts'),
        // The size ratchets parse every source file: seconds on a loaded machine, not the default 5.
        { testTimeout: 30_000, environment: 'node', exclude: ['**/*.integration.test.ts'] },
      ),
      ...withTwin(
        'web',
        'apps/web/src/**/*.test.tsx',
        (f) => f.endsWith('.test.tsx'),
        { environment: 'node' },
        {
          resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        },
      ),
      // Each test app gets its own fresh database (a copy of a template the global setup migrated and
      // seeded once: apps/server/test/db-template.ts); files run in parallel on separate workers.
      ...withTwin(
        'integration',
        '{apps,packages,db}/**/*.integration.test.ts',
        (f) => f.endsWith('.integration.test.ts'),
        {
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      ),
    ],
  },
});
