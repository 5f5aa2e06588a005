/**
 * `npm start` as a newcomer meets it: the repository cloned into a temporary folder, `npm start` run
 * there, and the first page (GET /) polled until it answers 200: the time from the clone to that answer.
 * Then the server is stopped and started again in the same clone: the warm restart's time to the first
 * page. The clone is of the committed HEAD of this repository (uncommitted changes are not in it).
 *
 * pnpm's package store is the machine's own (warm once anything was installed here) unless
 * ORYX_BENCH_COLD_STORE=1, which gives the clone an empty store of its own: every package is then
 * downloaded from the registry, as on a machine that never installed the project.
 *
 * Slow (minutes): an opt-in step, run with `npm run bench -- --only start`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FIRST_PAGE_LIMIT_MS = 15 * 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function pageAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

interface Started {
  child: ChildProcess;
  ms: number;
}

/** `npm start` in `dir`; resolves once GET / answers 200, with the time since `since`. */
async function startAndWait(
  dir: string,
  env: NodeJS.ProcessEnv,
  log: string,
  since: number,
): Promise<Started> {
  const out = fs.openSync(log, 'a');
  const child = spawn('npm', ['start'], { cwd: dir, env, stdio: ['ignore', out, out], detached: true });
  fs.closeSync(out);
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${env.PORT}/`;
  while (!(await pageAnswers(url))) {
    if (exited || performance.now() - since > FIRST_PAGE_LIMIT_MS) {
      if (!exited) process.kill(-child.pid!, 'SIGKILL');
      const tail = fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`npm start gave no first page (${exited ? 'it exited' : 'timed out'}):\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, ms: Math.round(performance.now() - since) };
}

/** Stops the whole process group `npm start` leads and waits for it to end. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(force);
}

export async function runStartBench(): Promise<Record<string, unknown>> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-start-bench-'));
  const dir = path.join(tmp, 'oryx');
  const log = path.join(tmp, 'start.log');
  const coldStore = process.env.ORYX_BENCH_COLD_STORE === '1';
  // A newcomer's shell: none of the npm_* settings pnpm hands the bench, and the clone's own database.
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_|^pnpm_|^DATABASE_URL$/i.test(k)),
  );
  env.PORT = String(await freePort());
  env.HOST = '127.0.0.1';
  if (coldStore) env.npm_config_store_dir = path.join(tmp, 'pnpm-store');
  let child: ChildProcess | undefined;
  try {
    const cloneStarted = performance.now();
    const clone = spawnSync('git', ['clone', '--quiet', repoRoot, dir], { encoding: 'utf8' });
    if (clone.status !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
    const cloneMs = Math.round(performance.now() - cloneStarted);
    const first = await startAndWait(dir, env, log, cloneStarted);
    child = first.child;
    console.log(`clone to first page: ${(first.ms / 1000).toFixed(1)} s (the clone ${cloneMs} ms)`);
    await stop(child);
    const warm = await startAndWait(dir, env, log, performance.now());
    child = warm.child;
    console.log(`warm restart to first page: ${(warm.ms / 1000).toFixed(1)} s`);
    const lines = fs.readFileSync(log, 'utf8').split('\n');
    for (const l of lines.filter((x) => x.startsWith('◀ ') || x.startsWith('▶ build server')))
      console.log(`  ${l}`);
    const npmWarnings = lines.filter((l) => /^npm warn/i.test(l) && !l.includes('"store-dir"')); // the bench's own setting
    for (const w of npmWarnings) console.log(`  ${w}`);
    return {
      start_clone_to_first_page_ms: first.ms,
      start_clone_to_first_page_target_ms: 90_000,
      start_warm_restart_ms: warm.ms,
      start_warm_restart_target_ms: 5_000,
      start_store: coldStore ? 'empty' : 'machine',
      start_npm_warnings: npmWarnings.length,
    };
  } finally {
    if (child) await stop(child);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
