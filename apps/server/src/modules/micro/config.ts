/**
 * Seconds-options configuration: durations with their payout ratio and minimum stake, terms per paying
 * currency, and each market's `open_microtrade` flag. Seeded when missing (db/seed/micro.ts), edited by
 * the operator (routes under /api/admin/micro/*). An order copies the terms it was opened with (ratio,
 * fee), so an edit applies to new orders only and never to an open one.
 */
import { formatMinor, MoneyError, parseDecimal } from '@oryx/contracts/money';
import { MICRO_QUICK_NUMBERS_MAX, type AdminMicroConfig } from '@oryx/contracts/micro/calls';
import { MICRO_CURRENCIES, MICRO_SECONDS } from '@oryx/db/seed/micro';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { catalogRepo } from '../catalog/repo';
import { microConfigRepo } from './config-repo';

/** Percent with up to 2 decimals <-> basis points. */
export const percentToBps = (raw: unknown, what: string, maxBps: number): number => {
  let bps: bigint;
  try {
    bps = parseDecimal(raw, 2, { allowZero: true, maxDigits: 6 });
  } catch (err) {
    if (err instanceof MoneyError)
      throw new AppError('MICRO_CONFIG_INVALID', { detail: `${what}: ${err.code}` });
    throw err;
  }
  if (bps > BigInt(maxBps))
    throw new AppError('MICRO_CONFIG_INVALID', { detail: `${what}: at most ${maxBps / 100} %` });
  return Number(bps);
};
export const bpsToPercent = (bps: number): string => formatMinor(BigInt(bps), 2);

/** A payout ratio above 1000 % or a fee above 50 % is a typo, not a product. */
const RATIO_BPS_MAX = 100_000;
const FEE_BPS_MAX = 5_000;

export function parseQuickNumbers(raw: unknown): number[] {
  const list =
    typeof raw === 'string'
      ? raw
          .split(/[,\s]+/)
          .filter(Boolean)
          .map((s) => (/^\d{1,12}$/.test(s) ? Number(s) : NaN))
      : Array.isArray(raw)
        ? raw.map((n) => (Number.isSafeInteger(n) ? Number(n) : NaN))
        : [NaN];
  if (list.some((n) => !Number.isSafeInteger(n) || n <= 0) || list.length > MICRO_QUICK_NUMBERS_MAX) {
    throw new AppError('MICRO_CONFIG_INVALID', {
      detail: `micro_numbers: up to ${MICRO_QUICK_NUMBERS_MAX} whole numbers > 0`,
    });
  }
  return list;
}

export { microConfigRepo, type CurrencyTermsRow, type SecondsRow } from './config-repo';

/** Inserts the seeded durations and currency terms that are missing; never overwrites an edit. */
export async function seedMicroConfig(db: Db): Promise<void> {
  const have = new Set((await microConfigRepo.seconds(db, false)).map((r) => r.seconds));
  for (const [i, s] of MICRO_SECONDS.entries()) {
    if (have.has(s.seconds)) continue;
    await microConfigRepo.insertSeconds(db, {
      seconds: s.seconds,
      profit_ratio_bps: percentToBps(s.profit_ratio, 'profit_ratio', RATIO_BPS_MAX),
      min_number: s.min_number,
      is_enabled: 1,
      sort: (i + 1) * 10,
    });
  }
  const haveCur = await microConfigRepo.termsCurrencyIds(db);
  const known = new Set((await catalogRepo.currencies(db)).map((r) => r.id));
  for (const c of MICRO_CURRENCIES) {
    if (haveCur.has(c.currency_id) || !known.has(c.currency_id)) continue;
    await microConfigRepo.insertTerms(db, {
      currency_id: c.currency_id,
      fee_bps: percentToBps(c.fee, 'micro_trade_fee', FEE_BPS_MAX),
      min_number: c.min_number,
      max_number: c.max_number,
      max_open_orders: c.max_open_orders,
      quick_numbers: JSON.stringify(c.quick_numbers),
      is_enabled: 1,
    });
  }
}

export async function adminConfig(db: Db): Promise<AdminMicroConfig> {
  const [seconds, currencies, markets] = await Promise.all([
    microConfigRepo.seconds(db, false),
    microConfigRepo.currencies(db),
    catalogRepo.microMarkets(db),
  ]);
  return {
    seconds: seconds.map((s) => ({
      seconds: s.seconds,
      profit_ratio: bpsToPercent(s.profit_ratio_bps),
      min_number: s.min_number,
      is_enabled: s.is_enabled,
      sort: s.sort,
    })),
    currencies: currencies.map((c) => ({
      currency_id: c.currency_id,
      name: c.name,
      micro_trade_fee: bpsToPercent(c.fee_bps),
      micro_min: c.min_number,
      micro_max: c.max_number,
      micro_max_open: c.max_open_orders,
      micro_numbers: c.quick_numbers,
      is_enabled: c.is_enabled,
    })),
    markets: markets.map((m) => ({
      id: m.id,
      symbol: `${m.currency_name}/${m.legal_name}`,
      is_display: m.is_display,
      open_microtrade: m.open_microtrade,
    })),
  };
}

export async function saveSeconds(
  db: Db,
  input: {
    seconds: number;
    profit_ratio: string | number;
    min_number: number;
    is_enabled: number;
    sort?: number;
  },
): Promise<AdminMicroConfig> {
  const bps = percentToBps(input.profit_ratio, 'profit_ratio', RATIO_BPS_MAX);
  const existing = await microConfigRepo.secondsOf(db, input.seconds);
  if (existing) {
    await microConfigRepo.updateSeconds(db, input.seconds, {
      profit_ratio_bps: bps,
      min_number: input.min_number,
      is_enabled: input.is_enabled,
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
    });
  } else {
    await microConfigRepo.insertSeconds(db, {
      seconds: input.seconds,
      profit_ratio_bps: bps,
      min_number: input.min_number,
      is_enabled: input.is_enabled,
      sort: input.sort ?? input.seconds,
    });
  }
  return adminConfig(db);
}

export async function saveCurrency(
  db: Db,
  input: {
    currency_id: number;
    micro_trade_fee: string | number;
    micro_min: number;
    micro_max: number;
    micro_max_open: number;
    micro_numbers: string | number[];
    is_enabled: number;
  },
): Promise<AdminMicroConfig> {
  const currency = await catalogRepo.currency(db, input.currency_id);
  if (!currency) throw new AppError('MICRO_CURRENCY_UNKNOWN');
  if (input.micro_max !== 0 && input.micro_max < input.micro_min) {
    throw new AppError('MICRO_CONFIG_INVALID', {
      detail: 'micro_max must be 0 (no cap) or at least micro_min',
    });
  }
  const values = {
    fee_bps: percentToBps(input.micro_trade_fee, 'micro_trade_fee', FEE_BPS_MAX),
    min_number: input.micro_min,
    max_number: input.micro_max,
    max_open_orders: input.micro_max_open,
    quick_numbers: JSON.stringify(parseQuickNumbers(input.micro_numbers)),
    is_enabled: input.is_enabled,
  };
  await microConfigRepo.saveTerms(db, input.currency_id, values);
  return adminConfig(db);
}

export async function saveMarket(db: Db, input: { id: number; open_microtrade: number }) {
  if (!(await catalogRepo.setMarketSwitch(db, input.id, 'open_microtrade', input.open_microtrade)))
    throw new AppError('NOT_FOUND', { path: `market ${input.id}` });
  return adminConfig(db);
}

// --- Limits that follow the book (see README.md "Limits") -------------------------------------------

export interface MicroLimits {
  marketId: number;
  /** One order's payout at most this share (bps) of the cost of moving the mark by its band. */
  stakeCostBps: number;
  /** All open orders of one direction on the market: their payouts together at most this share. */
  exposureCostBps: number;
}

/**
 * Seeded for every market without a row: one order may win at most half of what moving the mark would
 * cost, all open orders of one direction together at most that cost. So a manipulation never pays.
 */
export const MICRO_LIMIT_DEFAULTS = { stakeCostBps: 5_000, exposureCostBps: 10_000 } as const;

export async function microLimits(db: Db, marketId: number): Promise<MicroLimits> {
  const row = await microConfigRepo.limits(db, marketId);
  return row
    ? { marketId, stakeCostBps: row.stake_cost_bps, exposureCostBps: row.exposure_cost_bps }
    : { marketId, ...MICRO_LIMIT_DEFAULTS };
}

/**
 * Stores a market's limits. Zero limits (nothing could ever be staked) and limits above the cost of
 * moving the mark (a manipulation could pay) are refused with MICRO_CONFIG_INVALID.
 */
export async function saveMicroLimits(db: Db, l: MicroLimits, nowMs: number): Promise<MicroLimits> {
  const ok = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= 10_000;
  if (!ok(l.stakeCostBps) || !ok(l.exposureCostBps)) {
    throw new AppError('MICRO_CONFIG_INVALID', {
      detail:
        'stake_cost_bps and exposure_cost_bps must be 1..10000 (a share of the cost of moving the mark)',
    });
  }
  if (l.stakeCostBps > l.exposureCostBps) {
    throw new AppError('MICRO_CONFIG_INVALID', {
      detail: 'stake_cost_bps must not exceed exposure_cost_bps',
    });
  }
  const market = await catalogRepo.market(db, l.marketId);
  if (!market) throw new AppError('NOT_FOUND', { path: `market ${l.marketId}` });
  const values = { stake_cost_bps: l.stakeCostBps, exposure_cost_bps: l.exposureCostBps, updated_at: nowMs };
  await microConfigRepo.saveLimits(db, l.marketId, values);
  return microLimits(db, l.marketId);
}

/**
 * The largest stake (whole units) one order may have, and the payout room left for the direction:
 * payouts are stake x ratio, the budget `costMinor` x share. Pure: the submission checks it.
 */
export function stakeRoom(o: {
  costMinor: bigint;
  limits: MicroLimits;
  ratioBps: number;
  scale: number;
  openPayoutMinor: bigint;
}): { maxNumber: number; exposureLeftMinor: bigint } {
  const BPS = 10_000n;
  const maxPayout = (o.costMinor * BigInt(o.limits.stakeCostBps)) / BPS;
  const unit = 10n ** BigInt(o.scale);
  const ratio = BigInt(Math.max(1, o.ratioBps));
  const maxStake = (maxPayout * BPS) / ratio;
  const maxNumber = maxStake / unit;
  const exposureLeftMinor = (o.costMinor * BigInt(o.limits.exposureCostBps)) / BPS - o.openPayoutMinor;
  return {
    maxNumber: maxNumber > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(maxNumber),
    exposureLeftMinor,
  };
}
