import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { KEEP_PICTURES } from './e2e/pictures';

// The browser: CHROMIUM_PATH if set; else Debian's headless shell (`chromium-headless-shell`, Chromium
// without its windowing layer, about a third less CPU per journey) when it is installed and the run is
// headless; else Debian's Chromium. A headed run (`--headed`, `--ui`) needs the full browser: set
// CHROMIUM_PATH=/usr/bin/chromium (PWDEBUG=1 picks it by itself).
const HEADED = !!process.env.PWDEBUG;
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER =
  process.env.CHROMIUM_PATH ??
  (!HEADED && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Browser journeys against the real exchange. Debian's Chromium (or its headless shell) is used;
// Playwright never downloads a browser here. The global setup builds the web app, starts the server
// on a free port with a fresh SQLite file and exports its URL (ORYX_E2E_URL) for the workers; the
// teardown stops it.
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
    reducedMotion: 'reduce',
    // A trace records every step's page as it goes: kept with the screenshots (e2e/pictures.ts).
    trace: KEEP_PICTURES ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: BROWSER,
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
