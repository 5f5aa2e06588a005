/**
 * funding's rules for deposits: which coin and network, each user's deposit address, the sandbox faucet,
 * manual deposit claims. The scanner that credits deposits is deposits.ts.
 */
import { parseDecimal, MoneyError } from '@oryx/contracts/money';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { chainAdapter } from './chain/registry';
import { SANDBOX_CHAIN, sandboxChain } from './chain/sandbox';
import { fundingConfig, type CoinTerms, type Network } from './config';
import { fundingRepo } from './repo';

/** Refuses every deposit and withdrawal call while `is_open_CTbi` is 0. */
export function assertOpen(ctx: AppContext): void {
  if (!ctx.env.FUNDING_OPEN) throw new AppError('FUNDING_CLOSED');
}

export async function coinOf(db: Db, currencyId: number): Promise<CoinTerms> {
  const coin = await fundingConfig.coin(db, currencyId);
  if (!coin) throw new AppError('FUNDING_CURRENCY_UNKNOWN');
  return coin;
}

/**
 * The network by its wire `type` (or id). When none is named: the coin's only network, or with
 * `orDefault` its default network (the first, the one `get_info` names at its top level).
 */
export async function networkOf(
  db: Db,
  coin: CoinTerms,
  type: string | number | undefined,
  opts: { orDefault?: boolean } = {},
): Promise<Network> {
  const networks = await fundingConfig.networks(db, coin.currency_id);
  const wanted = type === undefined || type === '' ? undefined : String(type).toLowerCase();
  const n =
    wanted === undefined
      ? networks.length === 1 || opts.orDefault
        ? networks[0]
        : undefined
      : networks.find((x) => x.type === wanted || String(x.id) === wanted);
  if (!n) throw new AppError('FUNDING_NETWORK_UNKNOWN');
  return n;
}

/** An amount of the coin from the wire: > 0, at most the coin's decimals. */
export function amountOf(raw: unknown, coin: CoinTerms): bigint {
  try {
    return parseDecimal(raw, coin.scale);
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError('FUNDING_AMOUNT_INVALID', { decimals: coin.scale });
    throw err;
  }
}

/**
 * The user's deposit address on the network's chain: its own derived address (index = user id), or for a
 * memo coin (`make_wallet` 2) the chain's shared collection address (index 0) with the user id as memo.
 * Registered for the scanner on first request.
 */
export async function depositAddressOf(
  ctx: AppContext,
  userId: number,
  coin: CoinTerms,
  network: Network,
): Promise<{ address: string; memo: string }> {
  const adapter = chainAdapter(ctx, network.chain);
  const memo = coin.make_wallet === 2 ? String(userId) : '';
  const address = adapter.deriveAddress(memo ? 0 : userId);
  await fundingRepo.addOwnAddress(ctx.db, network.chain, address, memo, userId, ctx.clock.now());
  return { address, memo };
}

/**
 * `wallet/get_in_address`: one network: the address string (an object with the memo for a memo coin);
 * several: an object keyed by network type (`erc20`, `omni`).
 */
export async function depositAddresses(ctx: AppContext, userId: number, currencyId: number) {
  assertOpen(ctx);
  const coin = await coinOf(ctx.db, currencyId);
  if (coin.deposit_open !== 1) throw new AppError('FUNDING_DEPOSIT_CLOSED');
  const networks = await fundingConfig.networks(ctx.db, coin.currency_id);
  if (networks.length === 0) throw new AppError('FUNDING_NETWORK_UNKNOWN');
  const found = [];
  for (const n of networks) found.push({ n, ...(await depositAddressOf(ctx, userId, coin, n)) });
  if (coin.make_wallet === 2) return { address: found[0]!.address, memo: found[0]!.memo };
  if (found.length === 1) return found[0]!.address;
  return Object.fromEntries(found.map((f) => [f.n.type, f.address]));
}

/** The sandbox faucet (demo mode only): sends `amount` to the caller's own deposit address. */
export async function sandboxFaucet(
  ctx: AppContext,
  userId: number,
  input: { currency: number; type?: string | number; amount?: unknown },
): Promise<{ tx_hash: string; address: string; memo: string }> {
  assertOpen(ctx);
  const coin = await coinOf(ctx.db, input.currency);
  const network = await networkOf(ctx.db, coin, input.type);
  if (network.chain !== SANDBOX_CHAIN || ctx.env.ORYX_MODE !== 'demo')
    throw new AppError('FUNDING_SANDBOX_ONLY');
  const amountMinor = amountOf(input.amount, coin);
  const { address, memo } = await depositAddressOf(ctx, userId, coin, network);
  const txHash = await sandboxChain.faucet(ctx.db, ctx.clock.now(), {
    to: address,
    memo,
    asset: network.contract_address,
    amountMinor,
  });
  return { tx_hash: txHash, address, memo };
}
