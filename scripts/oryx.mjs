#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`), `npm run bench` and the root scripts that run a
// package's script (`npm run db:migrate`, `npm run ledger:check`, `npm run test:e2e`) and `pnpm typecheck`, runnable on a fresh
// clone with only Node.js and npm: pnpm is fetched from the npm registry through npx at the pinned
// version (or the pnpm on PATH when it is that version), and dependencies are installed first. Work whose
// inputs have not changed since it was last done (the install, the web build, the server bundle) is
// skipped, so a second `npm start` only starts the server.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reportDurations, specFiles, splitByDuration, updatedDurations } from './e2e-shards.mjs';

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
let pnpm;
// Looked up on first use: a warm start that installs and builds nothing never runs pnpm.
const PNPM = () => (pnpm ??= pnpmCommand());

function run(label, args, opts = {}) {
  const [cmd, ...rest] = [...PNPM(), ...args];
  console.log(`\n▶ ${label}: ${[cmd, ...rest].join(' ')}`);
  const started = performance.now();
  const r = spawnSync(cmd, rest, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  console.log(`◀ ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return r.status ?? 1;
}
/** `run` without waiting: several at once, each output line prefixed with its label's last word. */
function runAsync(label, args, opts = {}) {
  const [cmd, ...rest] = opts.direct ? args : [...PNPM(), ...args];
  const tag = `[${label.split(' ').pop()}] `;
  console.log(`\n▶ ${label}: ${[cmd, ...rest].join(' ')}`);
  const started = performance.now();
  const child = spawn(cmd, rest, {
    cwd: path.join(root, opts.cwd ?? ''),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...opts.env },
  });
  const prefix = (stream, to) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) to.write(tag + line + '\n');
    });
    stream.on('end', () => rest && to.write(tag + rest + '\n'));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      console.log(`◀ ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      resolve(code ?? 1);
    });
  });
}
function must(label, args, opts) {
  const status = run(label, args, opts);
  if (status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${status})`);
    process.exit(status);
  }
}

// Stamps of work done: the install, the web build and the server bundle are skipped while what they were made from is
// unchanged. They live under node_modules, so removing node_modules forgets them.
const STAMPS = path.join(root, 'node_modules', '.cache', 'oryx');
const WORKSPACES = ['apps', 'packages'].flatMap((dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, dir, d.name, 'package.json')))
    .map((d) => `${dir}/${d.name}`),
);
WORKSPACES.push('db');

/** A hash of the given files and directories (recursively, less the names in `skip`) and values. */
function hashOf(entries, values = [], skip = new Set()) {
  const hash = createHash('sha256');
  const add = (rel) => {
    const abs = path.join(root, rel);
    let stat;
    try {
      stat = fs.statSync(abs);
    } catch {
      hash.update(`${rel}\0missing\0`);
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) if (!skip.has(name)) add(path.join(rel, name));
    } else {
      hash.update(`${rel}\0${stat.size}\0`).update(fs.readFileSync(abs));
    }
  };
  for (const e of entries) add(e);
  hash.update(JSON.stringify(values));
  return hash.digest('hex');
}

function stamped(name, value) {
  try {
    return fs.readFileSync(path.join(STAMPS, name), 'utf8') === value;
  } catch {
    return false;
  }
}
function stamp(name, value) {
  fs.mkdirSync(STAMPS, { recursive: true });
  fs.writeFileSync(path.join(STAMPS, name), value);
}

function install() {
  // Skipped while the lockfile, the workspace's package.json files, Node and pnpm are what the last
  // install saw and every workspace still has its node_modules.
  const inputs = [
    'package.json',
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    ...WORKSPACES.map((w) => `${w}/package.json`),
  ];
  const key = hashOf(inputs, [process.version, process.platform, process.arch, PNPM_VERSION, isCI]);
  // A workspace with no dependencies (packages/pol-verify) gets no node_modules folder of its own.
  const hasDeps = (w) => {
    const pkg = readJson(path.join(root, w, 'package.json'));
    return Object.keys({ ...pkg?.dependencies, ...pkg?.devDependencies }).length > 0;
  };
  const present = ['.', ...WORKSPACES]
    .filter(hasDeps)
    .every((w) => fs.existsSync(path.join(root, w, 'node_modules')));
  if (present && stamped('install', key)) {
    console.log('\n▶ install: up to date');
    return;
  }
  // Frozen in CI so the committed lockfile is what gets tested. No dependency downloads anything at
  // install time: the SQLite binding's prebuilt binaries are inside its npm package.
  must('install', ['install', ...(isCI ? ['--frozen-lockfile'] : ['--prefer-offline'])]);
  stamp('install', key);
}

/** Builds the web app unless its sources, the packages it imports and its settings are unchanged. */
function buildWeb() {
  const skip = new Set([
    'node_modules',
    'dist',
    'e2e',
    'bench',
    'test-results',
    'playwright-report',
    '.turbo',
    'tsconfig.tsbuildinfo',
  ]);
  const env = Object.entries(process.env).filter(([k]) => k.startsWith('VITE_') || k === 'NODE_ENV');
  const key = hashOf(['apps/web', 'packages', 'pnpm-lock.yaml'], env.sort(), skip);
  // The built index.html (it names every hashed asset) is part of the stamp: a build made by other
  // means since is not taken for this one.
  const built = () => hashOf(['apps/web/dist/index.html']);
  if (
    fs.existsSync(path.join(root, 'apps/web/dist/index.html')) &&
    stamped('web-build', `${key} ${built()}`)
  ) {
    console.log('\n▶ build web app: up to date');
    return;
  }
  must('build web app', ['--filter', '@oryx/web', 'build']);
  stamp('web-build', `${key} ${built()}`);
}

/** Per test file: its wall time in a vitest JSON report (start to end of the file). */
function vitestFiles(report) {
  return (report?.testResults ?? []).map((f) => ({
    file: path.relative(root, f.name),
    ms: Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)),
  }));
}

/** Per spec file: the summed durations of its tests' runs (retries included) in a Playwright JSON report. */
function playwrightFiles(report, dir) {
  return reportDurations(report).map(({ file, ms }) => ({ file: path.join(dir, file), ms }));
}

const E2E_DIR = path.join(root, 'apps/web/e2e');
/** Each spec file's duration in ms, from the reports of a full `npm test` (`node scripts/oryx.mjs e2e:durations`). */
const E2E_DURATIONS = path.join(E2E_DIR, 'durations.json');
const TEST_RESULTS = path.join(root, 'test-results');
/** The Playwright JSON reports of `npm test`'s shards: test-results/playwright-<n>.json. */
const playwrightReports = () =>
  fs.existsSync(TEST_RESULTS)
    ? fs
        .readdirSync(TEST_RESULTS)
        .filter((f) => /^playwright-\d+\.json$/.test(f))
        .map((f) => path.join(TEST_RESULTS, f))
    : [];

/**
 * Rewrites apps/web/e2e/durations.json from the Playwright reports the last `npm test` left in
 * test-results/ (a spec file no report ran, or one that failed there, keeps its record).
 */
function e2eDurations() {
  const reports = playwrightReports().map(readJson).filter(Boolean);
  if (reports.length === 0) {
    console.error('No test-results/playwright-<n>.json: run `npm test` first.');
    process.exit(2);
  }
  const previous = readJson(E2E_DURATIONS) ?? {};
  const next = updatedDurations(previous, reports, specFiles(E2E_DIR));
  fs.writeFileSync(E2E_DURATIONS, JSON.stringify(next, null, 2) + '\n');
  const changed = Object.keys(next).filter((f) => next[f] !== previous[f]);
  console.log(
    `${path.relative(root, E2E_DURATIONS)}: ${Object.keys(next).length} spec files, ${changed.length} changed`,
  );
}

/** The ten slowest files of one runner and the sum over all its files (comparable across machine loads). */
function printSlowest(runner, files) {
  if (files.length === 0) return;
  const total = files.reduce((ms, f) => ms + f.ms, 0);
  const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`\nSlowest ${runner} files (${files.length} files, ${secs(total)} summed):`);
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`  ${secs(f.ms).padStart(8)}  ${f.file}`);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The server (apps/server/src/server.ts) as one ES module, apps/server/dist/server.mjs, that Node runs
 * without a TypeScript loader: esbuild bundles the server's own code and the workspace packages
 * (`@oryx/contracts`, `@oryx/i18n`, `@oryx/db`...: a few hundred files, well under a second) and leaves
 * every npm dependency to node_modules. The bundle sits where src/ does, two folders below the
 * repository, so paths made from its `import.meta.url` are the same (the SQLite checkpoint worker is
 * code passed to `new Worker` as a string); worker threads' entries (`*.worker.ts`) are bundled beside
 * it. Rebuilt only when its sources change. Returns the bundle's path.
 */
function buildServer() {
  const server = path.join(root, 'apps/server');
  const pkg = readJson(path.join(server, 'package.json'));
  const entry = 'src/server.ts';
  const out = path.join(server, 'dist', 'server.mjs');
  const sources = [
    'apps/server/src',
    'apps/server/package.json',
    'apps/server/tsconfig.json',
    'tsconfig.base.json',
  ];
  const key = hashOf(
    [...sources, 'db', 'packages', 'pnpm-lock.yaml'],
    [entry],
    new Set(['node_modules', 'dist']),
  );
  if (!(fs.existsSync(out) && stamped('server-build', key))) {
    const started = performance.now();
    const esbuild = createRequire(path.join(server, 'package.json'))('esbuild');
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    // Worker threads' entries (`src/**/*.worker.ts`) become bundles of their own beside the server's,
    // dist/<name>.worker.mjs, where lib/worker-entry.ts starts them from.
    const workers = fs
      .readdirSync(path.join(server, 'src'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.worker.ts'));
    esbuild.buildSync({
      entryPoints: {
        [path.basename(out, '.mjs')]: path.join(server, entry),
        ...Object.fromEntries(workers.map((f) => [path.basename(f, '.ts'), path.join(server, 'src', f)])),
      },
      outdir: path.dirname(out),
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      external: deps.filter((d) => !d.startsWith('@oryx/')),
      sourcemap: true,
      logLevel: 'warning',
    });
    stamp('server-build', key);
    console.log(
      `\n▶ build server: ${path.relative(root, out)} (${Math.round(performance.now() - started)} ms)`,
    );
  } else console.log('\n▶ build server: up to date');
  return out;
}

/**
 * Installs and builds what changed, then runs the server's bundle in this very process: one Node
 * process serves the API, the socket and the built web app. The server prints its start-up time from
 * this process's start (the install and build checks included) to ready (GET /readyz would answer 200).
 */
async function start() {
  install();
  buildWeb();
  const bundle = buildServer();
  console.log(`\n▶ server: ${path.relative(root, bundle)} (in this process, pid ${process.pid})`);
  process.setSourceMapsEnabled(true);
  process.chdir(path.dirname(path.dirname(bundle)));
  await import(pathToFileURL(bundle).href);
}

/**
 * The browser journeys in E2E_SHARDS (default 3) Playwright runs at once, each with a server and a
 * database of its own (its global setup starts them), so no journey sees another's users or books; the
 * web app and the server's bundle are built once before them (the shards' setups find both up to date).
 * Returns the first failing shard's exit status (0: all passed) and the shards' JSON reports.
 */
async function browserJourneys(out) {
  buildWeb();
  buildServer();
  // A shard is a list of whole spec files (Playwright's --test-list), chosen by each file's recorded
  // duration (apps/web/e2e/durations.json; scripts/e2e-shards.mjs): longest first onto the shard with the
  // least time so far, so the shards end together. A spec without a record counts as the median.
  const { shards: plan, unrecorded } = splitByDuration(
    specFiles(E2E_DIR),
    readJson(E2E_DURATIONS) ?? {},
    Math.max(1, Number(process.env.E2E_SHARDS ?? 3)),
  );
  const shards = plan.length;
  for (const f of playwrightReports()) fs.rmSync(f, { force: true });
  const pwJsons = plan.map((_, i) => path.join(out, `playwright-${i + 1}.json`));
  const lists = plan.map((_, i) => path.join(out, `e2e-shard-${i + 1}.txt`));
  console.log(
    `\nBrowser journeys in ${shards} shard(s), by recorded duration (apps/web/e2e/durations.json):`,
  );
  plan.forEach((s, i) => {
    fs.writeFileSync(lists[i], s.files.join('\n') + '\n');
    console.log(`  ${i + 1}: ~${Math.round(s.ms / 1000)} s  ${s.files.join(' ')}`);
  });
  if (unrecorded.length > 0) {
    console.log(
      `  no recorded duration (counted as the median): ${unrecorded.join(' ')}; ` +
        '`node scripts/oryx.mjs e2e:durations` records them after this run',
    );
  }
  const e2e = await Promise.all(
    pwJsons.map((json, i) =>
      runAsync(
        `browser end-to-end tests ${i + 1}/${shards}`,
        ['--filter', '@oryx/web', 'e2e', ...(shards > 1 ? ['--test-list', lists[i]] : [])],
        {
          env: {
            PLAYWRIGHT_JSON_OUTPUT_NAME: json,
            ORYX_E2E_SKIP_BUILD: '1',
            E2E_OUTPUT_DIR: `./test-results/artifacts-${i + 1}`, // under apps/web, as the config's own
            // The suite asserts; its screenshots and traces are for a person at a single run (e2e/pictures.ts).
            E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? '0',
          },
        },
      ),
    ),
  );
  return { status: e2e.find((s) => s !== 0) ?? 0, pwJsons };
}

/**
 * `npm test`'s browser part alone (`node scripts/oryx.mjs test:e2e-shards`): the shards as `npm test` runs
 * them, their counts and the slowest files; its reports are what `e2e:durations` reads.
 */
async function testE2eShards() {
  install();
  fs.mkdirSync(TEST_RESULTS, { recursive: true });
  const { status, pwJsons } = await browserJourneys(TEST_RESULTS);
  const pw = pwJsons.map(readJson).filter(Boolean);
  const count = (k) => pw.reduce((n, p) => n + (p.stats?.[k] ?? 0), 0);
  printSlowest(
    'Playwright',
    pw.flatMap((p) => playwrightFiles(p, 'apps/web/e2e')),
  );
  console.log(
    `\n${count('expected') + count('flaky')} passed, ${count('unexpected')} failed, ${count('skipped')} skipped`,
  );
  process.exit(status);
}

/**
 * Every workspace package's `typecheck` script at once, each as `pnpm run` runs it (in its folder, its
 * `node_modules/.bin` first on PATH) but without pnpm. Under `pnpm exec turbo` each package's `pnpm run`
 * was handed `pnpm_config_verify_deps_before_run=false` as a string, read it as true, and checked the
 * workspace's install state: six at once, one could read the state file while another rewrote it and
 * fail the step. `npm test` runs it beside the lint and format checks, `pnpm typecheck` alone. Returns the
 * first failing status (0: all passed).
 */
async function typecheckPackages() {
  const dirs = [
    ...['apps', 'packages'].flatMap((d) => fs.readdirSync(path.join(root, d)).map((n) => `${d}/${n}`)),
    'db',
  ];
  const jobs = dirs
    .map((dir) => [dir, readJson(path.join(root, dir, 'package.json'))?.scripts?.typecheck])
    .filter(([, script]) => script);
  const statuses = await Promise.all(
    jobs.map(([dir, script]) =>
      runAsync(`typecheck ${dir}`, ['sh', '-c', script], {
        direct: true,
        cwd: dir,
        env: { PATH: `${path.join(root, dir, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` },
      }),
    ),
  );
  return statuses.find((s) => s !== 0) ?? 0;
}

async function test() {
  install();
  const out = path.join(root, 'test-results');
  fs.mkdirSync(out, { recursive: true });
  const steps = [];
  const step = (label, args, opts) => {
    const status = run(label, args, opts);
    steps.push({ label, status });
    return status;
  };
  // Typecheck, lint and the format check (the root `lint` script's two halves) at once: each is one
  // thread, and together they keep both cores of a small machine busy.
  const [typecheck, lint, format] = await Promise.all([
    typecheckPackages(),
    runAsync('lint', ['exec', 'eslint', '.', '--max-warnings=0']),
    runAsync('format', ['exec', 'prettier', '--check', '.']),
  ]);
  steps.push(
    { label: 'typecheck', status: typecheck },
    { label: 'lint', status: lint },
    { label: 'format', status: format },
  );
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
  const { status: e2eStatus, pwJsons } = await browserJourneys(out);
  steps.push({ label: 'browser end-to-end tests', status: e2eStatus });

  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const v = readJson(vitestJson);
  if (v) {
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
    skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  }
  const pw = pwJsons.map(readJson).filter(Boolean);
  for (const p of pw) {
    passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
    failed += p.stats?.unexpected ?? 0;
    skipped += p.stats?.skipped ?? 0;
  }
  printSlowest('vitest', vitestFiles(v));
  printSlowest(
    'Playwright',
    pw.flatMap((p) => playwrightFiles(p, 'apps/web/e2e')),
  );
  const failedSteps = steps.filter((s) => s.status !== 0);
  // A failed step with no failing test (typecheck, lint, a crashed runner) still counts as a failure.
  const stepFailures = failedSteps.length > 0 && failed === 0 ? failedSteps.length : 0;
  console.log('\nSteps: ' + steps.map((s) => `${s.label} ${s.status === 0 ? 'ok' : 'FAILED'}`).join(', '));
  console.log(`${passed} passed, ${failed + stepFailures} failed, ${skipped} skipped`);
  process.exit(failedSteps.length > 0 ? 1 : 0);
}

// `npm run bench -- --only start,api` runs the server's bench steps named (`page` names the page weight).
function bench(args) {
  install();
  const i = args.indexOf('--only');
  const only = i >= 0 ? (args[i + 1] ?? '').split(',') : undefined;
  if (!only || only.some((s) => s !== 'page'))
    must('bench', ['--filter', '@oryx/server', 'bench', ...(only ? ['--only', only.join(',')] : [])]);
  // The web app's first visit: JS/CSS weight per page and first paint on a slow 4G profile.
  if (!only || only.includes('page')) must('page weight', ['--filter', '@oryx/web', 'bench']);
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
else if (cmd === 'build:server') buildServer();
else if (cmd === 'test') await test();
else if (cmd === 'typecheck') process.exit(await typecheckPackages());
else if (cmd === 'test:e2e-shards') await testE2eShards();
else if (cmd === 'e2e:durations') e2eDurations();
else if (cmd === 'bench') bench(process.argv.slice(3));
else if (cmd in PACKAGE_SCRIPTS) packageScript(cmd, process.argv.slice(3));
else {
  console.error(
    `usage: node scripts/oryx.mjs start|build:server|test|typecheck|test:e2e-shards|e2e:durations|bench|${Object.keys(PACKAGE_SCRIPTS).join('|')}`,
  );
  process.exit(2);
}
