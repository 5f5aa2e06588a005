/**
 * The hot wallet's reconciliation (each hour, job `funding.evm_reconcile`): per currency of the EVM chain,
 * the hot wallet's balance on the chain against what the ledger says it holds (−`evm_hot_wallet`: the
 * sweeps in, the top-ups and gas out, evm-sweeps.ts; withdrawals paid by it out), kept in
 * `funding_evm_reconciliations` with the difference. A difference beyond the currency's tolerance
 * (EVM_RECONCILE_TOLERANCE, default 0) is flagged: logged as an error and told to every operator who may
 * act (`console.reconciliation`); the console's page shows the latest row per currency.
 */
import { formatMinor } from '@oryx/contracts/money';
import type { AppContext } from '../../lib/context';
import { catalogRepo } from '../catalog/repo';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount } from '../ledger/service';
import { notifyOperators } from '../notifications/operators';
import { EvmAdapter, NATIVE_ASSET, toMinor } from './chain/evm';
import { chainAdapter } from './chain/registry';
import { fundingConfigRepo } from './config-repo';
import { amountsByCurrency } from './evm-sweeps';
import { evmSweepsRepo } from './evm-sweeps-repo';

export interface ReconciliationResult {
  currencyId: number;
  onchainMinor: bigint;
  ledgerMinor: bigint;
  differenceMinor: bigint;
  isFlagged: boolean;
}

/** What the ledger says the EVM hot wallet holds of a currency. */
export async function hotWalletLedgerMinor(ctx: AppContext, currencyId: number): Promise<bigint> {
  const b = await ledger.balance(ctx.db, systemAccount('evm_hot_wallet'), currencyId);
  return -(b.availableMinor + b.frozenMinor);
}

/** One reconciliation of every currency on the EVM chain; null when there is no EVM hot wallet. */
export async function reconcileEvmHotWallet(ctx: AppContext): Promise<ReconciliationResult[] | null> {
  let a;
  try {
    a = chainAdapter(ctx, ctx.env.EVM_CHAIN);
  } catch {
    return null;
  }
  if (!(a instanceof EvmAdapter) || !a.hotWalletAddress) return null;
  const tolerances = await amountsByCurrency(ctx, ctx.env.EVM_RECONCILE_TOLERANCE, 'EVM_RECONCILE_TOLERANCE');
  const seen = new Set<number>();
  const out: ReconciliationResult[] = [];
  for (const n of await fundingConfigRepo.networksOnChain(ctx.db, a.chain)) {
    if (seen.has(n.currency_id)) continue;
    seen.add(n.currency_id);
    const asset = n.contract_address === NATIVE_ASSET ? NATIVE_ASSET : n.contract_address;
    const onchainMinor = toMinor(await a.balanceRaw(asset, a.hotWalletAddress), await a.unitsOf(asset));
    const ledgerMinor = await hotWalletLedgerMinor(ctx, n.currency_id);
    const differenceMinor = onchainMinor - ledgerMinor;
    const toleranceMinor = tolerances.get(n.currency_id) ?? 0n;
    const isFlagged = differenceMinor > toleranceMinor || -differenceMinor > toleranceMinor;
    const at = ctx.clock.now();
    await runInTransaction(ctx.db, async (trx) => {
      await evmSweepsRepo.insertReconciliation(trx, {
        chain: a.chain,
        currency_id: n.currency_id,
        hot_address: a.hotWalletAddress,
        at,
        onchain_minor: onchainMinor,
        ledger_minor: ledgerMinor,
        difference_minor: differenceMinor,
        tolerance_minor: toleranceMinor,
        is_flagged: isFlagged ? 1 : 0,
      });
      if (!isFlagged) return;
      const abs = differenceMinor < 0n ? -differenceMinor : differenceMinor;
      const notice = {
        kind: 'console.reconciliation' as const,
        params: { chain: a.chain },
        money: { currencyId: n.currency_id, minor: abs },
      };
      await notifyOperators(trx, notice, [], at);
    });
    if (isFlagged)
      ctx.log.error(
        { currencyId: n.currency_id, difference: differenceMinor.toString() },
        'funding: the EVM hot wallet differs from the ledger',
      );
    out.push({ currencyId: n.currency_id, onchainMinor, ledgerMinor, differenceMinor, isFlagged });
  }
  return out;
}

/** The latest reconciliation of each currency (the console's page). */
export async function latestReconciliations(ctx: AppContext) {
  return evmSweepsRepo.latestReconciliations(ctx.db, ctx.env.EVM_CHAIN);
}

const SWEEPS_SHOWN = 50;

/** The console's view: the latest reconciliation per currency and the latest sweeps. */
export async function evmConsoleView(ctx: AppContext) {
  const chain = ctx.env.EVM_CHAIN;
  const [rows, sweeps, currencies, native] = await Promise.all([
    evmSweepsRepo.latestReconciliations(ctx.db, chain),
    evmSweepsRepo.sweepsOf(ctx.db, chain, SWEEPS_SHOWN),
    catalogRepo.currencyMap(ctx.db),
    fundingConfigRepo.networkOfAsset(ctx.db, chain, NATIVE_ASSET),
  ]);
  const nativeCurrency = native ? currencies.get(native.currency_id) : undefined;
  const scaleOf = (id: number) => currencies.get(id)?.scale ?? 0;
  const nameOf = (id: number) => currencies.get(id)?.name ?? String(id);
  const money = (minor: bigint, id: number) => formatMinor(minor, scaleOf(id));
  return {
    chain,
    hot_address: rows.at(-1)?.hot_address ?? '',
    native_currency_name: nativeCurrency?.name ?? '',
    list: rows.map((r) => ({
      currency: r.currency_id,
      currency_name: nameOf(r.currency_id),
      at: r.at,
      onchain: money(r.onchain_minor, r.currency_id),
      ledger: money(r.ledger_minor, r.currency_id),
      difference: money(r.difference_minor, r.currency_id),
      tolerance: money(r.tolerance_minor, r.currency_id),
      is_flagged: r.is_flagged === 1,
    })),
    sweeps: sweeps.map((s) => ({
      id: s.id,
      currency_name: nameOf(s.currency_id),
      address: s.address,
      state: s.state,
      amount: money(s.amount_minor, s.currency_id),
      gas: nativeCurrency ? formatMinor(s.gas_minor, nativeCurrency.scale) : s.gas_minor.toString(),
      attempts: s.attempts,
      last_error: s.last_error,
      updated_at: s.updated_at,
    })),
  };
}
