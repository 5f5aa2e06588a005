/**
 * What the deposit and withdrawal pages read about a coin: `wallet/get_info` (terms, networks as
 * `type_data`, the caller's balances and bound addresses) and the funding fields of `wallet/list` rows.
 */
import { formatMinor } from '@oryx/contracts/money';
import type { CoinInfo } from '@oryx/contracts/funding/coin-calls';
import type { WalletRowFunding } from '../../lib/seams';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { catalogRepo } from '../catalog/repo';
import { ledger, userAccount } from '../ledger/service';
import { loadValuation, PRICE_SCALE } from '../wallet/valuation';
import { listAddresses } from './address-book';
import { fundingConfig, type CoinTerms, type Network } from './config';
import { fundingConfigRepo } from './config-repo';
import { assertOpen, coinOf } from './service';
import { SANDBOX_CHAIN, sandboxTestAddress } from './chain/sandbox';

const HOUR_MS = 3_600_000;

/** A network's fee rate as the wire's percent (basis points / 100). */
const percentOf = (bps: number) => formatMinor(BigInt(bps), 2);

/** Demo mode, sandbox network: the test recipient offered on the withdrawal page; '' otherwise. */
function testAddressOf(ctx: AppContext, n: Network): string {
  return ctx.env.ORYX_MODE === 'demo' && n.chain === SANDBOX_CHAIN
    ? sandboxTestAddress(ctx.env.SANDBOX_CHAIN_SEED)
    : '';
}

export function networkWire(coin: CoinTerms, n: Network) {
  const min = n.min_withdraw_minor > coin.min_withdraw_minor ? n.min_withdraw_minor : coin.min_withdraw_minor;
  return {
    id: n.id,
    type: n.type,
    name: n.name,
    contract_address: n.contract_address,
    min_number: formatMinor(min, coin.scale),
    rate: percentOf(n.fee_rate_bps),
    confirmations: n.confirmations,
    chain: n.chain,
  };
}

/** `wallet/get_info`. */
export async function coinInfo(ctx: AppContext, userId: number, currencyId: number): Promise<CoinInfo> {
  assertOpen(ctx);
  const db = ctx.db;
  const coin = await coinOf(db, currencyId);
  const networks = (await fundingConfig.networks(db, currencyId)).map((n) => ({
    ...networkWire(coin, n),
    test_address: testAddressOf(ctx, n),
  }));
  const [change, legal, addresses, currencies] = await Promise.all([
    ledger.balance(db, userAccount(userId, 'change'), currencyId),
    ledger.balance(db, userAccount(userId, 'legal'), currencyId),
    listAddresses(ctx, userId, currencyId),
    catalogRepo.currencies(db),
  ]);
  const valuation = await loadValuation(db, currencies, ctx.seams.usdtPrices);
  const fmt = (v: bigint) => formatMinor(v, coin.scale);
  const first = networks[0];
  return {
    currency: coin.currency_id,
    name: coin.name,
    rate: first?.rate ?? '0.00',
    change_balance: fmt(change.availableMinor),
    lock_change_balance: fmt(change.frozenMinor),
    legal_balance: fmt(legal.availableMinor),
    min_number: first?.min_number ?? fmt(coin.min_withdraw_minor),
    max_number: fmt(coin.max_withdraw_minor),
    withdraw_fee: fmt(coin.withdraw_fee_minor),
    approval_above: fmt(coin.approval_above_minor),
    min_deposit: fmt(coin.min_deposit_minor),
    type: first?.type ?? '',
    contract_address: first?.contract_address ?? '',
    make_wallet: coin.make_wallet,
    multi_protocol: networks.length > 1 ? 1 : 0,
    type_data: networks,
    wallet_data: addresses.map((a) => ({
      id: a.id,
      currency: a.currency,
      label: a.address,
      type: a.type,
      memo: a.memo,
      usable_at: a.usable_at,
    })),
    extension_code: coin.make_wallet === 2 ? String(userId) : '',
    is_show: coin.is_show,
    exchange_ate: formatMinor(valuation.usdtPrice.get(currencyId) ?? 0n, PRICE_SCALE),
    deposit_open: coin.deposit_open,
    withdraw_open: coin.withdraw_open,
    address_cooloff_ms: Math.round(ctx.env.FUNDING_ADDRESS_COOLOFF_HOURS * HOUR_MS),
  };
}

/** The funding fields of every configured coin's `wallet/list` rows, by currency id. */
export async function walletRowFunding(db: Db): Promise<Map<number, WalletRowFunding>> {
  const [coins, networks] = await Promise.all([
    fundingConfigRepo.coins(db),
    fundingConfigRepo.enabledNetworks(db),
  ]);
  const out = new Map<number, WalletRowFunding>();
  for (const c of coins) {
    const mine = networks.filter((n) => n.currency_id === c.currency_id);
    out.set(c.currency_id, {
      currency_type: mine[0]?.type ?? '',
      contract_address: mine[0]?.contract_address ?? '',
      multi_protocol: mine.length > 1 ? 1 : 0,
      is_show_memo: c.make_wallet === 2 ? 1 : 0,
      type: mine[0]?.type ?? '',
    });
  }
  return out;
}
