/**
 * `npm run bench` (root) → `pnpm --filter @oryx/server bench` → this file. Runs every bench step in
 * order, prints each step's figures as it goes and, as the LAST line, one JSON object: the merge of every
 * step's fields. Figures never pass or fail anything; a step that throws is reported as
 * `<name>_error` and the others still run.
 *
 * Adding a step: import its function and add one entry to STEPS (fields prefixed with your area, e.g.
 * `micro_settle_10k_ms`). Run a subset with `--only engine,api`. A step marked `optIn` (a slow one) runs
 * only when `--only` names it.
 */
import { runApiBench } from './api-bench';
import { runEngineBench } from './engine-bench';
import { runEvmBench } from './evm-bench';
import { runUtxoBench } from './utxo-bench';
import { runLeverBench } from './lever-bench';
import { runMicroSettleBench } from './micro-bench';
import { runPolBench } from './pol-bench';
import { runStartBench } from './start-bench';
import { runSocketFanoutBench } from './socket-fanout-bench';
import { runClusterBench } from './cluster-bench';

export interface BenchStep {
  name: string;
  optIn?: boolean;
  run: () => Promise<Record<string, unknown>> | Record<string, unknown>;
}

const STEPS: BenchStep[] = [
  {
    // Matching engine alone vs the npm package nodejs-order-book, same seeded stream (engine-bench.ts).
    name: 'engine',
    run: () => {
      const r = runEngineBench();
      return {
        engine_ops_per_s: r.engine_ops_per_s,
        engine_p50_us: r.engine_p50_us,
        engine_p99_us: r.engine_p99_us,
        engine_p99_99_us: r.engine_p99_99_us,
        peer_ops_per_s: r.peer_ops_per_s,
        peer_p99_99_us: r.peer_p99_99_us,
        engine_speedup_vs_peer: r.speedup_vs_peer,
        engine_books_agree: r.books_agree,
      };
    },
  },
  {
    // POST /api/coin/trade against the started server on SQLite (api-bench.ts).
    name: 'api',
    run: async () => ({ ...(await runApiBench()) }),
  },
  {
    // Seconds options: settling 10,000 expiries (micro-bench.ts, the micro area's).
    name: 'micro',
    run: async () => {
      const r = await runMicroSettleBench();
      return { micro_settle_10k_ms: r.micro_settle_10k_ms, micro_settled: r.settled };
    },
  },
  {
    // Leveraged contracts: 10,000 positions re-evaluated on the mark, a quarter liquidated and a quarter
    // stopped by one move (lever-bench.ts). Targets, printed beside the figures: < 1 s and < 5 µs.
    name: 'lever',
    run: async () => {
      const r = await runLeverBench();
      return {
        lever_liquidate_10k_ms: r.lever_liquidate_10k_ms,
        lever_liquidate_target_ms: 1000,
        lever_liquidate_cpu_ms: r.lever_liquidate_cpu_ms,
        lever_reprice_us_per_position: r.lever_reprice_us_per_position,
        lever_reprice_target_us: 5,
        lever_evaluate_50k_ms: r.lever_evaluate_50k_ms,
        lever_evaluate_target_ms: 2000,
        lever_closed: r.closed,
      };
    },
  },
  {
    // The EVM deposit scanner against the in-process EVM node: 100,000 watched addresses, blocks of 1,000
    // token transfers; blocks scanned per second and the time from the Nth confirmation to the credit
    // (evm-bench.ts, the funding area's).
    name: 'evm',
    run: async () => {
      const r = await runEvmBench();
      return {
        chain_scan_blocks_per_s: r.chain_scan_blocks_per_s,
        chain_scan_db_blocks_per_s: r.chain_scan_db_blocks_per_s,
        chain_scan_node_share: r.chain_scan_node_share,
        deposit_credit_ms: r.deposit_credit_ms,
      };
    },
  },
  {
    // Proof of liabilities: Merkle-sum trees of 1,000,000 users x 10 currencies in memory, and one
    // proof (pol-bench.ts, the pol area's). Targets, printed beside the figures: < 10 s and < 10 ms.
    name: 'pol',
    run: runPolBench,
  },
  {
    // The UTXO deposit scanner on a Litecoin regtest node (litecoind; skipped without it): 100,000 watched
    // addresses, blocks of 1,000 outputs; and one withdrawal batch of 100 outputs built and signed
    // (utxo-bench.ts, the funding area's).
    name: 'utxo',
    run: async () => {
      const r = await runUtxoBench();
      return { utxo_scan_blocks_per_s: r.utxo_scan_blocks_per_s, utxo_batch_100_ms: r.utxo_batch_100_ms };
    },
  },
  {
    // 1,000 socket.io clients (in child processes) following one market while it receives 10 order
    // updates/s through the API: delivery latency from the server's emit (socket-fanout-bench.ts). One
    // process on SQLite; then, with TEST_DATABASE_URL and TEST_REDIS_URL, the market's owner and a
    // socket process (`SPOT_OWNER=none`) on PostgreSQL and Redis, clients on the socket process
    // (`socket_fanout_redis_*`). Target, printed beside the figures: p99 < 100 ms in both.
    name: 'sockets',
    run: async () => ({ ...(await runSocketFanoutBench()), socket_fanout_p99_target_ms: 100 }),
  },
  {
    // Several processes on PostgreSQL and Redis: durable orders/s through one and through two processes,
    // and the failover time after a kill -9 of a market's owner (cluster-bench.ts; needs TEST_DATABASE_URL
    // and TEST_REDIS_URL). Target, printed beside the figure: failover under 5 s.
    name: 'cluster',
    run: async () => ({ ...(await runClusterBench()), cluster_failover_target_s: 5 }),
  },
  {
    // A fresh clone's `npm start` to the first page, then a warm restart (start-bench.ts). Minutes:
    // `npm run bench -- --only start` (ORYX_BENCH_COLD_STORE=1 for an empty pnpm store).
    name: 'start',
    optIn: true,
    run: runStartBench,
  },
];

async function main(): Promise<void> {
  const only = process.argv.includes('--only')
    ? new Set((process.argv[process.argv.indexOf('--only') + 1] ?? '').split(','))
    : null;
  const merged: Record<string, unknown> = {};
  for (const step of STEPS) {
    if (only ? !only.has(step.name) : step.optIn) continue;
    console.log(`\n=== bench: ${step.name} ===`);
    const started = performance.now();
    try {
      Object.assign(merged, await step.run());
    } catch (err) {
      console.error(`bench step ${step.name} failed:`, err);
      merged[`${step.name}_error`] = String((err as Error).message ?? err);
    }
    console.log(`=== ${step.name}: ${((performance.now() - started) / 1000).toFixed(1)} s ===`);
  }
  merged.node = process.version;
  console.log(JSON.stringify(merged));
}

await main();
