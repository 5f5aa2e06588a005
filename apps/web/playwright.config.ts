import { defineConfig } from '@playwright/test';
import { KEEP_PICTURES } from './e2e/pictures';

// Browser journeys against the real exchange. Debian's Chromium is used; Playwright never downloads a
// browser here. The global setup builds the web app, starts the server on a free port with a fresh
// SQLite file and exports its URL (ORYX_E2E_URL) for the workers; the teardown stops it.
//
// One worker: the journeys share that server and its demo users (the seller rests the books the spot,
// seconds and leverage journeys trade against, and its balance covers one such book at a time), so they
// run one after another. `npm test` runs the suite as shards at once (E2E_SHARDS), each a list of whole
// spec files (`--test-list`) chosen by their recorded durations (e2e/durations.json, scripts/e2e-shards.mjs)
// and each with its own server, database and output folder (E2E_OUTPUT_DIR), so the shards share nothing.
//
// No retries: a journey that passes only on a second try is a bug to fix (they wait for what they
// assert, never for a fixed time), and a retry would hide it.

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // `npm test` runs shards at once, each with an output folder of its own (Playwright empties it first).
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results/artifacts',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  workers: 1,
  retries: 0,
  // `pnpm test` (scripts/oryx.mjs) sets PLAYWRIGHT_JSON_OUTPUT_NAME to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  // A ceiling, not a wait: the shards share the machine's cores, and a loaded machine is slower still.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1366, height: 860 },
    // A trace records every step's page as it goes: kept with the screenshots (e2e/pictures.ts).
    trace: KEEP_PICTURES ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
