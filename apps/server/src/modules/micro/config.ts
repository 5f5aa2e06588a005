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

export interface SecondsRow {
  seconds: number;
  profit_ratio_bps: number;
  min_number: number;
  is_enabled: number;
  sort: number;
}
export interface CurrencyTermsRow {
  currency_id: number;
  name: string;
  scale: number;
  is_micro: number;
  fee_bps: number;
  min_number: number;
  max_number: number;
  max_open_orders: number;
  quick_numbers: number[];
  is_enabled: number;
}

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

export const microConfigRepo = {
  async seconds(db: Db, onlyEnabled: boolean): Promise<SecondsRow[]> {
    let q = db.selectFrom('micro_seconds').selectAll();
    if (onlyEnabled) q = q.where('is_enabled', '=', 1);
    return q.orderBy('sort').orderBy('seconds').limit(100).execute();
  },
  async secondsOf(db: Db, seconds: number): Promise<SecondsRow | undefined> {
    return db.selectFrom('micro_seconds').selectAll().where('seconds', '=', seconds).executeTakeFirst();
  },
  async currencies(db: Db): Promise<CurrencyTermsRow[]> {
    const rows = await db
      .selectFrom('micro_currencies as m')
      .innerJoin('currencies as c', 'c.id', 'm.currency_id')
      .select([
        'm.currency_id',
        'c.name',
        'c.scale',
        'c.is_micro',
        'm.fee_bps',
        'm.min_number',
        'm.max_number',
        'm.max_open_orders',
        'm.quick_numbers',
        'm.is_enabled',
      ])
      .orderBy('c.sort')
      .orderBy('c.id')
      .limit(1000)
      .execute();
    return rows.map((r) => ({ ...r, quick_numbers: JSON.parse(r.quick_numbers) as number[] }));
  },
  /** Paying currencies a user may use now: enabled here and enabled for the micro wallet. */
  async payable(db: Db): Promise<CurrencyTermsRow[]> {
    return (await microConfigRepo.currencies(db)).filter((c) => c.is_enabled === 1 && c.is_micro === 1);
  },
};

/** Inserts the seeded durations and currency terms that are missing; never overwrites an edit. */
export async function seedMicroConfig(db: Db): Promise<void> {
  const have = new Set(
    (await db.selectFrom('micro_seconds').select('seconds').execute()).map((r) => r.seconds),
  );
  for (const [i, s] of MICRO_SECONDS.entries()) {
    if (have.has(s.seconds)) continue;
    await db
      .insertInto('micro_seconds')
      .values({
        seconds: s.seconds,
        profit_ratio_bps: percentToBps(s.profit_ratio, 'profit_ratio', RATIO_BPS_MAX),
        min_number: s.min_number,
        is_enabled: 1,
        sort: (i + 1) * 10,
      })
      .execute();
  }
  const haveCur = new Set(
    (await db.selectFrom('micro_currencies').select('currency_id').execute()).map((r) => r.currency_id),
  );
  const known = new Set((await db.selectFrom('currencies').select('id').execute()).map((r) => r.id));
  for (const c of MICRO_CURRENCIES) {
    if (haveCur.has(c.currency_id) || !known.has(c.currency_id)) continue;
    await db
      .insertInto('micro_currencies')
      .values({
        currency_id: c.currency_id,
        fee_bps: percentToBps(c.fee, 'micro_trade_fee', FEE_BPS_MAX),
        min_number: c.min_number,
        max_number: c.max_number,
        max_open_orders: c.max_open_orders,
        quick_numbers: JSON.stringify(c.quick_numbers),
        is_enabled: 1,
      })
      .execute();
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
    await db
      .updateTable('micro_seconds')
      .set({
        profit_ratio_bps: bps,
        min_number: input.min_number,
        is_enabled: input.is_enabled,
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
      })
      .where('seconds', '=', input.seconds)
      .execute();
  } else {
    await db
      .insertInto('micro_seconds')
      .values({
        seconds: input.seconds,
        profit_ratio_bps: bps,
        min_number: input.min_number,
        is_enabled: input.is_enabled,
        sort: input.sort ?? input.seconds,
      })
      .execute();
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
  const currency = await db
    .selectFrom('currencies')
    .select(['id', 'is_micro'])
    .where('id', '=', input.currency_id)
    .executeTakeFirst();
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
  await db
    .insertInto('micro_currencies')
    .values({ currency_id: input.currency_id, ...values })
    .onConflict((oc) => oc.column('currency_id').doUpdateSet(values))
    .execute();
  return adminConfig(db);
}

export async function saveMarket(db: Db, input: { id: number; open_microtrade: number }) {
  const r = await db
    .updateTable('markets')
    .set({ open_microtrade: input.open_microtrade })
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', { path: `market ${input.id}` });
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
  const row = await db
    .selectFrom('micro_limits')
    .selectAll()
    .where('market_id', '=', marketId)
    .executeTakeFirst();
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
  const market = await db.selectFrom('markets').select('id').where('id', '=', l.marketId).executeTakeFirst();
  if (!market) throw new AppError('NOT_FOUND', { path: `market ${l.marketId}` });
  const values = { stake_cost_bps: l.stakeCostBps, exposure_cost_bps: l.exposureCostBps, updated_at: nowMs };
  await db
    .insertInto('micro_limits')
    .values({ market_id: l.marketId, ...values })
    .onConflict((oc) => oc.column('market_id').doUpdateSet(values))
    .execute();
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
