/**
 * The UTXO chain adapter (modules/funding/chain/utxo.ts) on a Litecoin regtest node (test/utxo-node.ts):
 * blocks of 1,000 outputs to some of 100,000 watched addresses scanned per second by the deposit scanner,
 * and one withdrawal batch of 100 outputs selected, built and signed (ms; no node needed). Without the
 * `litecoind` binary the scan is skipped (null) and the batch still timed.
 */
import crypto from 'node:crypto';
import { Address, WIF } from '@scure/btc-signer';
import type { Db } from '../src/db/connection';
import { startBenchApp } from './bench-app';
import { scanChain } from '../src/modules/funding/deposits';
import { selectCoins, UtxoHotWallet } from '../src/modules/funding/chain/utxo-wallet';
import { UtxoRpc } from '../src/modules/funding/chain/utxo-rpc';
import { litecoindPath, LTC_REGTEST, startUtxoNode } from '../test/utxo-node';
import { LTC_CHAIN, onLtc } from '../test/utxo-app';
import type { TestApp } from '../test/harness';

const randomAddress = () => Address(LTC_REGTEST).encode({ type: 'wpkh', hash: crypto.randomBytes(20) });

export async function runUtxoBench(o: { addresses?: number; blocks?: number; perBlock?: number } = {}) {
  const [addresses, blocks, perBlock] = [o.addresses ?? 100_000, o.blocks ?? 5, o.perBlock ?? 1000];
  const bench = await startBenchApp('utxo');
  const { app, clock } = bench;
  const node = litecoindPath() ? await startUtxoNode() : null;
  try {
    const t = { app, clock, userId: async () => 1 } as unknown as TestApp;
    let blocksPerS: number | null = null;
    if (node) {
      await onLtc(t, node);
      const { db } = app.ctx;
      await db
        .updateTable('funding_networks')
        .set({ confirmations: 1_000_000 })
        .where('chain', '=', LTC_CHAIN)
        .execute();
      const watched: string[] = [];
      for (let i = 0; i < addresses; i += 1000) {
        const rows = [];
        for (let j = i; j < Math.min(addresses, i + 1000); j++) {
          const address = randomAddress();
          watched.push(address);
          rows.push({ chain: LTC_CHAIN, address, memo: '', user_id: 1, created_at: clock.now() });
        }
        await db.insertInto('funding_addresses').values(rows).execute();
      }
      await node.mine(blocks * 2); // coins to pay from
      await scanChain(app.ctx, LTC_CHAIN); // the scanner starts at the tip
      for (let b = 0; b < blocks; b++) {
        for (let half = 0; half < 2; half++) {
          const to: Record<string, number> = {};
          while (Object.keys(to).length < perBlock / 2)
            to[watched[crypto.randomInt(watched.length)]!] = 0.001;
          await node.miner.call('sendmany', ['', to]);
        }
        await node.mine(1);
      }
      const started = performance.now();
      for (;;) {
        const r = await scanChain(app.ctx, LTC_CHAIN);
        if (!r || r.to >= r.head) break;
      }
      blocksPerS = (blocks / (performance.now() - started)) * 1000;
      console.log(
        `utxo scan: ${blocks} blocks of ${perBlock} outputs, ${addresses} watched: ${blocksPerS.toFixed(1)} blocks/s`,
      );
    } else console.log('utxo scan: skipped (litecoind is not installed)');
    const batchMs = timeBatch(app.ctx.db);
    console.log(`utxo batch: 100 outputs selected, built and signed in ${batchMs.toFixed(1)} ms`);
    return { utxo_scan_blocks_per_s: blocksPerS, utxo_batch_100_ms: batchMs };
  } finally {
    await node?.close();
    await bench.close();
  }
}

/** One batch of 100 outputs from 200 coins of the hot wallet: selection, PSBT, signatures (no node). */
function timeBatch(db: Db): number {
  const wallet = new UtxoHotWallet({
    chain: LTC_CHAIN,
    db,
    rpc: new UtxoRpc({ url: 'http://127.0.0.1:1' }),
    network: LTC_REGTEST,
    hotWalletKey: WIF(LTC_REGTEST).encode(crypto.randomBytes(32)),
    units: async () => 1n,
    now: () => 0,
    feeTarget: 6,
    maxFeeRate: 200,
    bumpAfterMs: 600_000,
    walletName: 'bench',
  });
  const coins = Array.from({ length: 200 }, (_, vout) => ({
    txid: crypto.randomBytes(32).toString('hex'),
    vout,
    amount: 1_000_000n,
  }));
  const outputs = Array.from({ length: 100 }, () => ({ address: randomAddress(), amount: 500_000n }));
  const started = performance.now();
  const plan = selectCoins(coins, outputs, 10);
  if (!plan || plan.outputs.length !== 100) throw new Error('bench: the coins do not cover the batch');
  wallet.build(plan.inputs, plan.outputs, plan.fee);
  return performance.now() - started;
}
