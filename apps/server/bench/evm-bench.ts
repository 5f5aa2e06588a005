/**
 * EVM deposit scanner benchmark, against the in-process EVM node of the tests (test/evm-node.ts: Ganache
 * and a test ERC-20 token). Figures never pass or fail anything.
 *
 *   pnpm tsx apps/server/bench/evm-bench.ts [--addresses 100000] [--blocks 5] [--per-block 1000]
 *
 * Setup (not timed): a fresh SQLite file with the real migrations and seed, USDT's erc20 network moved to
 * the EVM chain, `addresses` watched deposit addresses registered, then `blocks` blocks each holding
 * `per-block` token transfers to watched addresses (one batch-transfer transaction per block).
 * - `chain_scan_blocks_per_s`: the scanner (`scanChain`, adapter and database) reading those blocks:
 *   logs fetched and decoded, owners looked up, every transfer recorded as a confirming deposit.
 * - `deposit_credit_ms`: for single deposits with 12 confirmations, the time from the block that gives the
 *   12th confirmation to the credit (the scanner run right after that block; in service the scanner's
 *   FUNDING_SCAN_MS poll interval comes on top). The median of 5.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { getAddress, type Address } from 'viem';
import { argValue, startBenchApp } from './bench-app';
import { scanChain } from '../src/modules/funding/deposits';
import type { EvmAdapter } from '../src/modules/funding/chain/evm';
import { checkLedger } from '../src/modules/ledger/check';
import { startEvmNode } from '../test/evm-node';
import { onEvm, TOKEN, user } from '../test/evm-app';
import type { TestApp } from '../test/harness';

export interface EvmBenchOptions {
  addresses?: number;
  blocks?: number;
  perBlock?: number;
  log?: (line: string) => void;
}

const CONFIRMATIONS = 12;

const randomAddress = () => getAddress(`0x${crypto.randomBytes(20).toString('hex')}`);

export async function runEvmBench(o: EvmBenchOptions = {}) {
  const log = o.log ?? ((l: string) => console.log(l));
  const [addresses, blocks, perBlock] = [o.addresses ?? 100_000, o.blocks ?? 5, o.perBlock ?? 1000];
  const bench = await startBenchApp('evm');
  const { app, clock } = bench;
  const node = await startEvmNode();
  try {
    const { db } = app.ctx;
    const t = { app, clock, userId: async () => 1 } as unknown as TestApp;
    const token = await node.deployToken(6, 10n ** 15n * TOKEN);
    const adapter = await onEvm(t, node, token);
    // The same adapter, timed: how much of a scan is the node's (eth_getLogs and decoding).
    let nodeMs = 0;
    const timed = Object.create(adapter) as EvmAdapter;
    timed.scan = async (...args: Parameters<EvmAdapter['scan']>) => {
      const started = performance.now();
      try {
        return await adapter.scan(...args);
      } finally {
        nodeMs += performance.now() - started;
      }
    };
    app.ctx.services.funding.chains.set(timed);
    const setNeeded = (n: number) =>
      db.updateTable('funding_networks').set({ confirmations: n }).where('chain', '=', 'evm').execute();

    const setupStart = performance.now();
    const watched: Address[] = [];
    for (let i = 0; i < addresses; i += 1000) {
      const rows = [];
      for (let j = i; j < Math.min(addresses, i + 1000); j++) {
        const address = randomAddress();
        watched.push(address);
        rows.push({ chain: 'evm', address, memo: '', user_id: 1 + (j % 5), created_at: clock.now() });
      }
      await db.insertInto('funding_addresses').values(rows).execute();
    }
    await scanChain(app.ctx, 'evm'); // the scanner starts at the tip
    const from = await node.client.getBlockNumber();
    for (let b = 0; b < blocks; b++) {
      const to = Array.from({ length: perBlock }, () => watched[crypto.randomInt(watched.length)]!);
      await node.tokenTransferMany(token, to, TOKEN);
    }
    log(
      `setup: ${addresses} watched addresses, ${blocks} blocks of ${perBlock} transfers, ${Math.round(performance.now() - setupStart)} ms`,
    );

    // Throughput: nothing is due meanwhile (the confirmations are out of reach).
    await setNeeded(1_000_000);
    nodeMs = 0;
    const scanStart = performance.now();
    let scanned = 0;
    for (;;) {
      const r = await scanChain(app.ctx, 'evm');
      if (!r || r.to < r.from) break;
      scanned += r.to - Math.max(r.from, Number(from) + 1) + 1;
      if (r.to >= r.head) break;
    }
    const scanMs = performance.now() - scanStart;
    const recorded = await db
      .selectFrom('funding_deposits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const blocksPerS = (blocks / scanMs) * 1000;
    const nodeShare = nodeMs / scanMs;
    const dbBlocksPerS = (blocks / Math.max(scanMs - nodeMs, 1)) * 1000;
    log(
      `scan: ${blocks} blocks (${Number(recorded.n)} deposits recorded) in ${Math.round(scanMs)} ms: ${blocksPerS.toFixed(1)} blocks/s, ${Math.round((Number(recorded.n) / scanMs) * 1000)} transfers/s; ${Math.round(nodeShare * 100)} % of it in the node's eth_getLogs`,
    );
    await db.updateTable('funding_deposits').set({ status: 2 }).where('status', '=', 0).execute();

    // Latency: one deposit at a time, the scanner run after every block.
    await setNeeded(CONFIRMATIONS);
    const u = await user(t, 'admin@oryx.local');
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      await node.tokenTransfer(token, u.address, 2n * TOKEN);
      await scanChain(app.ctx, 'evm');
      for (let c = 2; c <= CONFIRMATIONS; c++) {
        await node.mine(1);
        const started = performance.now();
        const r = await scanChain(app.ctx, 'evm');
        if (r && r.credited > 0) {
          latencies.push(performance.now() - started);
          if (c !== CONFIRMATIONS) throw new Error(`credited at ${c} confirmations`);
        }
      }
    }
    latencies.sort((a, b) => a - b);
    const creditMs = latencies[Math.floor(latencies.length / 2)]!;
    log(
      `credit: ${latencies.length} deposits, median ${creditMs.toFixed(1)} ms from the ${CONFIRMATIONS}th confirmation`,
    );
    const ledgerCheck = await checkLedger(db);
    return {
      chain_scan_blocks_per_s: Number(blocksPerS.toFixed(1)),
      chain_scan_transfers_per_block: perBlock,
      chain_scan_node_share: Number(nodeShare.toFixed(2)),
      chain_scan_db_blocks_per_s: Number(dbBlocksPerS.toFixed(1)),
      chain_scan_watched_addresses: addresses,
      deposit_credit_ms: Number(creditMs.toFixed(1)),
      deposit_credits: latencies.length,
      ledger_ok: ledgerCheck.ok,
      scanned_blocks: scanned,
    };
  } finally {
    await node.close();
    await bench.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const r = await runEvmBench({
    addresses: argValue('--addresses'),
    blocks: argValue('--blocks'),
    perBlock: argValue('--per-block'),
  });
  console.log(JSON.stringify(r));
}
