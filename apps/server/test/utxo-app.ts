/** The funding module on a Litecoin regtest node (utxo-node.ts): LTC's network moved to the UTXO chain. */
import type { TestApp } from './harness';
import { LTC_REGTEST, type UtxoNode } from './utxo-node';
import { ledger, userAccount } from '../src/modules/ledger/service';
import { scanChain } from '../src/modules/funding/deposits';
import { coinOf, depositAddressOf, networkOf } from '../src/modules/funding/service';
import { UtxoAdapter } from '../src/modules/funding/chain/utxo';
import { UtxoRpc } from '../src/modules/funding/chain/utxo-rpc';

export const LTC = 4;
export const LTC_CHAIN = 'ltc';
export const LTC_CONFIRMATIONS = 3;
/** Outputs below this many base units are dust, not deposits. */
export const LTC_DUST = 10_000n;

export function ltcAdapter(t: TestApp, node: UtxoNode, o: { url?: string; timeoutMs?: number } = {}) {
  return new UtxoAdapter({
    chain: LTC_CHAIN,
    db: t.app.ctx.db,
    rpc: new UtxoRpc({ url: o.url ?? node.url, timeoutMs: o.timeoutMs }),
    network: LTC_REGTEST,
    xpub: node.xpub,
    hotWalletKey: node.hotKey,
    dustMinor: LTC_DUST,
    feeTarget: 6,
    maxFeeRate: 200,
    bumpAfterMs: 600_000,
    walletName: 'oryx-hot',
    now: () => t.clock.now(),
  });
}

/** Puts LTC's network on the UTXO chain and the adapter in the app. */
export async function onLtc(t: TestApp, node: UtxoNode, o: { url?: string; timeoutMs?: number } = {}) {
  await t.app.ctx.db
    .updateTable('funding_networks')
    .set({ chain: LTC_CHAIN, contract_address: '', confirmations: LTC_CONFIRMATIONS })
    .where('currency_id', '=', LTC)
    .execute();
  const adapter = ltcAdapter(t, node, o);
  t.app.ctx.services.funding.chains.set(adapter);
  return adapter;
}

export async function ltcUser(t: TestApp, email: string) {
  const { ctx } = t.app;
  const userId = await t.userId(email);
  const coin = await coinOf(ctx.db, LTC);
  const network = await networkOf(ctx.db, coin, 'native');
  const { address } = await depositAddressOf(ctx, userId, coin, network);
  const balance = async () =>
    (await ledger.balance(ctx.db, userAccount(userId, 'change'), LTC)).availableMinor;
  const deposits = (tx: string) =>
    ctx.db.selectFrom('funding_deposits').selectAll().where('tx_hash', '=', tx).execute();
  return { userId, address, balance, deposits, scan: () => scanChain(ctx, LTC_CHAIN) };
}
