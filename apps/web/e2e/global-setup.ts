import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(webDir, '../..');
const HEALTH_TIMEOUT_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Waits for GET /readyz to answer 200: migrated, spot markets loaded, every market's mark has its inputs. */
async function waitReady(url: string, exited: () => boolean, logFile: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited()) break;
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const tail = fs.existsSync(logFile)
    ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')
    : '';
  throw new Error(
    `The exchange did not answer GET /readyz with 200 ${exited() ? '(it exited)' : `within ${HEALTH_TIMEOUT_MS / 1000} s`}.\n${tail}`,
  );
}

/**
 * Builds the web app (unless ORYX_E2E_SKIP_BUILD=1) and the server's bundle (skipped while its sources
 * are unchanged), and starts the exchange as `npm start` runs it, one Node process on the compiled
 * server, with a fresh database in a temporary folder. With ORYX_E2E_URL already set, the tests run
 * against that server instead.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.ORYX_E2E_URL) return;

  if (process.env.ORYX_E2E_SKIP_BUILD !== '1') {
    execFileSync('pnpm', ['--filter', '@oryx/web', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  }
  execFileSync(process.execPath, ['scripts/oryx.mjs', 'build:server'], { cwd: repoRoot, stdio: 'inherit' });

  const port = await freePort();
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-e2e-'));
  const logFile = path.join(tmpDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
    cwd: path.join(repoRoot, 'apps', 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${path.join(tmpDir, 'oryx.db')}`,
      ORYX_MODE: 'demo',
      // A quiet spot book: journeys place their own orders and expect them to meet each other, not the
      // demo market maker's quotes (apps/server/src/modules/spot/bot.ts).
      SPOT_DEMO_BOT: '0',
      UPLOAD_DIR: path.join(tmpDir, 'uploads'),
      WEB_DIST_DIR: path.join(webDir, 'dist'),
      LOG_LEVEL: 'warn',
      // Cheap password hashes (demo mode allows them): journeys register and log in many users.
      PASSWORD_HASH_LOG2N: '10',
      // Every browser test comes from 127.0.0.1: per-address limits meant for the internet would stop the suite.
      CODE_SENDS_PER_IP_HOUR: '100000',
      LOGIN_FAILURES_PER_IP: '100000',
      // Journeys send several codes to one new address within a minute (register, then a reset), and
      // retry a send until the pause is over: the shortest pause allowed.
      CODE_RESEND_SECONDS: '1',
      // Deposits and withdrawals (funding.spec): quick sandbox blocks without reorgs, a cool-off of seconds.
      SANDBOX_CHAIN_BLOCK_MS: '400',
      FUNDING_SCAN_MS: '300',
      SANDBOX_CHAIN_REORG_PER_MILLE: '0',
      FUNDING_ADDRESS_COOLOFF_HOURS: '0.002',
      // New bank cards and payment details count after a few seconds (24 h by default).
      PAYMENT_DETAILS_COOLOFF_HOURS: '0.001',
    },
    stdio: ['ignore', log, log],
    // Its own process group, which the teardown stops.
    detached: true,
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  process.env.ORYX_E2E_SERVER_PID = String(child.pid);
  process.env.ORYX_E2E_TMP_DIR = tmpDir;

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, () => exited, logFile);
  } catch (err) {
    if (child.pid && !exited) process.kill(-child.pid, 'SIGKILL');
    throw err;
  }
  process.env.ORYX_E2E_URL = url;
  console.log(`e2e: exchange at ${url} (data and log in ${tmpDir})`);
}
