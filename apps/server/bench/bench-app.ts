/**
 * What the benches share: a production-mode app over a fresh SQLite file on a manual clock, a trader
 * funded through the ledger with a session token, a push counter, and the command line's numeric options.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { MarketEvents, UserEvents } from '@oryx/contracts/socket';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/env';
import { ManualClock } from '../src/lib/clock';
import { runInTransaction } from '../src/db/transaction';
import { ledger, systemAccount, userAccount } from '../src/modules/ledger/service';
import { usersRepo } from '../src/modules/users/repo';
import type { Realtime } from '../src/realtime/realtime';
import { BENCH_SECRETS } from './secrets';

export interface BenchApp {
  app: FastifyInstance;
  clock: ManualClock;
  /** Closes the app and removes its directory. */
  close(): Promise<void>;
}

/** A seeded app without sockets or background work, in its own temporary directory (`oryx-<name>-bench-`). */
export async function startBenchApp(name: string): Promise<BenchApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `oryx-${name}-bench-`));
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 8, 0, 0));
  const env = loadEnv({
    DATABASE_URL: `file:${path.join(dir, 'oryx.db')}`,
    ORYX_MODE: 'production',
    ...BENCH_SECRETS,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
  });
  const app = await buildApp({ env, clock, sockets: false, seed: true, background: false });
  return {
    app,
    clock,
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A trader with 10,000,000 USDT and 10,000 ETH in the spot wallet; returns a session token. */
export async function fundedTrader(
  app: FastifyInstance,
  user: { email: string; extensionCode: string },
  now: number,
): Promise<string> {
  const db = app.ctx.db;
  const userId = await usersRepo.insertUser(db, {
    email: user.email,
    passwordHash: 'bench-no-login',
    tradePasswordHash: 'bench-set', // spot orders need one set (never checked: no password is sent)
    extensionCode: user.extensionCode,
    accountNumber: user.email,
    now,
  });
  await runInTransaction(db, async (trx) => {
    for (const [currencyId, amount] of [
      [1, 10_000_000n * 10n ** 8n],
      [3, 10_000n * 10n ** 8n],
    ] as const) {
      await ledger.transfer(trx, {
        from: systemAccount('genesis'),
        to: userAccount(userId, 'change'),
        currencyId,
        amountMinor: amount,
        reason: 'bench.credit',
        ref: { type: 'bench', id: `${userId}:${currencyId}` },
        at: now,
      });
    }
  });
  return app.sessions.create(userId);
}

/**
 * Counts the pushes of one user event (and the ids in them, as `idsOf` counts them) and remembers when
 * the last one went out.
 */
export class PushClock<K extends keyof UserEvents> implements Realtime {
  count = 0;
  ids = 0;
  lastAt = 0;
  constructor(
    private readonly event: K,
    private readonly idsOf: (payload: UserEvents[K]) => number = () => 0,
  ) {}
  toAll<E extends keyof MarketEvents>(_event: E, _payload: MarketEvents[E]): void {}
  toUser<E extends keyof UserEvents>(_userId: number, event: E, payload: UserEvents[E]): void {
    if ((event as keyof UserEvents) !== this.event) return;
    this.count++;
    this.ids += this.idsOf(payload as unknown as UserEvents[K]);
    this.lastAt = performance.now();
  }
  /** No sockets here: ended sessions have nothing to leave. */
  endSessions(): void {}
}

/** The number after `name` on the command line, if given. */
export function argValue(name: string): number | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : undefined;
}
