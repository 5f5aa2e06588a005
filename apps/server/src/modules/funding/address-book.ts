/**
 * Withdrawal addresses: bound per coin and network (validated by the chain adapter), usable for
 * withdrawals only after `FUNDING_ADDRESS_COOLOFF_HOURS` (24 h by default in production; minutes in demo
 * mode, env.ts), so a stolen session cannot drain an account to a fresh address. A withdrawal must go to a bound, cooled-off address.
 */
import { formatExchangeTime } from '@oryx/contracts/time';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { chainAdapter } from './chain/registry';
import type { CoinTerms, Network } from './config';
import { assertOpen, coinOf, networkOf } from './service';
import { requireSecondFactor } from '../auth/two-factor';
import { addressBookRepo } from './address-book-repo';

const HOUR_MS = 3_600_000;

export async function listAddresses(ctx: AppContext, userId: number, currencyId: number) {
  const rows = await addressBookRepo.listed(ctx.db, userId, currencyId);
  return rows.map((r) => ({
    id: r.id,
    currency: r.currency_id,
    network: r.network,
    type: r.type,
    address: r.address,
    memo: r.memo,
    created_at: r.created_at,
    usable_at: r.usable_at,
  }));
}

/** The address checks every binding and withdrawal makes. */
export function checkAddress(
  ctx: AppContext,
  coin: CoinTerms,
  network: Network,
  rawAddress?: string,
  rawMemo?: string,
) {
  const address = (rawAddress ?? '').trim();
  if (!address) throw new AppError('FUNDING_ADDRESS_REQUIRED');
  const adapter = chainAdapter(ctx, network.chain);
  if (!adapter.isValidAddress(address))
    throw new AppError(
      adapter.isOtherNetworkAddress?.(address) ? 'FUNDING_ADDRESS_OTHER_NETWORK' : 'FUNDING_ADDRESS_INVALID',
      { network: network.name },
    );
  const memo = (rawMemo ?? '').trim();
  if (coin.make_wallet === 2 && !memo) throw new AppError('FUNDING_MEMO_REQUIRED');
  return { address, memo };
}

export async function bindAddress(
  ctx: AppContext,
  userId: number,
  input: { currency: number; type?: string | number; address?: string; memo?: string; totp_code?: string },
  opts: { secondFactorChecked?: boolean } = {},
) {
  assertOpen(ctx);
  const coin = await coinOf(ctx.db, input.currency);
  const network = await networkOf(ctx.db, coin, input.type);
  const { address, memo } = checkAddress(ctx, coin, network, input.address, input.memo);
  if (!opts.secondFactorChecked) await requireSecondFactor(ctx, userId, input.totp_code);
  const at = ctx.clock.now();
  const usableAt = at + Math.round(ctx.env.FUNDING_ADDRESS_COOLOFF_HOURS * HOUR_MS);
  const id = await addressBookRepo.insert(ctx.db, {
    user_id: userId,
    currency_id: coin.currency_id,
    network_id: network.id,
    address,
    memo,
    created_at: at,
    usable_at: usableAt,
  });
  return {
    id,
    currency: coin.currency_id,
    network: network.name,
    type: network.type,
    address,
    memo,
    created_at: at,
    usable_at: usableAt,
  };
}

export async function deleteAddress(ctx: AppContext, userId: number, id: number) {
  if (!(await addressBookRepo.remove(ctx.db, userId, id))) throw new AppError('FUNDING_ADDRESS_NOT_FOUND');
  return { id };
}

/** A withdrawal's destination must be bound for this coin and network and past its cool-off. */
export async function assertUsable(
  ctx: AppContext,
  userId: number,
  network: Network,
  address: string,
  memo: string,
) {
  const rows = await addressBookRepo.usableTimes(ctx.db, userId, network.id, address, memo);
  if (rows.length === 0) throw new AppError('FUNDING_ADDRESS_NOT_FOUND');
  const usableAt = Math.min(...rows.map((r) => r.usable_at));
  if (usableAt > ctx.clock.now())
    throw new AppError('FUNDING_ADDRESS_COOLING', { time: formatExchangeTime(usableAt) });
}
