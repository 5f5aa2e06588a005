#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`), `npm run bench` and the root scripts that run a
// package's script (`npm run db:migrate`, `npm run ledger:check`, `npm run test:e2e`), runnable on a fresh
// clone with only Node.js and npm: pnpm is fetched from the npm registry through npx at the pinned
// version (or the pnpm on PATH when it is that version), and dependencies are installed first.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = JSON.parse(
  fs.readFileSync(path.join(root, 'package.json'), 'utf8'),
).packageManager.split('@')[1];
const isCI = process.env.CI === 'true' || process.env.CI === '1';

function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}
const PNPM = pnpmCommand();

function run(label, args, opts = {}) {
  const [cmd, ...rest] = [...PNPM, ...args];
  console.log(`\n▶ ${label}: ${[cmd, ...rest].join(' ')}`);
  const r = spawnSync(cmd, rest, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  return r.status ?? 1;
}
function must(label, args, opts) {
  const status = run(label, args, opts);
  if (status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${status})`);
    process.exit(status);
  }
}

function install() {
  // Frozen in CI so the committed lockfile is what gets tested. better-sqlite3 compiles with node-gyp
  // rather than asking for a prebuilt binary from outside the npm registry (npm's own config file would
  // warn about this key, so it travels in the environment of the install only).
  must('install', ['install', ...(isCI ? ['--frozen-lockfile'] : ['--prefer-offline'])], {
    env: { npm_config_build_from_source: 'true' },
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function start() {
  install();
  must('build web app', ['--filter', '@oryx/web', 'build']);
  const [cmd, ...rest] = [...PNPM, '--filter', '@oryx/server', 'start'];
  const child = spawn(cmd, rest, { cwd: root, stdio: 'inherit', env: process.env });
  const forward = (sig) => child.kill(sig);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 0));
}

function test() {
  install();
  const out = path.join(root, 'test-results');
  fs.mkdirSync(out, { recursive: true });
  const steps = [];
  const step = (label, args, opts) => {
    const status = run(label, args, opts);
    steps.push({ label, status });
    return status;
  };
  step('typecheck', ['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']);
  step('lint', ['run', 'lint']);
  const vitestJson = path.join(out, 'vitest.json');
  fs.rmSync(vitestJson, { force: true });
  step('unit and integration tests', [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
  const pwJson = path.join(out, 'playwright.json');
  fs.rmSync(pwJson, { force: true });
  step('browser end-to-end tests', ['--filter', '@oryx/web', 'e2e'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
  });

  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const v = readJson(vitestJson);
  if (v) {
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
    skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  }
  const p = readJson(pwJson);
  if (p?.stats) {
    passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected ?? 0;
    skipped += p.stats.skipped ?? 0;
  }
  const failedSteps = steps.filter((s) => s.status !== 0);
  // A failed step with no failing test (typecheck, lint, a crashed runner) still counts as a failure.
  const stepFailures = failedSteps.length > 0 && failed === 0 ? failedSteps.length : 0;
  console.log('\nSteps: ' + steps.map((s) => `${s.label} ${s.status === 0 ? 'ok' : 'FAILED'}`).join(', '));
  console.log(`${passed} passed, ${failed + stepFailures} failed, ${skipped} skipped`);
  process.exit(failedSteps.length > 0 ? 1 : 0);
}

function bench() {
  install();
  must('bench', ['--filter', '@oryx/server', 'bench']);
  // The web app's first visit: JS/CSS weight per page and first paint on a slow 4G profile.
  must('page weight', ['--filter', '@oryx/web', 'bench']);
}

// A package's script, with the arguments given after the command; exits with its status (ledger:check
// tells consistent 0, broken 1 and could not run 2 apart).
const PACKAGE_SCRIPTS = {
  'db:migrate': ['--filter', '@oryx/server', 'db:migrate'],
  'ledger:check': ['--filter', '@oryx/server', 'ledger:check'],
  'test:e2e': ['--filter', '@oryx/web', 'e2e'],
};

function packageScript(name, extra) {
  install();
  process.exit(run(name, [...PACKAGE_SCRIPTS[name], ...extra]));
}

const cmd = process.argv[2];
if (cmd === 'start') await start();
else if (cmd === 'test') test();
else if (cmd === 'bench') bench();
else if (cmd in PACKAGE_SCRIPTS) packageScript(cmd, process.argv.slice(3));
else {
  console.error(`usage: node scripts/oryx.mjs start|test|bench|${Object.keys(PACKAGE_SCRIPTS).join('|')}`);
  process.exit(2);
}
