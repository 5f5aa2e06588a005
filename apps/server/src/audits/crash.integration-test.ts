/**
 * A crash under order load: a real server process takes crossing spot orders from several users, is
 * killed with SIGKILL in the middle, and the database it leaves must be whole: the exchange starts on it
 * again (books rebuilt from the database), no balance is below zero, every open order's remainder is
 * exactly what the ledger holds frozen for it, and the ledger check passes. SQLite and PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, persistentDb } from '../../test/harness';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { runInTransaction } from '../db/transaction';
import type { Db } from '../db/connection';
import { usersRepo } from '../modules/users/repo';
import { checkLedger } from '../modules/ledger/check';
import { ledger, systemAccount, userAccount } from '../modules/ledger/service';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const USERS = 6;
const LOAD_MS = 1500;

const envFor = (url: string) =>
  loadEnv({
    DATABASE_URL: url,
    ORYX_MODE: 'production',
    PAY_SANDBOX_SECRET: 'test-pay-secret-0123456789',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
  });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Funded users with a transaction password set, and their session tokens. */
async function prepare(url: string): Promise<string[]> {
  const app = await buildApp({ env: envFor(url), sockets: false, seed: true, background: false });
  const tokens: string[] = [];
  const now = Date.now();
  for (let i = 0; i < USERS; i++) {
    const email = `crash${i}@oryx.local`;
    const userId = await usersRepo.insertUser(app.ctx.db, {
      email,
      passwordHash: 'crash-no-login',
      tradePasswordHash: 'crash-set',
      extensionCode: `CRASH${i}`,
      accountNumber: email,
      now,
    });
    await runInTransaction(app.ctx.db, async (trx) => {
      for (const [currencyId, amount] of [
        [1, 1_000_000n * 10n ** 8n],
        [2, 100n * 10n ** 8n],
      ] as const) {
        await ledger.transfer(trx, {
          from: systemAccount('genesis'),
          to: userAccount(userId, 'change'),
          currencyId,
          amountMinor: amount,
          reason: 'wallet.demo_credit',
          ref: { type: 'crash', id: `${userId}:${currencyId}` },
          at: now,
        });
      }
    });
    tokens.push(await app.sessions.create(userId));
  }
  await app.close();
  return tokens;
}

async function startServer(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      ORYX_MODE: 'production',
      PAY_SANDBOX_SECRET: 'test-pay-secret-0123456789',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000000',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Crossing limit orders around 96,000 from every user until `stop`; answers how many were accepted. */
async function orderLoad(port: number, tokens: string[], stop: { now: boolean }): Promise<number> {
  let accepted = 0;
  const worker = async (w: number) => {
    for (let i = 0; !stop.now; i++) {
      const type = (i + w) % 2 === 0 ? 1 : 2;
      const price = String(95_990 + ((i * 7 + w) % 20));
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/coin/trade`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: tokens[w % tokens.length]! },
          body: JSON.stringify({ legal_id: 1, currency_id: 2, target_price: price, amount: '0.01', type }),
        });
        if (((await res.json()) as { type: string }).type === 'ok') accepted++;
      } catch {
        return; // the server is gone
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
  return accepted;
}

/** Every crash user's frozen USDT and BTC is exactly what their open orders still hold. */
async function expectHeldEqualsFrozen(db: Db) {
  const users = await db.selectFrom('users').select('id').where('email', 'like', 'crash%').execute();
  for (const { id } of users) {
    const open = await db
      .selectFrom('spot_orders')
      .select(['side', 'held_minor'])
      .where('user_id', '=', id)
      .where('status', '=', 1)
      .execute();
    const held = (side: number) => open.filter((o) => o.side === side).reduce((a, o) => a + o.held_minor, 0n);
    const usdt = await ledger.balance(db, userAccount(id, 'change'), 1);
    const btc = await ledger.balance(db, userAccount(id, 'change'), 2);
    expect({ user: id, usdt: usdt.frozenMinor, btc: btc.frozenMinor }).toEqual({
      user: id,
      usdt: held(1),
      btc: held(2),
    });
  }
}

describe('a crash under order load', () => {
  for (const kind of DB_KINDS) {
    it(`leaves a whole ledger and books that rebuild [${kind}]`, async () => {
      const db = await persistentDb(kind);
      let child: ChildProcess | undefined;
      try {
        const tokens = await prepare(db.url);
        const port = await freePort();
        child = await startServer(db.url, port);
        const stop = { now: false };
        const load = orderLoad(port, tokens, stop);
        await new Promise((r) => setTimeout(r, LOAD_MS));
        const exited = new Promise((r) => child!.once('exit', r));
        child.kill('SIGKILL');
        stop.now = true;
        await exited; // reaped: its pid no longer holds the SQLite engine lock
        expect(await load).toBeGreaterThan(10);

        const app = await buildApp({ env: envFor(db.url), sockets: false, seed: true, background: false });
        try {
          const report = await checkLedger(app.ctx.db);
          expect(
            report.ok,
            JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).slice(0, 500),
          ).toBe(true);
          const negative = await app.ctx.db
            .selectFrom('ledger_accounts')
            .select('id')
            .where((eb) => eb.or([eb('available_minor', '<', 0n), eb('frozen_minor', '<', 0n)]))
            .where('wallet', '=', 'change')
            .execute();
          expect(negative).toEqual([]);
          await expectHeldEqualsFrozen(app.ctx.db);
          // The restarted engine takes orders again.
          const res = await app.inject({
            method: 'POST',
            url: '/api/coin/trade',
            payload: { legal_id: 1, currency_id: 2, target_price: '1000', amount: '0.01', type: 1 },
            headers: { authorization: tokens[0]! },
          });
          expect(res.json()).toMatchObject({ type: 'ok' });
        } finally {
          await app.close();
        }
      } finally {
        if (child && child.exitCode === null) child.kill('SIGKILL');
        await db.drop();
      }
    }, 90_000);
  }
});
