/**
 * Several server processes on one PostgreSQL and one Redis (modules/spot/cluster.ts): three real server
 * processes (the compiled bundle) share the spot markets, one owner each; orders go to all three.
 *
 * - Each market is matched by its owner only: the committed orders of a market are counted
 *   (`oryx_spot_orders_total`) on exactly one process, and the owners cover every market once.
 * - Socket events reach clients on every process (the trades of a market owned by one of them).
 * - The owner of BTC/USDT is killed with SIGKILL while orders keep coming through the other two; another
 *   process takes the market, and a client order id sent through one survivor during the failover and
 *   retried through the other has one effect.
 * - Afterwards every acknowledged order exists exactly once as acknowledged, the ledger check is clean and
 *   no balance is negative.
 *
 * PostgreSQL and Redis only (TEST_DATABASE_URL and TEST_REDIS_URL); how long the takeover took is printed
 * by the benchmark, not asserted here.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { persistentDb } from '../../test/harness';
import { fundedUsers, place, scrape, startProcess, U, until, type Proc } from '../../test/cluster-procs';
import type { Db } from '../db/connection';
import { openDatabase } from '../db/connection';
import { checkLedger } from '../modules/ledger/check';

const USERS = 6;
const PROCESSES = 3;
const BTC_MARKET = 'BTC/USDT';
const shouldRun = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

interface Ack {
  user: number;
  side: number;
  price: string;
  marketCurrency: number;
}

/** Crossing BTC/USDT and ETH/USDT limit orders through `procs` (round robin) until `stop`. */
async function orderLoad(
  procs: () => Proc[],
  tokens: string[],
  stop: { now: boolean },
  acks: Map<number, Ack>,
): Promise<void> {
  const worker = async (w: number) => {
    for (let i = 0; !stop.now; i++) {
      const list = procs();
      const p = list[(i + w) % list.length]!;
      const user = (w + i) % tokens.length;
      const side = (i + w) % 2 === 0 ? 1 : 2;
      const isBtc = i % 2 === 0;
      const price = isBtc ? String(95_990 + ((i * 7 + w) % 20)) : String(2_990 + ((i * 3 + w) % 20));
      const r = await place(p, tokens[user]!, {
        legal_id: 1,
        currency_id: isBtc ? 2 : 3,
        target_price: price,
        amount: isBtc ? '0.01' : '0.1',
        type: side,
      });
      if (r?.type === 'ok' && r.order)
        acks.set(r.order.id, { user, side, price, marketCurrency: isBtc ? 2 : 3 });
    }
  };
  await Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
}

async function expectClean(db: Db) {
  const report = await checkLedger(db);
  expect(
    report.ok,
    JSON.stringify(report, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)).slice(0, 500),
  ).toBe(true);
  const negative = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where((eb) => eb.or([eb('available_minor', '<', 0n), eb('frozen_minor', '<', 0n)]))
    .where('wallet', '=', 'change') // users' balances (the genesis account issues, so it is below zero)
    .execute();
  expect(negative).toEqual([]);
}

describe.skipIf(!shouldRun)('several server processes on PostgreSQL and Redis', () => {
  it('share the markets one owner each, route orders to the owner, and survive a killed owner', async () => {
    const { url, drop } = await persistentDb('postgres');
    const procs: Proc[] = [];
    const sockets: Socket[] = [];
    try {
      const tokens = await fundedUsers(url, USERS, 'cluster');
      for (let i = 0; i < PROCESSES; i++) procs.push(await startProcess(url, { SPOT_CLAIM_MS: '300' }));

      // Every market has exactly one owner, and each process owns some.
      const markets = await until('the markets spread over the processes', async () => {
        const s = await Promise.all(procs.map(scrape));
        const all = s.flatMap((x) => [...x.owned]);
        return all.length >= 7 && new Set(all).size === all.length && s.every((x) => x.owned.size > 0)
          ? s
          : undefined;
      });
      const ownerIndex = markets.findIndex((s) => s.owned.has(BTC_MARKET));
      expect(ownerIndex).toBeGreaterThanOrEqual(0);

      // A socket client on every process hears the trades of BTC/USDT, whoever owns it.
      const heard = procs.map(() => ({ trades: 0 }));
      for (const [i, p] of procs.entries()) {
        const s = ioClient(`http://127.0.0.1:${p.port}`, {
          path: '/wss/',
          transports: ['websocket'],
          forceNew: true,
        });
        s.on('match_trade', (ev: { symbol: string }) => {
          if (ev.symbol === BTC_MARKET) heard[i]!.trades++;
        });
        sockets.push(s);
      }
      await until('the sockets to connect', async () =>
        sockets.every((s) => s.connected) ? true : undefined,
      );

      // Load through all three processes.
      const acks = new Map<number, Ack>();
      let live = [...procs];
      const stop = { now: false };
      const load = orderLoad(() => live, tokens, stop, acks);
      await until('orders to be acknowledged', async () => (acks.size >= 150 ? true : undefined), 60_000);

      // Each market's orders were committed on its owner only.
      const counted = await Promise.all(procs.map(scrape));
      for (const market of [BTC_MARKET, 'ETH/USDT']) {
        const counting = counted.filter((s) => (s.orders.get(market) ?? 0) > 0);
        expect(counting.length, market).toBe(1);
        expect(counting[0]!.owned.has(market), market).toBe(true);
      }
      await until('every process to hear BTC/USDT trades', async () =>
        heard.every((h) => h.trades > 0) ? true : undefined,
      );

      // Kill BTC/USDT's owner under load; the others carry on and one of them takes the market.
      const victim = procs[ownerIndex]!;
      live = procs.filter((p) => p !== victim);
      victim.child.kill('SIGKILL');
      // A client order id sent during the failover through one survivor and retried through the other.
      const retryBody = {
        legal_id: 1,
        currency_id: 2,
        target_price: '90000',
        amount: '0.01',
        type: 1,
        client_id: 'failover-retry-1',
      };
      const first = place(live[0]!, tokens[0]!, retryBody);
      await new Promise((r) => setTimeout(r, 100));
      const second = await place(live[1]!, tokens[0]!, retryBody);
      const firstReply = await first;
      const newOwner = await until('another process to own BTC/USDT', async () => {
        const s = await Promise.all(live.map(scrape));
        const i = s.findIndex((x) => x.owned.has(BTC_MARKET));
        return i >= 0 ? live[i] : undefined;
      });
      expect(newOwner).not.toBe(victim);
      const before = acks.size;
      await until(
        'orders acknowledged after the failover',
        async () => (acks.size >= before + 60 ? true : undefined),
        60_000,
      );
      stop.now = true;
      await load;

      for (const r of [firstReply, second]) {
        if (r?.type === 'ok') expect(r.order?.client_id).toBe('failover-retry-1');
      }
      if (firstReply?.type === 'ok' && second?.type === 'ok')
        expect(second.order!.id).toBe(firstReply.order!.id);

      for (const p of live) p.child.kill('SIGTERM');
      await Promise.all(
        live.map((p) => new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)))),
      );

      const handle = openDatabase(url);
      try {
        const db = handle.db;
        const retried = await db
          .selectFrom('spot_orders')
          .select('id')
          .where('client_oid', '=', 'failover-retry-1')
          .execute();
        expect(retried.length).toBe(1);
        // Every acknowledged order exists exactly once, as acknowledged.
        const rows = await db
          .selectFrom('spot_orders')
          .select(['id', 'side', 'price_minor'])
          .where('id', 'in', [...acks.keys()])
          .execute();
        expect(rows.length).toBe(acks.size);
        for (const row of rows) {
          const a = acks.get(row.id)!;
          expect(row.side).toBe(a.side);
          expect(row.price_minor).toBe(BigInt(a.price) * U);
        }
        const ids = await db.selectFrom('spot_orders').select('id').execute();
        expect(new Set(ids.map((r) => r.id)).size).toBe(ids.length);
        await expectClean(db);
      } finally {
        await handle.close();
      }
    } finally {
      for (const s of sockets) s.close();
      for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
      await drop();
    }
  }, 240_000);
});
