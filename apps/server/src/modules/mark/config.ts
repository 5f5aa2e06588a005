/**
 * Mark price settings per market. A market without a `mark_config` row uses MARK_DEFAULTS; the operator
 * changes a market's settings with `saveMarkConfig`, which refuses
 * settings that would leave the window without samples or make the rule meaningless (rule.ts
 * `ruleProblem`). A change applies to marks computed afterwards; every mark that decided money keeps
 * the settings it was computed with (mark_prices.inputs).
 */
import { formatMinor, MoneyError, parseDecimal, pow10 } from '@oryx/contracts/money';
import type { AdminMarkConfig } from '@oryx/contracts/mark/calls';
import { AppError } from '../../lib/app-error';
import type { Db } from '../../db/connection';
import { ruleProblem, type MarkRule } from './rule';
import { catalogRepo } from '../catalog/repo';
import { markConfigRepo } from './config-repo';

export interface MarkConfig extends MarkRule {
  marketId: number;
  sampleMs: number;
  impactQuoteMinor: bigint;
}

/**
 * The seeded settings: a 15 s window sampled every second, a 0.5 % band, the impact price of 2,000
 * quote units, trades worth at most 20 % of the mark and one account at most a quarter of the trades.
 */
export const MARK_DEFAULTS = {
  windowMs: 15_000,
  sampleMs: 1_000,
  bandBps: 50,
  impactQuote: 2_000n,
  tradeWeightBps: 2_000,
  userCapBps: 2_500,
} as const;

async function quoteScaleOf(db: Db, marketId: number): Promise<number | undefined> {
  return (await catalogRepo.marketScales(db, marketId))?.legal_scale;
}

export function defaultConfig(marketId: number, quoteScale: number): MarkConfig {
  return {
    marketId,
    windowMs: MARK_DEFAULTS.windowMs,
    sampleMs: MARK_DEFAULTS.sampleMs,
    bandBps: MARK_DEFAULTS.bandBps,
    impactQuoteMinor: MARK_DEFAULTS.impactQuote * pow10(quoteScale),
    tradeWeightBps: MARK_DEFAULTS.tradeWeightBps,
    userCapBps: MARK_DEFAULTS.userCapBps,
  };
}

export async function markConfig(db: Db, marketId: number): Promise<MarkConfig> {
  const row = await markConfigRepo.config(db, marketId);
  if (row) {
    return {
      marketId,
      windowMs: row.window_ms,
      sampleMs: row.sample_ms,
      bandBps: row.band_bps,
      impactQuoteMinor: row.impact_quote_minor,
      tradeWeightBps: row.trade_weight_bps,
      userCapBps: row.user_cap_bps,
    };
  }
  return defaultConfig(marketId, (await quoteScaleOf(db, marketId)) ?? 8);
}

/** Validates and stores one market's settings; refused with MARK_CONFIG_INVALID {detail}. */
export async function saveMarkConfig(db: Db, c: MarkConfig, nowMs: number): Promise<MarkConfig> {
  const problem = ruleProblem(c) ?? (c.impactQuoteMinor > 0n ? null : 'impact_quote must be above 0');
  if (problem) throw new AppError('MARK_CONFIG_INVALID', { detail: problem });
  if ((await quoteScaleOf(db, c.marketId)) === undefined)
    throw new AppError('MARK_CONFIG_INVALID', { detail: 'unknown market' });
  const values = {
    window_ms: c.windowMs,
    sample_ms: c.sampleMs,
    band_bps: c.bandBps,
    impact_quote_minor: c.impactQuoteMinor,
    trade_weight_bps: c.tradeWeightBps,
    user_cap_bps: c.userCapBps,
    updated_at: nowMs,
  };
  await markConfigRepo.saveConfig(db, c.marketId, values);
  return markConfig(db, c.marketId);
}

/** Every market's settings, as the operator sees them. */
export async function adminMarkConfig(db: Db): Promise<AdminMarkConfig> {
  const markets = (await catalogRepo.marketNames(db)).sort((a, b) => a.id - b.id);
  const out: AdminMarkConfig['markets'] = [];
  for (const m of markets) {
    const c = await markConfig(db, m.id);
    out.push({
      market_id: m.id,
      symbol: `${m.currency_name}/${m.legal_name}`,
      window_ms: c.windowMs,
      sample_ms: c.sampleMs,
      band_bps: c.bandBps,
      impact_quote: formatMinor(c.impactQuoteMinor, m.legal_scale),
      trade_weight_bps: c.tradeWeightBps,
      user_cap_bps: c.userCapBps,
    });
  }
  return { markets: out };
}

export async function saveAdminMarkConfig(
  db: Db,
  input: {
    market_id: number;
    window_ms: number;
    sample_ms: number;
    band_bps: number;
    impact_quote: string | number;
    trade_weight_bps: number;
    user_cap_bps: number;
  },
  nowMs: number,
): Promise<AdminMarkConfig> {
  const scale = await quoteScaleOf(db, input.market_id);
  if (scale === undefined) throw new AppError('NOT_FOUND', { path: `market ${input.market_id}` });
  let impactQuoteMinor: bigint;
  try {
    impactQuoteMinor = parseDecimal(input.impact_quote, scale);
  } catch (err) {
    if (err instanceof MoneyError)
      throw new AppError('MARK_CONFIG_INVALID', { detail: `impact_quote: ${err.code}` });
    throw err;
  }
  await saveMarkConfig(
    db,
    {
      marketId: input.market_id,
      windowMs: input.window_ms,
      sampleMs: input.sample_ms,
      bandBps: input.band_bps,
      impactQuoteMinor,
      tradeWeightBps: input.trade_weight_bps,
      userCapBps: input.user_cap_bps,
    },
    nowMs,
  );
  return adminMarkConfig(db);
}
