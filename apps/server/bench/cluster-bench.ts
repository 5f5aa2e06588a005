/**
 * Several processes on PostgreSQL and Redis (modules/spot/cluster.ts): durable orders per second through
 * one process and through two, and the failover time after a kill -9 of a market's owner. Needs
 * TEST_DATABASE_URL (its server is where a fresh database is made) and TEST_REDIS_URL; skipped without.
 *
 * 1. A fresh database, six funded users (test/cluster-procs.ts), one server process (the compiled bundle)
 *    that owns every market. Closed loop: CONNECTIONS clients each place a limit order and wait for the
 *    reply (after the commit), crossing orders on BTC/USDT and ETH/USDT, one that rests cancelled at
 *    once (users have a cap on open orders), for SECONDS: acknowledged orders/s.
 * 2. A second process joins; once the markets are spread (each owns some), the same load split over both
 *    processes: orders/s through two (every order still goes to its market's owner, routed when needed).
 * 3. kill -9 of BTC/USDT's owner: seconds until the other process owns it (its /metrics, polled every
 *    50 ms), and until the first BTC/USDT order placed through it after the kill is acknowledged.
 *
 * On one 2-core machine the two processes share the same cores and the same PostgreSQL, so the second
 * figure says what routing costs and whether the processes scale on this box, not what two machines give.
 */
import { dropPgDatabase, pgAdmin, pgUrl, randomDbName } from '../test/db-template';
import { fundedUsers, place, scrape, startProcess, until, type Proc } from '../test/cluster-procs';

const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 8);
const CONNECTIONS = 64;
const BTC = 'BTC/USDT';

/**
 * Crossing BTC/USDT and ETH/USDT limit orders from CONNECTIONS clients for SECONDS, each that rests
 * cancelled at once: acknowledged orders/s (the cancels are not counted).
 */
async function load(
  procs: Proc[],
  tokens: string[],
): Promise<{ perSecond: number; refused: number; codes: string }> {
  let ok = 0;
  let refused = 0;
  const codes = new Map<string, number>();
  const until = Date.now() + SECONDS * 1000;
  const client = async (w: number) => {
    for (let i = 0; Date.now() < until; i++) {
      const isBtc = (i + w) % 2 === 0;
      const p = procs[w % procs.length]!;
      const token = tokens[(w + i) % tokens.length]!;
      const r = await place(p, token, {
        legal_id: 1,
        currency_id: isBtc ? 2 : 3,
        target_price: isBtc ? String(95_990 + ((i * 7 + w) % 20)) : String(2_990 + ((i * 3 + w) % 20)),
        amount: isBtc ? '0.01' : '0.1',
        type: (i + w) % 2 === 0 ? 1 : 2,
      });
      if (r?.type === 'ok') {
        ok++;
        // One that rests is cancelled at once (through the same process), so open orders stay few.
        if (r.order?.status === 1) await place(p, token, { id: r.order.id }, 'PUT');
      } else {
        refused++;
        const code = r?.code ?? 'no reply';
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => client(w)));
  return {
    perSecond: Math.round(ok / ((performance.now() - started) / 1000)),
    refused,
    codes: [...codes].map(([c, n]) => `${c} ${n}`).join(', '),
  };
}

export async function runClusterBench(): Promise<Record<string, unknown>> {
  if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)
    return { cluster_skipped: 'needs TEST_DATABASE_URL and TEST_REDIS_URL' };
  const name = randomDbName('oryx_bench_cluster');
  await pgAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = pgUrl(name);
  const procs: Proc[] = [];
  try {
    const tokens = await fundedUsers(url, 6, 'bench');
    procs.push(await startProcess(url));
    await until('the first process to own the markets', async () =>
      (await scrape(procs[0]!)).owned.size >= 7 ? true : undefined,
    );
    const one = await load(procs, tokens);
    console.log(`one process: ${one.perSecond} durable orders/s (${one.refused} refused: ${one.codes})`);

    procs.push(await startProcess(url));
    const owners = await until(
      'the markets to spread over two processes',
      async () => {
        const s = await Promise.all(procs.map(scrape));
        return s.every((x) => x.owned.size >= 3) ? s : undefined;
      },
      60_000,
    );
    const split = owners.map((s) => [...s.owned].join(' ')).join(' | ');
    const two = await load(procs, tokens);
    console.log(
      `two processes: ${two.perSecond} durable orders/s (${two.refused} refused: ${two.codes}); owners: ${split}`,
    );

    const victimIndex = owners.findIndex((s) => s.owned.has(BTC));
    const victim = procs[victimIndex]!;
    const survivor = procs[1 - victimIndex]!;
    const killedAt = performance.now();
    let lastRefusal = '';
    victim.child.kill('SIGKILL');
    const ownedAfter = until(
      'the survivor to own BTC/USDT',
      async () => ((await scrape(survivor)).owned.has(BTC) ? performance.now() - killedAt : undefined),
      60_000,
      50,
    );
    const orderAfter = until(
      'a BTC/USDT order acknowledged after the kill',
      async () => {
        const r = await place(survivor, tokens[0]!, {
          legal_id: 1,
          currency_id: 2,
          target_price: '90000',
          amount: '0.01',
          type: 1,
        });
        if (r?.type !== 'ok') lastRefusal = r?.code ?? 'no reply';
        return r?.type === 'ok' ? performance.now() - killedAt : undefined;
      },
      60_000,
      50,
    );
    const [ownedMs, orderMs] = await Promise.all([
      ownedAfter,
      orderAfter.catch((err: Error) => {
        throw new Error(`${err.message} (last refusal: ${lastRefusal})`);
      }),
    ]);
    console.log(
      `failover: the survivor owned BTC/USDT ${(ownedMs / 1000).toFixed(2)} s after the kill, ` +
        `first order acknowledged after ${(orderMs / 1000).toFixed(2)} s`,
    );
    return {
      cluster_one_process_orders_per_s: one.perSecond,
      cluster_two_processes_orders_per_s: two.perSecond,
      cluster_two_vs_one_ratio: Number((two.perSecond / Math.max(1, one.perSecond)).toFixed(2)),
      cluster_failover_s: Number((ownedMs / 1000).toFixed(2)),
      cluster_failover_first_order_s: Number((orderMs / 1000).toFixed(2)),
      cluster_connections: CONNECTIONS,
    };
  } finally {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await dropPgDatabase(name).catch(() => {});
  }
}
