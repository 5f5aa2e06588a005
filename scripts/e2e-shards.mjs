// How `npm test` (scripts/oryx.mjs) splits the browser journeys (apps/web/e2e/*.spec.ts) into shards that
// run at once: by the recorded duration of each spec file (apps/web/e2e/durations.json), not by the count
// of tests, so the shards end at about the same time. A shard is a list of whole files: a file's tests
// share its `beforeAll` and its demo users, and each shard has an exchange and a database of its own.
import fs from 'node:fs';
import path from 'node:path';

/** Every spec file under `testDir` (as playwright.config.ts's `testMatch` finds them), relative, sorted. */
export function specFiles(testDir) {
  return fs
    .readdirSync(testDir, { recursive: true })
    .map((f) => String(f).split(path.sep).join('/'))
    .filter((f) => f.endsWith('.spec.ts') && !f.split('/').includes('node_modules'))
    .sort();
}

/** The median of the values (0 when there are none). */
export function median(values) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Splits `files` into at most `shards` lists, greedily: longest file first, each onto the shard with the
 * least recorded time so far (the lowest-numbered one on a tie). A file without a record in `durations`
 * (ms by file) counts as the median of the records of the files given. Every file lands in exactly one
 * shard; no shard is empty (fewer files than shards: fewer shards). Returns the shards with their files
 * (in the order given) and their expected ms, and the files that had no record.
 */
export function splitByDuration(files, durations, shards) {
  const recorded = files.filter((f) => Number.isFinite(durations[f]) && durations[f] >= 0);
  const fallback = median(recorded.map((f) => durations[f])) || 1;
  const unrecorded = files.filter((f) => !recorded.includes(f));
  const ms = (f) => (recorded.includes(f) ? durations[f] : fallback);
  const count = Math.max(1, Math.min(Math.floor(shards) || 1, files.length));
  const out = Array.from({ length: count }, () => ({ files: [], ms: 0 }));
  const longestFirst = [...files].sort((a, b) => ms(b) - ms(a) || (a < b ? -1 : a > b ? 1 : 0));
  for (const file of longestFirst) {
    const least = out.reduce((best, s) => (s.ms < best.ms ? s : best), out[0]);
    least.files.push(file);
    least.ms += ms(file);
  }
  const order = new Map(files.map((f, i) => [f, i]));
  for (const s of out) s.files.sort((a, b) => order.get(a) - order.get(b));
  return { shards: files.length === 0 ? [] : out, unrecorded };
}

/** The tests of a Playwright JSON report's suite and of the suites inside it. */
function testsOf(suite) {
  return [
    ...(suite.specs ?? []).flatMap((spec) => spec.tests ?? []),
    ...(suite.suites ?? []).flatMap(testsOf),
  ];
}

/**
 * Per spec file of a Playwright JSON report: the summed durations of its tests' runs (retries included),
 * the file relative to the test folder, as the report names it.
 */
export function reportDurations(report) {
  return (report?.suites ?? []).map((s) => ({
    file: s.file,
    ms: testsOf(s).reduce(
      (t, test) => t + (test.results ?? []).reduce((r, res) => r + (res.duration ?? 0), 0),
      0,
    ),
  }));
}

/**
 * The record `durations.json` holds after the given reports: for each file they ran, the mean of its
 * previous record and the reports' figure (a shared machine's load varies from run to run: one run moves
 * a record half way), or the figure alone when it had none; rounded to whole seconds, so a rerun changes
 * few lines. A spec file no report ran keeps its record, and a file that no longer exists has none. A
 * file with a failed test keeps its previous record: a failing journey stops early or runs to its timeout.
 */
export function updatedDurations(previous, reports, files) {
  const next = {};
  for (const f of files) if (Number.isFinite(previous?.[f])) next[f] = previous[f];
  for (const report of reports) {
    for (const suite of report?.suites ?? []) {
      if (!files.includes(suite.file)) continue;
      if (testsOf(suite).some((t) => t.status === 'unexpected')) continue;
      const ms = reportDurations({ suites: [suite] })[0].ms;
      const mean = Number.isFinite(previous?.[suite.file]) ? (previous[suite.file] + ms) / 2 : ms;
      next[suite.file] = Math.round(mean / 1000) * 1000;
    }
  }
  return Object.fromEntries(
    Object.keys(next)
      .sort()
      .map((f) => [f, next[f]]),
  );
}
