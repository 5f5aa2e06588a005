/**
 * The UTXO hot wallet: one P2WPKH address whose key (WIF) signs withdrawals. Its coins are followed by a
 * watch-only wallet on the node (created and told the address on first use: no key on the node).
 *
 * - `prepareSends` takes the withdrawals due and pays as many as the coins cover in one transaction
 *   (a batch): confirmed coins largest first, change back to the hot wallet, fee rate from the node's
 *   `estimatesmartfee` (at least its relay fee, at most the ceiling), replace-by-fee signalled. Built as
 *   a PSBT and signed here. Under the chain's lock row the batch, its outputs (one per withdrawal
 *   reference) and its coins (one batch per coin: primary key) are kept before it is broadcast, so a
 *   coin is never spent by two batches and a withdrawal is never paid twice.
 * - `send` answers a withdrawal from its batch (building one for it alone when none pays it yet).
 * - `follow` follows a batch by any of its versions: confirmed → confirming / final; unconfirmed past
 *   BUMP_AFTER_MS → replaced by a version paying a higher fee rate out of the change (replace-by-fee);
 *   unknown to the node → broadcast again; every version conflicted by a transaction not ours → failed.
 */
import { Transaction } from '@scure/btc-signer';
import type { Db } from '../../../db/connection';
import { runInTransaction } from '../../../db/transaction';
import type { SendRequest, SendState } from './adapter';
import { hotWalletOf, type UtxoNetwork } from './utxo-keys';
import { RpcError, type UtxoRpc } from './utxo-rpc';
import { utxoRepo } from './utxo-repo';

/** Outputs below this are refused by nodes (dust); change below it goes to the fee. */
const DUST = 1_000n;
/** Replace-by-fee signalled on every input (BIP125). */
const RBF_SEQUENCE = 0xfffffffd;
/** Virtual bytes: transaction overhead, one P2WPKH input, one output (the largest kind, P2TR/P2WSH). */
const VB_OVERHEAD = 11;
const VB_INPUT = 68;
const VB_OUTPUT = 43;

export interface UtxoWalletSettings {
  feeTarget: number;
  /** Ceiling of the fee rate, base units per virtual byte. */
  maxFeeRate: number;
  bumpAfterMs: number;
  /** The node's watch-only wallet following the hot wallet. */
  walletName: string;
}

export interface UtxoHotWalletOptions extends UtxoWalletSettings {
  chain: string;
  db: Db;
  rpc: UtxoRpc;
  network: UtxoNetwork;
  hotWalletKey: string;
  units: () => Promise<bigint>;
  now: () => number;
}

interface Coin {
  txid: string;
  vout: number;
  amount: bigint;
}

interface Built {
  txid: string;
  raw: string;
  fee: bigint;
  change: bigint;
}

export class UtxoHotWallet {
  readonly address: string;
  private readonly key: ReturnType<typeof hotWalletOf>;
  private readonly walletRpc: UtxoRpc;
  private watching: Promise<void> | undefined;

  constructor(private readonly o: UtxoHotWalletOptions) {
    this.key = hotWalletOf(o.hotWalletKey, o.network);
    this.address = this.key.address;
    this.walletRpc = o.rpc.wallet(o.walletName);
  }

  /** The node's watch-only wallet exists, is loaded and follows the hot address (once per process). */
  ensureWatching(): Promise<void> {
    this.watching ??= this.setUpWatch();
    this.watching.catch(() => (this.watching = undefined));
    return this.watching;
  }

  private async setUpWatch(): Promise<void> {
    const loaded = await this.o.rpc.call<string[]>('listwallets');
    if (!loaded.includes(this.o.walletName)) {
      try {
        await this.o.rpc.call('loadwallet', [this.o.walletName]);
      } catch (err) {
        if (!(err instanceof RpcError) || err.code !== -18) throw err;
        await this.o.rpc.call('createwallet', [this.o.walletName, true, true]);
      }
    }
    const info = await this.walletRpc.call<{ iswatchonly?: boolean; ismine?: boolean }>('getaddressinfo', [
      this.address,
    ]);
    if (info.iswatchonly || info.ismine) return;
    const wallet = await this.walletRpc.call<{ descriptors?: boolean }>('getwalletinfo');
    if (wallet.descriptors) {
      const d = await this.o.rpc.call<{ descriptor: string }>('getdescriptorinfo', [`addr(${this.address})`]);
      await this.walletRpc.call('importdescriptors', [[{ desc: d.descriptor, timestamp: 'now' }]]);
    } else {
      await this.walletRpc.call('importaddress', [this.address, 'oryx-hot', false]);
    }
  }

  /** The hot wallet's confirmed coins, as the node's wallet sees them. */
  async coins(): Promise<Coin[]> {
    await this.ensureWatching();
    const rows = await this.walletRpc.call<{ txid: string; vout: number; amount: number }[]>('listunspent', [
      1,
      9_999_999,
      [this.address],
    ]);
    return rows.map((r) => ({ txid: r.txid, vout: r.vout, amount: coinsToBaseUnits(r.amount) }));
  }

  /** The fee rate now: estimatesmartfee, at least the node's relay fee + 1, at most the ceiling. */
  async feeRate(): Promise<number> {
    const [est, net] = await Promise.all([
      this.o.rpc
        .call<{ feerate?: number }>('estimatesmartfee', [this.o.feeTarget])
        .catch((): { feerate?: number } => ({})),
      this.o.rpc.call<{ relayfee: number }>('getnetworkinfo'),
    ]);
    const floor = perVbyte(net.relayfee) + 1;
    const rate = est.feerate ? Math.max(perVbyte(est.feerate), floor) : floor * 2;
    return Math.min(rate, this.o.maxFeeRate);
  }

  async prepareSends(reqs: readonly SendRequest[]): Promise<void> {
    const paid = await utxoRepo.paidReferences(
      this.o.db,
      reqs.map((r) => r.reference),
    );
    const due = reqs.filter((r) => !paid.has(r.reference));
    if (due.length === 0) return;
    const [coins, feeRate, shift] = await Promise.all([this.coins(), this.feeRate(), this.o.units()]);
    const batch = await runInTransaction(this.o.db, async (trx) => {
      await utxoRepo.lock(trx, this.o.chain);
      // Under the lock: batches committed before this one are seen, their coins and references taken.
      const paidNow = await utxoRepo.paidReferences(
        trx,
        due.map((r) => r.reference),
      );
      const spent = await utxoRepo.spentCoins(trx, this.o.chain, coins);
      const free = coins.filter((c) => !spent.has(`${c.txid}:${c.vout}`));
      const outputs = due
        .filter((r) => !paidNow.has(r.reference))
        .map((r) => ({ reference: r.reference, address: r.to, amount: r.amountMinor * shift }));
      const plan = selectCoins(free, outputs, feeRate);
      if (!plan) return null;
      const built = this.build(plan.inputs, plan.outputs, plan.fee);
      await utxoRepo.insertBatch(trx, {
        chain: this.o.chain,
        txid: built.txid,
        raw: built.raw,
        feeRate,
        fee: built.fee,
        changeMinor: built.change,
        at: this.o.now(),
        outputs: plan.outputs,
        spent: plan.inputs,
      });
      return built;
    });
    if (batch) await this.broadcast(batch.raw);
  }

  /** Signs a transaction spending `inputs` to `outputs`, change (when not dust) back to the hot wallet. */
  build(
    inputs: readonly Coin[],
    outputs: readonly { address: string; amount: bigint }[],
    fee: bigint,
  ): Built {
    const tx = new Transaction({ allowUnknownOutputs: false });
    for (const c of inputs)
      tx.addInput({
        txid: c.txid,
        index: c.vout,
        sequence: RBF_SEQUENCE,
        witnessUtxo: { script: this.key.script, amount: c.amount },
      });
    for (const out of outputs) tx.addOutputAddress(out.address, out.amount, this.o.network);
    const total = inputs.reduce((s, c) => s + c.amount, 0n);
    const paid = outputs.reduce((s, out) => s + out.amount, 0n);
    let change = total - paid - fee;
    if (change < 0n) throw new Error('coins do not cover the outputs and the fee');
    if (change >= DUST) tx.addOutputAddress(this.address, change, this.o.network);
    else change = 0n;
    tx.sign(this.key.privateKey);
    tx.finalize();
    return { txid: tx.id, raw: tx.hex, fee: total - paid - change, change };
  }

  async send(req: SendRequest): Promise<{ txHash: string }> {
    let batch = await utxoRepo.batchOfReference(this.o.db, req.reference);
    if (!batch) {
      await this.prepareSends([req]);
      batch = await utxoRepo.batchOfReference(this.o.db, req.reference);
      if (!batch)
        throw new Error(`chain ${this.o.chain}: the hot wallet's coins do not cover ${req.reference}`);
    }
    return { txHash: batch.txid };
  }

  /** Broadcasts a signed transaction; null when the node took it (or has it), else its refusal. */
  async broadcast(raw: string): Promise<string | null> {
    try {
      await this.o.rpc.call('sendrawtransaction', [raw]);
      return null;
    } catch (err) {
      if (!(err instanceof RpcError) || err.code === null) throw err;
      if (/already in (the )?block ?chain|txn-already-(known|in-mempool)|already have/i.test(err.message))
        return null;
      return err.message;
    }
  }

  async follow(txHash: string, finalAfter: number): Promise<SendState> {
    const batch = await utxoRepo.batchOfTx(this.o.db, txHash);
    if (!batch) return { state: 'failed', reason: 'unknown transaction' };
    await this.ensureWatching();
    const versions = await utxoRepo.versions(this.o.db, batch.id);
    let conflicted = 0;
    for (const v of versions) {
      const info = await this.walletRpc
        .call<{ confirmations: number }>('gettransaction', [v.txid, true])
        .catch((err: unknown) => {
          if (err instanceof RpcError && err.code === -5) return null; // not known to the wallet
          throw err;
        });
      if (!info) continue;
      if (info.confirmations > 0)
        return info.confirmations >= finalAfter
          ? { state: 'final', confirmations: info.confirmations }
          : { state: 'confirming', confirmations: info.confirmations };
      if (info.confirmations < 0) conflicted++;
    }
    if (conflicted === versions.length) return { state: 'failed', reason: 'replaced' };
    const refused = await this.broadcast(batch.raw_tx);
    if (refused && /missingorspent|missing inputs/i.test(refused) && conflicted > 0)
      return { state: 'failed', reason: 'replaced' };
    if (this.o.now() - batch.sent_at >= this.o.bumpAfterMs) await this.bump(batch);
    return { state: 'pending' };
  }

  /** Replace-by-fee: the same coins and outputs at a higher fee rate, paid out of the change. */
  private async bump(batch: { id: number; fee_rate: number; fee_minor: bigint; change_minor: bigint }) {
    const [estimate, net] = await Promise.all([
      this.feeRate(),
      this.o.rpc.call<{ incrementalfee?: number; relayfee: number }>('getnetworkinfo'),
    ]);
    const step = perVbyte(net.incrementalfee ?? net.relayfee);
    const rate = Math.min(
      this.o.maxFeeRate,
      Math.max(estimate, Math.ceil(batch.fee_rate * 1.5), batch.fee_rate + step + 1),
    );
    if (rate <= batch.fee_rate) return; // at the ceiling already
    const [spent, outputs] = await Promise.all([
      utxoRepo.spentOf(this.o.db, batch.id),
      utxoRepo.outputsOf(this.o.db, batch.id),
    ]);
    const fee = BigInt(Math.ceil(vbytes(spent.length, outputs.length + 1) * rate));
    // The replacement must pay more in total than the one it replaces, by its own size at the step.
    if (fee <= batch.fee_minor || fee - batch.fee_minor > batch.change_minor) return;
    const built = this.build(
      spent.map((c) => ({ txid: c.txid, vout: c.vout, amount: c.amount_minor })),
      outputs.map((o) => ({ address: o.address, amount: o.amount_minor })),
      fee,
    );
    const v = { txid: built.txid, raw: built.raw, feeRate: rate, at: this.o.now() };
    await utxoRepo.addVersion(this.o.db, batch.id, v);
    const refused = await this.broadcast(built.raw);
    if (refused === null)
      await utxoRepo.promote(this.o.db, batch.id, { ...v, fee: built.fee, changeMinor: built.change });
    else await utxoRepo.dropVersion(this.o.db, batch.id, built.txid, v.at); // replacement not relayed here
  }
}

/** Virtual size of a P2WPKH-input transaction, outputs counted at the largest kind. */
export const vbytes = (inputs: number, outputs: number): number =>
  VB_OVERHEAD + VB_INPUT * inputs + VB_OUTPUT * outputs;

/** Coins per 1000 virtual bytes (the node's unit) → base units per virtual byte, rounded up. */
const perVbyte = (coinsPerKvb: number): number => Math.ceil(Number(coinsToBaseUnits(coinsPerKvb)) / 1000);

function coinsToBaseUnits(value: number): bigint {
  const [whole, frac = ''] = value.toFixed(8).split('.');
  return BigInt(whole!) * 100_000_000n + BigInt(frac.padEnd(8, '0'));
}

/**
 * Largest coins first until the outputs (in their order; as many as can be paid) and the fee with change
 * are covered; null when not even the first output is.
 */
export function selectCoins<O extends { amount: bigint }>(
  coins: readonly Coin[],
  wanted: readonly O[],
  feeRate: number,
): { inputs: Coin[]; outputs: O[]; fee: bigint } | null {
  const sorted = [...coins].sort((a, b) => (a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : 0));
  const available = sorted.reduce((s, c) => s + c.amount, 0n);
  const feeOf = (inputs: number, outputs: number) => BigInt(Math.ceil(vbytes(inputs, outputs + 1) * feeRate));
  // As many outputs as all the coins could pay.
  const outputs: O[] = [];
  let need = 0n;
  for (const w of wanted) {
    if (need + w.amount + feeOf(sorted.length, outputs.length + 1) > available) break;
    outputs.push(w);
    need += w.amount;
  }
  if (outputs.length === 0) return null;
  const inputs: Coin[] = [];
  let have = 0n;
  for (const c of sorted) {
    inputs.push(c);
    have += c.amount;
    const fee = feeOf(inputs.length, outputs.length);
    if (have >= need + fee) return { inputs, outputs, fee };
  }
  return null;
}
