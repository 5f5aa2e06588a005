/**
 * Sweeps of EVM deposit addresses into the hot wallet. A deposit address whose credited deposits since
 * its last sweep reach the currency's threshold (EVM_SWEEP_MIN) gets a sweep row, one open per address
 * and asset (`open_key`), which moves through its states one step per run:
 *
 *   new ──(ERC-20 and too little gas at the address)──▶ topup ──▶ transfer ──▶ done
 *    └──────────────(native, or enough gas)───────────────────────▲        └──▶ failed (reverted)
 *
 * - topup: the hot wallet sends the address the native coin the token transfer's gas needs (its nonce
 *   from the hot wallet's nonce row, so it never collides with a withdrawal).
 * An address's sweeps (a token and the native coin) go one after the other, oldest first.
 * - transfer: the address sends its whole token balance (native: all but the fee) to the hot wallet,
 *   signed with the deposit address's key (EVM_SWEEP_XPRV).
 * Each transaction is signed and kept (`funding_evm_sweep_txs`) in the database transaction that moves
 * the sweep's state (a conditional update: two workers racing sign once, the loser rolls back), then
 * broadcast; a kept transaction the node lost is broadcast again. One not mined EVM_SWEEP_BUMP_BLOCKS
 * blocks or EVM_SWEEP_BUMP_MS after it was signed is replaced: the same nonce, fees 25 % higher (a new
 * version; whichever version is mined counts). A step that fails (a node error, a refusal) is noted on the
 * row and tried again on the next run.
 *
 * The ledger, once a transaction has its network's confirmations, in the transaction that moves the state:
 * the top-up `chain_hot_wallet` → `evm_hot_wallet` (the coins are still the exchange's, now at the deposit
 * address), its gas `chain_gas` → `evm_hot_wallet`; the sweep's amount `evm_hot_wallet` → `chain_hot_wallet`
 * (they are in the hot wallet now), its gas `chain_gas` → `chain_hot_wallet`. So −`evm_hot_wallet` is what
 * the ledger says the hot wallet holds (evm-reconcile.ts checks it against the chain).
 */
import { getAddress, keccak256, type Hex } from 'viem';
import { parseDecimal } from '@oryx/contracts/money';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount } from '../ledger/service';
import { catalogRepo } from '../catalog/repo';
import { EvmAdapter, NATIVE_ASSET } from './chain/evm';
import { chainAdapter } from './chain/registry';
import { fundingConfigRepo } from './config-repo';
import { evmSweepsRepo, type SweepRow } from './evm-sweeps-repo';
import {
  feeMinor,
  follow,
  NATIVE_GAS,
  tokenGas,
  toMinorExact,
  transferCall,
  whole,
  wholeUp,
  type Mined,
} from './evm-sweep-chain';

export const SWEEP_REF_TYPE = 'funding_evm_sweep';
/** Addresses that may get a sweep per network and run, and sweeps advanced per run. */
const CANDIDATES_MAX = 200;
const OPEN_SWEEPS_MAX = 500;
/** A top-up pays for the transfer at twice the fee estimated (room for a bump). */
const TOPUP_FEE_FACTOR = 2n;

/** Lost a race: another worker moved the sweep first (rolls the step back). */
class SweepMoved extends Error {}

/** The EVM adapter that can sweep (hot wallet and deposit keys), or null. */
export function sweepingAdapter(ctx: AppContext): EvmAdapter | null {
  let a;
  try {
    a = chainAdapter(ctx, ctx.env.EVM_CHAIN);
  } catch {
    return null;
  }
  return a instanceof EvmAdapter && a.sweepKeys && a.hotWallet ? a : null;
}

/** `USDT:100,ETH:0.05` → minor units by currency id (names the catalogue does not know are refused). */
export async function amountsByCurrency(ctx: AppContext, text: string, what: string) {
  const out = new Map<number, bigint>();
  for (const part of text.split(',').map((p) => p.trim())) {
    if (!part) continue;
    const [name, amount] = part.split(':').map((p) => p.trim());
    const c = name ? await catalogRepo.currencyByName(ctx.db, name) : undefined;
    const row = c && (await catalogRepo.currency(ctx.db, c.id));
    const minor = row && amount !== undefined ? parseAmount(amount, row.scale) : null;
    if (minor === null) throw new Error(`${what}: cannot read "${part}" (currency:amount, comma separated)`);
    out.set(row!.id, minor);
  }
  return out;
}

function parseAmount(text: string, scale: number): bigint | null {
  try {
    return parseDecimal(text, scale, { allowZero: true });
  } catch {
    return null;
  }
}

export interface SweepReport {
  created: number;
  advanced: number;
  failed: number;
}

/** One run: new sweeps for the addresses above their threshold, then one step of every open sweep. */
export async function runEvmSweeps(ctx: AppContext): Promise<SweepReport | null> {
  const a = sweepingAdapter(ctx);
  if (!a) return null;
  const report: SweepReport = { created: await createSweeps(ctx, a), advanced: 0, failed: 0 };
  for (const s of await evmSweepsRepo.openSweeps(ctx.db, a.chain, OPEN_SWEEPS_MAX)) {
    try {
      if (await advance(ctx, a, s)) report.advanced++;
    } catch (err) {
      if (err instanceof SweepMoved) continue;
      // Another worker took the step first (its signed transaction kept under the same key): not a failure.
      if ((await evmSweepsRepo.sweep(ctx.db, s.id))?.state !== s.state) continue;
      report.failed++;
      const text = err instanceof Error ? err.message : String(err);
      await evmSweepsRepo.noteError(ctx.db, s.id, text, ctx.clock.now());
      ctx.log.warn({ err, sweep: s.id }, 'funding: sweep step failed, tried again next run');
    }
  }
  return report;
}

async function createSweeps(ctx: AppContext, a: EvmAdapter): Promise<number> {
  const thresholds = await amountsByCurrency(ctx, ctx.env.EVM_SWEEP_MIN, 'EVM_SWEEP_MIN');
  let created = 0;
  for (const n of await fundingConfigRepo.networksOnChain(ctx.db, a.chain)) {
    const threshold = thresholds.get(n.currency_id);
    if (threshold === undefined) continue;
    const asset = n.contract_address === NATIVE_ASSET ? NATIVE_ASSET : getAddress(n.contract_address);
    const rows = await evmSweepsRepo.candidates(
      ctx.db,
      a.chain,
      n.id,
      n.contract_address,
      threshold,
      CANDIDATES_MAX,
    );
    for (const c of rows) {
      // User i's own address is child i; a memo coin's collection address is child 0.
      const index = a.deriveAddress(Number(c.user_id)) === c.address ? Number(c.user_id) : 0;
      if (a.deriveAddress(index) !== c.address) {
        ctx.log.warn({ address: c.address }, 'funding: deposit address not derived from EVM_XPUB, not swept');
        continue;
      }
      const at = ctx.clock.now();
      const id = await evmSweepsRepo.insertSweep(ctx.db, {
        chain: a.chain,
        network_id: n.id,
        currency_id: n.currency_id,
        asset: n.contract_address,
        address: c.address,
        address_index: index,
        open_key: `${a.chain}:${c.address}:${asset.toLowerCase()}`,
        state: 'new',
        through_deposit_id: Number(c.last_id),
        created_at: at,
        updated_at: at,
      });
      if (id) created++;
    }
  }
  return created;
}

/** One step of a sweep; false when it waits (a transaction not mined or not confirmed yet). */
async function advance(ctx: AppContext, a: EvmAdapter, s: SweepRow): Promise<boolean> {
  if (s.state === 'new') return start(ctx, a, s);
  const network = await fundingConfigRepo.network(ctx.db, s.network_id);
  const finalAfter = network?.confirmations ?? 1;
  if (s.state === 'topup') {
    const mined = await follow(ctx, a, s, 'topup', finalAfter);
    if (!mined) return false;
    return signTransfer(ctx, a, s, 'topup', mined);
  }
  const mined = await follow(ctx, a, s, 'transfer', finalAfter);
  if (!mined) return false;
  return close(ctx, a, s, mined);
}

/** ERC-20: a top-up first when the address lacks the gas; native (or gas enough): the transfer. */
async function start(ctx: AppContext, a: EvmAdapter, s: SweepRow): Promise<boolean> {
  // One sweep of an address at a time: a second one would sign over the first's nonce and balance.
  if ((await evmSweepsRepo.firstOpenAt(ctx.db, a.chain, s.address))?.id !== s.id) return false;
  if (s.asset === NATIVE_ASSET) return signTransfer(ctx, a, s, 'new', null);
  const units = await a.unitsOf(s.asset);
  const amount = whole(await a.balanceRaw(s.asset, s.address), units);
  if (amount === 0n) return closeEmpty(ctx, s, 'new', 'nothing to sweep');
  const gas = await tokenGas(a, s, amount);
  const [fees, have] = await Promise.all([
    a.client.estimateFeesPerGas(),
    a.balanceRaw(NATIVE_ASSET, s.address),
  ]);
  const need = gas * fees.maxFeePerGas * TOPUP_FEE_FACTOR;
  if (have >= need) return signTransfer(ctx, a, s, 'new', null);
  const native = await a.unitsOf(NATIVE_ASSET);
  const topup = wholeUp(need - have, native);
  const hot = a.hotWallet!;
  const chainNonce = await hot.pendingNonce();
  const height = await a.head();
  const raw = await runInTransaction(ctx.db, async (trx) => {
    const signed = await hot.signNext(trx, chainNonce, {
      to: s.address as Hex,
      value: topup,
      gas: NATIVE_GAS,
      ...fees,
    });
    await evmSweepsRepo.insertTx(trx, {
      sweep_id: s.id,
      kind: 'topup',
      version: 1,
      from_address: hot.address,
      nonce: signed.nonce,
      tx_hash: signed.txHash,
      raw_tx: signed.raw,
      value_raw: topup.toString(),
      max_fee_per_gas: fees.maxFeePerGas.toString(),
      sent_height: height,
      created_at: ctx.clock.now(),
    });
    const moved = await evmSweepsRepo.move(trx, s.id, 'new', {
      state: 'topup',
      topup_minor: toMinorExact(topup, native),
      updated_at: ctx.clock.now(),
    });
    if (!moved) throw new SweepMoved();
    return signed.raw;
  });
  await hot.broadcast(raw);
  return true;
}

/**
 * Signs the deposit address's transfer to the hot wallet and moves the sweep `from` → transfer; after a
 * top-up (`mined` its confirmed version) books the top-up and its gas in the same transaction.
 */
async function signTransfer(
  ctx: AppContext,
  a: EvmAdapter,
  s: SweepRow,
  from: 'new' | 'topup',
  mined: Mined | null,
): Promise<boolean> {
  const native = await a.unitsOf(NATIVE_ASSET);
  const account = a.sweepKeys!.account(s.address_index);
  const [fees, nonce, height] = await Promise.all([
    a.client.estimateFeesPerGas(),
    a.client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
    a.head(),
  ]);
  const call = await transferCall(a, s, fees);
  // Read before the transaction: nothing inside it may wait on another connection (SQLite has one).
  const nativeId = mined ? await nativeCurrency(ctx, a) : 0;
  if (!call) {
    const why = 'nothing to sweep beyond the fee';
    if (!mined) return closeEmpty(ctx, s, from, why);
    await runInTransaction(ctx.db, async (trx) => {
      const at = ctx.clock.now();
      const gasMinor = feeMinor(mined, native);
      const set = { state: 'done', gas_minor: gasMinor, last_error: why, updated_at: at };
      if (!(await evmSweepsRepo.move(trx, s.id, from, set))) throw new SweepMoved();
      await bookTopup(trx, nativeId, s, gasMinor, at);
    });
    return true;
  }
  const raw = await account.signTransaction({ type: 'eip1559', chainId: a.chainId, nonce, ...call, ...fees });
  await runInTransaction(ctx.db, async (trx) => {
    await evmSweepsRepo.insertTx(trx, {
      sweep_id: s.id,
      kind: 'transfer',
      version: 1,
      from_address: account.address,
      nonce,
      tx_hash: keccak256(raw),
      raw_tx: raw,
      value_raw: call.valueRaw.toString(),
      max_fee_per_gas: fees.maxFeePerGas.toString(),
      sent_height: height,
      created_at: ctx.clock.now(),
    });
    const at = ctx.clock.now();
    const gasMinor = mined ? feeMinor(mined, native) : 0n;
    const moved = await evmSweepsRepo.move(trx, s.id, from, {
      state: 'transfer',
      gas_minor: gasMinor,
      updated_at: at,
    });
    if (!moved) throw new SweepMoved();
    if (mined) await bookTopup(trx, nativeId, s, gasMinor, at);
  });
  await a.hotWallet!.broadcast(raw);
  return true;
}

/** The confirmed top-up: its coins now at the deposit address, its gas paid by the hot wallet. */
async function bookTopup(trx: Db, currencyId: number, s: SweepRow, gasMinor: bigint, at: number) {
  const ref = { type: SWEEP_REF_TYPE, id: s.id };
  await ledger.transfer(trx, {
    from: systemAccount('chain_hot_wallet'),
    to: systemAccount('evm_hot_wallet'),
    currencyId,
    amountMinor: s.topup_minor,
    reason: 'funding.sweep_topup',
    ref,
    at,
  });
  if (gasMinor > 0n)
    await ledger.transfer(trx, {
      from: systemAccount('chain_gas'),
      to: systemAccount('evm_hot_wallet'),
      currencyId,
      amountMinor: gasMinor,
      reason: 'funding.sweep_gas',
      ref,
      at,
    });
}

/** The transfer has its confirmations: done (amount and gas booked) or, reverted, failed (gas booked). */
async function close(ctx: AppContext, a: EvmAdapter, s: SweepRow, mined: Mined): Promise<boolean> {
  const native = await a.unitsOf(NATIVE_ASSET);
  const units = await a.unitsOf(s.asset);
  const gasMinor = s.gas_minor + feeMinor(mined, native);
  const amountMinor = mined.ok ? toMinorExact(BigInt(mined.tx.value_raw), units) : 0n;
  const nativeId = await nativeCurrency(ctx, a);
  await runInTransaction(ctx.db, async (trx) => {
    const at = ctx.clock.now();
    const moved = await evmSweepsRepo.move(trx, s.id, 'transfer', {
      state: mined.ok ? 'done' : 'failed',
      amount_minor: amountMinor,
      gas_minor: gasMinor,
      last_error: mined.ok ? '' : 'the transfer reverted',
      updated_at: at,
    });
    if (!moved) throw new SweepMoved();
    const ref = { type: SWEEP_REF_TYPE, id: s.id };
    if (amountMinor > 0n)
      await ledger.transfer(trx, {
        from: systemAccount('evm_hot_wallet'),
        to: systemAccount('chain_hot_wallet'),
        currencyId: s.currency_id,
        amountMinor,
        reason: 'funding.sweep',
        ref,
        at,
      });
    const transferGas = gasMinor - s.gas_minor;
    if (transferGas > 0n)
      await ledger.transfer(trx, {
        from: systemAccount('chain_gas'),
        to: systemAccount('chain_hot_wallet'),
        currencyId: nativeId,
        amountMinor: transferGas,
        reason: 'funding.sweep_gas',
        ref,
        at,
      });
  });
  return true;
}

/**
 * Nothing (or not more than the fee) left at the address (swept with the seed elsewhere, say): closed as
 * done with nothing moved, so the deposits it covers are not looked at again.
 */
async function closeEmpty(ctx: AppContext, s: SweepRow, from: string, why: string): Promise<boolean> {
  const moved = await evmSweepsRepo.move(ctx.db, s.id, from, {
    state: 'done',
    last_error: why,
    updated_at: ctx.clock.now(),
  });
  return moved;
}

async function nativeCurrency(ctx: AppContext, a: EvmAdapter): Promise<number> {
  const n = await fundingConfigRepo.networkOfAsset(ctx.db, a.chain, NATIVE_ASSET);
  if (!n) throw new Error(`chain ${a.chain}: no network for the native coin, gas cannot be booked`);
  return n.currency_id;
}
