/**
 * Real server processes on one PostgreSQL database and one Redis, for the multi-process test
 * (src/audits/cluster.integration.test.ts) and the cluster benchmark (bench/cluster-bench.ts): the
 * compiled bundle started as `npm start` runs it, its metrics read back, and funded users made before the
 * processes start.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/env';
import { runInTransaction } from '../src/db/transaction';
import { usersRepo } from '../src/modules/users/repo';
import { ledger, systemAccount, userAccount } from '../src/modules/ledger/service';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
export const U = 100_000_000n;
const SECRETS = {
  PAY_SANDBOX_SECRET: 'test-pay-secret-0123456789',
  API_KEY_ENCRYPTION_KEY: 'test-api-key-encryption-key-0123456789',
};

export interface Proc {
  child: ChildProcess;
  port: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

let bundled = false;
/** The compiled bundle (dist/server.mjs), built once per run and only when its sources changed. */
function serverBundle(): string {
  if (!bundled) {
    execFileSync(process.execPath, ['scripts/oryx.mjs', 'build:server'], {
      cwd: path.resolve(serverDir, '../..'),
      stdio: 'ignore',
    });
    bundled = true;
  }
  return 'dist/server.mjs';
}

/** One server process on `url` and TEST_REDIS_URL (production mode), listening on a free port. */
export async function startProcess(url: string, env: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle()], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...SECRETS,
      DATABASE_URL: url,
      REDIS_URL: process.env.TEST_REDIS_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      ORYX_MODE: 'production',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000000',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
      ...env,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/livez`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Per market symbol: whether this process owns it, and how many orders it committed for it. */
export async function scrape(p: Proc): Promise<{ owned: Set<string>; orders: Map<string, number> }> {
  const text = await (await fetch(`http://127.0.0.1:${p.port}/metrics`)).text();
  const owned = new Set<string>();
  const orders = new Map<string, number>();
  for (const line of text.split('\n')) {
    const o = /^oryx_spot_market_owned\{market="([^"]+)"\} 1$/.exec(line);
    if (o) owned.add(o[1]!);
    const c = /^oryx_spot_orders_total\{market="([^"]+)"\} (\d+)$/.exec(line);
    if (c) orders.set(c[1]!, Number(c[2]));
  }
  return { owned, orders };
}

/** Polls `probe` every `everyMs` until it answers something, or throws after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * `users` users with a transaction password and 10,000,000 USDT, 100 BTC and 1,000 ETH each, and their
 * session tokens; made through one app without Redis (the one-process engine) before the cluster starts.
 */
export async function fundedUsers(url: string, users: number, prefix: string): Promise<string[]> {
  const env = loadEnv({
    ...SECRETS,
    DATABASE_URL: url,
    ORYX_MODE: 'production',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
  });
  const app = await buildApp({ env, sockets: false, seed: true, background: false });
  const tokens: string[] = [];
  const now = Date.now();
  try {
    for (let i = 0; i < users; i++) {
      const email = `${prefix}${i}@oryx.local`;
      const userId = await usersRepo.insertUser(app.ctx.db, {
        email,
        passwordHash: `${prefix}-no-login`,
        tradePasswordHash: `${prefix}-set`,
        extensionCode: `${prefix.toUpperCase()}${i}`,
        accountNumber: email,
        now,
      });
      for (const [currencyId, amount] of [
        [1, 10_000_000n],
        [2, 100n],
        [3, 1_000n],
      ] as const) {
        await runInTransaction(app.ctx.db, (trx) =>
          ledger.transfer(trx, {
            from: systemAccount('genesis'),
            to: userAccount(userId, 'change'),
            currencyId,
            amountMinor: amount * U,
            reason: 'wallet.demo_credit',
            ref: { type: prefix, id: `${userId}:${currencyId}` },
            at: now,
          }),
        );
      }
      tokens.push(await app.sessions.create(userId));
    }
  } finally {
    await app.close();
  }
  return tokens;
}

export interface PlaceReply {
  type: string;
  code?: string;
  order?: { id: number; status: number; client_id?: string | null };
}

/** POST /api/coin/trade on a process (PUT with `{ id }` cancels); undefined when the process is gone. */
export async function place(
  p: Proc,
  token: string,
  body: Record<string, unknown>,
  method: 'POST' | 'PUT' = 'POST',
): Promise<PlaceReply | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${p.port}/api/coin/trade`, {
      method,
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    });
    return (await res.json()) as PlaceReply;
  } catch {
    return undefined;
  }
}
