/**
 * The operator's side of the coins' configuration: each coin's switches and terms and its networks'.
 * Amounts cross the wire in whole units of the coin and are stored in minor units; a change applies to
 * deposits and withdrawals from then on (a withdrawal already requested keeps its fee).
 */
import { formatMinor, MoneyError, parseDecimal } from '@oryx/contracts/money';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { StaffChange } from '../../lib/seams';
import { catalogRepo } from '../catalog/repo';
import { fundingConfigRepo } from './config-repo';

export async function listCoins(ctx: AppContext) {
  const [rows, networks, currencies] = await Promise.all([
    fundingConfigRepo.coins(ctx.db),
    fundingConfigRepo.allNetworks(ctx.db),
    catalogRepo.currencies(ctx.db),
  ]);
  // In the currencies' order, as the catalog keeps it.
  const coins = currencies.flatMap((cur) => {
    const coin = rows.find((r) => r.currency_id === cur.id);
    return coin ? [{ ...coin, name: cur.name, scale: cur.scale }] : [];
  });
  return coins.map((c) => {
    const fmt = (m: bigint) => formatMinor(m, c.scale);
    return {
      currency_id: c.currency_id,
      name: c.name,
      make_wallet: c.make_wallet,
      is_show: c.is_show,
      deposit_open: c.deposit_open,
      withdraw_open: c.withdraw_open,
      min_deposit: fmt(c.min_deposit_minor),
      min_withdraw: fmt(c.min_withdraw_minor),
      max_withdraw: fmt(c.max_withdraw_minor),
      withdraw_fee: fmt(c.withdraw_fee_minor),
      approval_above: fmt(c.approval_above_minor),
      networks: networks
        .filter((n) => n.currency_id === c.currency_id)
        .map((n) => ({
          id: n.id,
          type: n.type,
          name: n.name,
          chain: n.chain,
          contract_address: n.contract_address,
          confirmations: n.confirmations,
          min_withdraw: fmt(n.min_withdraw_minor),
          fee_rate_bps: n.fee_rate_bps,
          is_enabled: n.is_enabled,
        })),
    };
  });
}

function minorOf(value: string, scale: number): bigint {
  try {
    return parseDecimal(value, scale, { allowZero: true });
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError('FUNDING_AMOUNT_INVALID');
    throw err;
  }
}

async function scaleOf(ctx: AppContext, currencyId: number): Promise<number> {
  const c = await catalogRepo.currency(ctx.db, currencyId);
  if (!c) throw new AppError('FUNDING_NOT_FOUND');
  return c.scale;
}

export async function saveCoin(
  ctx: AppContext,
  input: {
    currency_id: number;
    is_show: number;
    deposit_open: number;
    withdraw_open: number;
    min_deposit: string;
    min_withdraw: string;
    max_withdraw: string;
    withdraw_fee: string;
    approval_above: string;
  },
): Promise<StaffChange> {
  const before = await fundingConfigRepo.coin(ctx.db, input.currency_id);
  if (!before) throw new AppError('FUNDING_NOT_FOUND');
  const scale = await scaleOf(ctx, input.currency_id);
  const after = {
    is_show: input.is_show,
    deposit_open: input.deposit_open,
    withdraw_open: input.withdraw_open,
    min_deposit_minor: minorOf(input.min_deposit, scale),
    min_withdraw_minor: minorOf(input.min_withdraw, scale),
    max_withdraw_minor: minorOf(input.max_withdraw, scale),
    withdraw_fee_minor: minorOf(input.withdraw_fee, scale),
    approval_above_minor: minorOf(input.approval_above, scale),
  };
  if (after.max_withdraw_minor < after.min_withdraw_minor) throw new AppError('FUNDING_AMOUNT_INVALID');
  await fundingConfigRepo.updateCoin(ctx.db, input.currency_id, after);
  return { subject: 'coin', subjectId: input.currency_id, before, after };
}

export async function saveNetwork(
  ctx: AppContext,
  input: {
    id: number;
    confirmations: number;
    min_withdraw: string;
    fee_rate_bps: number;
    is_enabled: number;
  },
): Promise<StaffChange> {
  const before = await fundingConfigRepo.network(ctx.db, input.id);
  if (!before) throw new AppError('FUNDING_NOT_FOUND');
  const after = {
    confirmations: input.confirmations,
    min_withdraw_minor: minorOf(input.min_withdraw, await scaleOf(ctx, before.currency_id)),
    fee_rate_bps: input.fee_rate_bps,
    is_enabled: input.is_enabled,
  };
  await fundingConfigRepo.updateNetwork(ctx.db, input.id, after);
  return { subject: 'network', subjectId: input.id, before, after };
}
