/**
 * The chain side of a sweep (evm-sweeps.ts): the transfer's call at given fees, following a kept
 * transaction's versions to its confirmations (a lost one broadcast again, a stuck one bumped: the same
 * nonce, both fee caps 25 % higher at least), and the unit arithmetic between on-chain units and minor units.
 */
import { encodeFunctionData, erc20Abi, keccak256, parseTransaction, type Hex } from 'viem';
import type { AppContext } from '../../lib/context';
import { confirmationsAt } from './chain/adapter';
import { NATIVE_ASSET, type EvmAdapter } from './chain/evm';
import { evmSweepsRepo, type SweepRow, type SweepTxRow } from './evm-sweeps-repo';

export const NATIVE_GAS = 21_000n;
const TOKEN_GAS_MARGIN = 130n;
/** A bump raises both fee caps by this many percent (nodes want at least 10 %). */
const BUMP_PERCENT = 125n;

export type Units = { shift: bigint; up: boolean };
export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/** The gas limit of the token transfer from the deposit address (estimated, with a margin). */
export async function tokenGas(a: EvmAdapter, s: SweepRow, amount: bigint): Promise<bigint> {
  const estimate = await a.client.estimateGas({
    account: s.address as Hex,
    to: s.asset as Hex,
    data: transferData(a, amount),
  });
  return (estimate * TOKEN_GAS_MARGIN) / 100n;
}

const transferData = (a: EvmAdapter, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [a.hotWalletAddress as Hex, amount] });

/** The transfer's call at these fees: the whole token balance, or the native balance but the fee. */
export async function transferCall(a: EvmAdapter, s: SweepRow, fees: Fees) {
  if (s.asset === NATIVE_ASSET) {
    const native = await a.unitsOf(NATIVE_ASSET);
    const balance = await a.balanceRaw(NATIVE_ASSET, s.address);
    const value = whole(balance - NATIVE_GAS * fees.maxFeePerGas, native);
    if (value <= 0n) return null;
    return { to: a.hotWalletAddress as Hex, value, data: '0x' as Hex, gas: NATIVE_GAS, valueRaw: value };
  }
  const amount = whole(await a.balanceRaw(s.asset, s.address), await a.unitsOf(s.asset));
  if (amount === 0n) return null;
  const gas = await tokenGas(a, s, amount);
  return { to: s.asset as Hex, value: 0n, data: transferData(a, amount), gas, valueRaw: amount };
}

export interface Mined {
  tx: SweepTxRow;
  ok: boolean;
  feeRaw: bigint;
}

/**
 * The version of the sweep's `kind` transaction mined with `finalAfter` confirmations, or null: still
 * waiting (a lost one broadcast again, a stuck one bumped).
 */
export async function follow(
  ctx: AppContext,
  a: EvmAdapter,
  s: SweepRow,
  kind: 'topup' | 'transfer',
  finalAfter: number,
): Promise<Mined | null> {
  const versions = await evmSweepsRepo.txs(ctx.db, s.id, kind);
  const last = versions.at(-1);
  if (!last) throw new Error(`sweep ${s.id}: no ${kind} transaction kept`);
  const head = await a.head();
  for (const tx of [...versions].reverse()) {
    const r = await a.client.getTransactionReceipt({ hash: tx.tx_hash as Hex }).catch(() => null);
    if (!r) continue;
    if (confirmationsAt(Number(r.blockNumber), head) < finalAfter) return null;
    return { tx, ok: r.status === 'success', feeRaw: r.gasUsed * r.effectiveGasPrice };
  }
  const isStuck =
    head - last.sent_height >= ctx.env.EVM_SWEEP_BUMP_BLOCKS ||
    ctx.clock.now() - last.created_at >= ctx.env.EVM_SWEEP_BUMP_MS;
  if (isStuck) await bump(ctx, a, s, last, head);
  else if (!(await a.client.getTransaction({ hash: last.tx_hash as Hex }).catch(() => null)))
    await a.hotWallet!.broadcast(last.raw_tx as Hex);
  return null;
}

/** A new version of a stuck transaction: the same nonce and call, both fee caps 25 % higher at least. */
async function bump(ctx: AppContext, a: EvmAdapter, s: SweepRow, last: SweepTxRow, head: number) {
  const old = parseTransaction(last.raw_tx as Hex);
  const now = await a.client.estimateFeesPerGas();
  const raise = (v: bigint | undefined) => ((v ?? 0n) * BUMP_PERCENT) / 100n + 1n;
  const fees: Fees = {
    maxFeePerGas: max(now.maxFeePerGas, raise(old.maxFeePerGas)),
    maxPriorityFeePerGas: max(now.maxPriorityFeePerGas, raise(old.maxPriorityFeePerGas)),
  };
  fees.maxFeePerGas = max(fees.maxFeePerGas, fees.maxPriorityFeePerGas);
  let call = { to: old.to!, value: old.value ?? 0n, data: old.data ?? ('0x' as Hex), gas: old.gas! };
  let valueRaw = BigInt(last.value_raw);
  if (last.kind === 'transfer' && s.asset === NATIVE_ASSET) {
    // All but the fee: a higher fee leaves less to send.
    const c = await transferCall(a, s, fees);
    if (!c) throw new Error('the balance no longer covers a higher fee');
    call = { ...call, value: c.value };
    valueRaw = c.valueRaw;
  } else if (last.kind === 'transfer') {
    const have = await a.balanceRaw(NATIVE_ASSET, last.from_address);
    if (have < call.gas * fees.maxFeePerGas) throw new Error('the address lacks the gas for a higher fee');
  }
  const tx = { type: 'eip1559' as const, chainId: a.chainId, nonce: last.nonce, ...call, ...fees };
  const raw =
    last.kind === 'topup'
      ? await a.hotWallet!.signAt(last.nonce, { to: call.to, value: call.value, gas: call.gas, ...fees })
      : await a.sweepKeys!.account(s.address_index).signTransaction(tx);
  // The primary key (sweep, kind, version) lets one worker keep this version; the other's insert fails.
  await evmSweepsRepo.insertTx(ctx.db, {
    ...last,
    version: last.version + 1,
    tx_hash: keccak256(raw),
    raw_tx: raw,
    value_raw: valueRaw.toString(),
    max_fee_per_gas: fees.maxFeePerGas.toString(),
    sent_height: head,
    created_at: ctx.clock.now(),
  });
  const refused = await a.hotWallet!.broadcast(raw);
  ctx.log.warn({ sweep: s.id, kind: last.kind, version: last.version + 1, refused }, 'funding: sweep bumped');
}

/** The gas a mined transaction paid, in the native currency's minor units (rounded up: a cost). */
export function feeMinor(m: Mined, native: Units): bigint {
  return native.up ? m.feeRaw * native.shift : (m.feeRaw + native.shift - 1n) / native.shift;
}

/** On-chain units rounded down to whole minor units of the currency. */
export function whole(raw: bigint, u: Units): bigint {
  if (raw <= 0n) return 0n;
  return u.up ? raw : (raw / u.shift) * u.shift;
}

/** On-chain units rounded up to whole minor units of the currency. */
export function wholeUp(raw: bigint, u: Units): bigint {
  return u.up ? raw : ((raw + u.shift - 1n) / u.shift) * u.shift;
}

/** On-chain units already whole (whole / wholeUp) → minor units. */
export function toMinorExact(raw: bigint, u: Units): bigint {
  return u.up ? raw * u.shift : raw / u.shift;
}

const max = (x: bigint, y: bigint) => (x > y ? x : y);
