/**
 * Lever terms per market (`lever_markets`; the market's `open_lever` flag stays on `markets`). Seeded
 * for lever-enabled markets without a row (db/seed/lever.ts), changed only through a request one
 * operator proposes and a second approves (terms-requests.ts). An order copies what it depends on (open
 * price, margin, fee, spread, overnight rate and liquidation level), so a change applies to new orders
 * only.
 */
import { formatMinor, MoneyError, parseDecimal } from '@oryx/contracts/money';
import { LEVER_MULTIPLES_ALLOWED, type AdminLeverMarket } from '@oryx/contracts/lever/calls';
import { LEVER_MARKETS } from '@oryx/db/seed/lever';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { catalogRepo } from '../catalog/repo';
import { leverTermsRepo } from './terms-repo';

export interface LeverTerms {
  marketId: number;
  legalId: number;
  currencyId: number;
  isOpen: boolean;
  openLever: number;
  symbol: string;
  legalName: string;
  currencyName: string;
  quoteScale: number;
  baseScale: number;
  priceDecimals: number;
  priceTickMinor: bigint;
  shareNumMinor: bigint;
  spreadBps: number;
  feeBps: number;
  overnightBps: number;
  minShare: number;
  maxShare: number;
  multiples: number[];
  sharePresets: number[];
  liquidationRateBps: number;
  maxOpen: number;
}

const invalid = (detail: string) => new AppError('LEVER_CONFIG_INVALID', { detail });

/** Percent with up to 2 decimals -> hundredths of a percent, at most `maxBps`. */
export function percentToBps(raw: unknown, what: string, maxBps: number): number {
  let bps: bigint;
  try {
    bps = parseDecimal(typeof raw === 'number' ? String(raw) : raw, 2, { allowZero: true, maxDigits: 6 });
  } catch (err) {
    if (err instanceof MoneyError) throw invalid(`${what}: ${err.code}`);
    throw err;
  }
  if (bps > BigInt(maxBps)) throw invalid(`${what}: at most ${maxBps / 100} %`);
  return Number(bps);
}
export const bpsToPercent = (bps: number): string => formatMinor(BigInt(bps), 2);

function parseList(raw: unknown, what: string, allowed?: readonly number[]): number[] {
  const list =
    typeof raw === 'string'
      ? raw
          .split(/[,\s]+/)
          .filter(Boolean)
          .map((s) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN))
      : Array.isArray(raw)
        ? raw.map((n) => (Number.isSafeInteger(n) ? Number(n) : NaN))
        : [NaN];
  const bad = list.some((n) => !Number.isSafeInteger(n) || n <= 0 || (allowed && !allowed.includes(n)));
  if (bad || list.length === 0 || list.length > 12) {
    throw invalid(`${what}: 1 to 12 whole numbers > 0${allowed ? ` among ${allowed.join(',')}` : ''}`);
  }
  return [...new Set(list)].sort((a, b) => a - b);
}

export async function leverTerms(db: Db, marketId?: number): Promise<LeverTerms[]> {
  const [terms, markets] = await Promise.all([
    leverTermsRepo.terms(db, marketId),
    catalogRepo.leverMarkets(db),
  ]);
  const rows = markets.flatMap((m) => {
    const t = terms.get(m.id);
    return t ? [{ ...t, ...m }] : [];
  });
  return rows.map((r) => ({
    marketId: r.market_id,
    legalId: r.legal_id,
    currencyId: r.currency_id,
    isOpen: r.open_lever === 1 && r.is_display === 1,
    openLever: r.open_lever,
    symbol: `${r.currency_name}/${r.legal_name}`,
    legalName: r.legal_name,
    currencyName: r.currency_name,
    quoteScale: r.legal_scale,
    baseScale: r.currency_scale,
    priceDecimals: r.price_decimals,
    priceTickMinor: r.price_tick_minor,
    shareNumMinor: r.share_num_minor,
    spreadBps: r.spread_bps,
    feeBps: r.fee_bps,
    overnightBps: r.overnight_bps,
    minShare: r.min_share,
    maxShare: r.max_share,
    multiples: JSON.parse(r.multiples) as number[],
    sharePresets: JSON.parse(r.share_presets) as number[],
    liquidationRateBps: r.liquidation_rate_bps,
    maxOpen: r.max_open,
  }));
}

/** The terms of the market of (legal_id, currency_id), or undefined. */
export async function termsOfPair(db: Db, legalId: number, currencyId: number) {
  const m = await catalogRepo.marketOfPair(db, legalId, currencyId);
  return m ? (await leverTerms(db, m.id))[0] : undefined;
}

export interface TermsInput {
  lever_share_num: unknown;
  spread: unknown;
  lever_trade_fee: unknown;
  overnight: unknown;
  min_share: number;
  max_share: number;
  multiples: unknown;
  share_presets: unknown;
  liquidation_rate: unknown;
  max_open: number;
}

export type TermsValues = ReturnType<typeof termsValues>;

/** Validated column values of `lever_markets` (LEVER_CONFIG_INVALID {detail} when out of range). */
export function termsValues(input: TermsInput, baseScale: number, nowMs: number) {
  let shareNum: bigint;
  try {
    shareNum = parseDecimal(String(input.lever_share_num), baseScale, { maxDigits: 12 });
  } catch {
    throw invalid(`lever_share_num: a positive amount with at most ${baseScale} decimals`);
  }
  if (input.max_share !== 0 && input.max_share < input.min_share) {
    throw invalid('max_share must be 0 (no cap) or at least min_share');
  }
  return {
    share_num_minor: shareNum,
    spread_bps: percentToBps(input.spread, 'spread', 1_000),
    fee_bps: percentToBps(input.lever_trade_fee, 'lever_trade_fee', 1_000),
    overnight_bps: percentToBps(input.overnight, 'overnight', 1_000),
    min_share: input.min_share,
    max_share: input.max_share,
    multiples: JSON.stringify(parseList(input.multiples, 'multiples', LEVER_MULTIPLES_ALLOWED)),
    share_presets: JSON.stringify(parseList(input.share_presets, 'share_presets')),
    // Below 100 %: at or above it a position with nothing free beside it would be liquidated at once.
    liquidation_rate_bps: percentToBps(input.liquidation_rate, 'liquidation_rate', 9_999),
    max_open: input.max_open,
    updated_at: nowMs,
  };
}

/** Inserts the seeded terms of lever markets that have none; never overwrites an edit. */
export async function seedLeverTerms(db: Db, clock: Clock): Promise<void> {
  const have = await leverTermsRepo.marketIds(db);
  for (const s of LEVER_MARKETS) {
    if (have.has(s.market_id)) continue;
    const m = await catalogRepo.marketScales(db, s.market_id);
    if (!m) continue;
    const values = termsValues({ ...s, lever_trade_fee: s.lever_trade_fee }, m.currency_scale, clock.now());
    await leverTermsRepo.insertTerms(db, s.market_id, values);
  }
}

export async function adminLeverConfig(db: Db): Promise<AdminLeverMarket[]> {
  return (await leverTerms(db)).map((t) => ({
    market_id: t.marketId,
    symbol: t.symbol,
    open_lever: t.openLever,
    lever_share_num: formatMinor(t.shareNumMinor, t.baseScale),
    spread: bpsToPercent(t.spreadBps),
    lever_trade_fee: bpsToPercent(t.feeBps),
    overnight: bpsToPercent(t.overnightBps),
    min_share: t.minShare,
    max_share: t.maxShare,
    multiples: t.multiples,
    share_presets: t.sharePresets,
    liquidation_rate: bpsToPercent(t.liquidationRateBps),
    max_open: t.maxOpen,
  }));
}

/** Writes one market's terms and its `open_lever` flag (the approved request's transaction). */
export async function writeTerms(
  trx: Db,
  marketId: number,
  values: TermsValues,
  openLever: number,
): Promise<void> {
  await leverTermsRepo.saveTerms(trx, marketId, values);
  await catalogRepo.setMarketSwitch(trx, marketId, 'open_lever', openLever);
}

/** The wire shape of terms values (what a request proposes and what it replaces). */
export function adminShapeOf(
  m: { id: number; symbol: string; baseScale: number },
  v: TermsValues,
  openLever: number,
): AdminLeverMarket {
  return {
    market_id: m.id,
    symbol: m.symbol,
    open_lever: openLever,
    lever_share_num: formatMinor(v.share_num_minor, m.baseScale),
    spread: bpsToPercent(v.spread_bps),
    lever_trade_fee: bpsToPercent(v.fee_bps),
    overnight: bpsToPercent(v.overnight_bps),
    min_share: v.min_share,
    max_share: v.max_share,
    multiples: JSON.parse(v.multiples) as number[],
    share_presets: JSON.parse(v.share_presets) as number[],
    liquidation_rate: bpsToPercent(v.liquidation_rate_bps),
    max_open: v.max_open,
  };
}
