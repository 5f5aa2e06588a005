/** The funding module on the in-process EVM node (evm-node.ts): its networks moved to the EVM chain. */
import type { Address, Hex, Transport } from 'viem';
import type { TestApp } from './harness';
import { HOT_KEY, TEST_CHAIN_ID, type EvmNode } from './evm-node';
import { ledger, userAccount } from '../src/modules/ledger/service';
import { scanChain } from '../src/modules/funding/deposits';
import { coinOf, depositAddressOf, networkOf } from '../src/modules/funding/service';
import { EvmAdapter } from '../src/modules/funding/chain/evm';

export const U = 100_000_000n; // currencies' scale 8
export const USDT = 1;
export const ETH = 3;
export const CONFIRMATIONS = 3;
export const TOKEN = 1_000_000n; // the test token has 6 decimals

/** Puts USDT's erc20 network and ETH's network on the EVM chain and the adapter in the app. */
export async function onEvm(
  t: TestApp,
  node: EvmNode,
  token: Address,
  opts: { sweep?: boolean; hotKey?: Hex; transport?: Transport } = {},
) {
  const { db } = t.app.ctx;
  await db
    .updateTable('funding_networks')
    .set({ chain: 'evm', contract_address: token, confirmations: CONFIRMATIONS })
    .where('currency_id', '=', USDT)
    .where('type', '=', 'erc20')
    .execute();
  await db
    .updateTable('funding_networks')
    .set({ chain: 'evm', contract_address: '', confirmations: CONFIRMATIONS })
    .where('currency_id', '=', ETH)
    .execute();
  const adapter = new EvmAdapter({
    chain: 'evm',
    db,
    transport: opts.transport ?? node.transport,
    chainId: TEST_CHAIN_ID,
    xpub: node.xpub,
    hotWalletKey: opts.hotKey ?? HOT_KEY,
    sweepXprv: opts.sweep ? node.xprv : undefined,
    logRange: 7,
    now: () => t.clock.now(),
  });
  t.app.ctx.services.funding.chains.set(adapter);
  return adapter;
}

export async function user(t: TestApp, email: string, currency = USDT, type = 'erc20') {
  const { ctx } = t.app;
  const userId = await t.userId(email);
  const coin = await coinOf(ctx.db, currency);
  const network = await networkOf(ctx.db, coin, type);
  const { address } = await depositAddressOf(ctx, userId, coin, network);
  const balance = async () =>
    (await ledger.balance(ctx.db, userAccount(userId, 'change'), currency)).availableMinor;
  const deposit = (tx: string) =>
    ctx.db.selectFrom('funding_deposits').selectAll().where('tx_hash', '=', tx).executeTakeFirstOrThrow();
  return { userId, address: address as Address, balance, deposit, scan: () => scanChain(ctx, 'evm') };
}
