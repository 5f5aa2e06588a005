/**
 * Spot markets as the committer sees them: ids, names, scales, fees and the engine's MarketRules.
 */
import { formatMinor } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { catalogRepo } from '../catalog/repo';
import { MarketRules } from './engine/market-rules';

export interface SpotMarket {
  id: number;
  legalId: number;
  currencyId: number;
  legalName: string;
  currencyName: string;
  /** 'BTC/USDT' */
  symbol: string;
  baseScale: number;
  quoteScale: number;
  rules: MarketRules;
  makerFeeBps: number;
  takerFeeBps: number;
  priceDecimals: number;
  amountDecimals: number;
  isOpen: boolean;
  isDisplay: boolean;
  sort: number;
  referencePrice: bigint;
  /** CNY per one unit of the quote currency, scale 8. */
  quoteCnyRate: bigint;
}

export async function loadMarkets(
  db: Db,
  onBadMarket: (id: number, why: string) => void,
): Promise<SpotMarket[]> {
  const rows = await catalogRepo.spotMarkets(db);
  const out: SpotMarket[] = [];
  for (const r of rows) {
    let rules: MarketRules;
    try {
      rules = new MarketRules({
        baseScale: r.currency_scale,
        quoteScale: r.legal_scale,
        priceTick: r.price_tick_minor,
        amountStep: r.amount_step_minor,
        minAmount: r.min_amount_minor,
        minNotional: r.min_notional_minor,
      });
    } catch (err) {
      onBadMarket(r.id, (err as Error).message);
      continue;
    }
    out.push({
      id: r.id,
      legalId: r.legal_id,
      currencyId: r.currency_id,
      legalName: r.legal_name,
      currencyName: r.currency_name,
      symbol: `${r.currency_name}/${r.legal_name}`,
      baseScale: r.currency_scale,
      quoteScale: r.legal_scale,
      rules,
      makerFeeBps: r.maker_fee_bps,
      takerFeeBps: r.taker_fee_bps,
      priceDecimals: r.price_decimals,
      amountDecimals: r.amount_decimals,
      isOpen: r.open_coin_trade === 1,
      isDisplay: r.is_display === 1,
      sort: r.sort,
      referencePrice: r.reference_price_minor,
      quoteCnyRate: r.legal_cny_rate_minor,
    });
  }
  return out;
}

/** Wire formatting of one market's numbers. Prices keep every decimal of the quote scale the tick uses. */
export function priceText(m: SpotMarket, v: bigint, decimals = m.priceDecimals): string {
  return formatMinor(v, m.quoteScale, Math.min(decimals, m.quoteScale));
}
export function amountText(m: SpotMarket, v: bigint, decimals = m.amountDecimals): string {
  return formatMinor(v, m.baseScale, Math.min(decimals, m.baseScale));
}
export const quoteText = (m: SpotMarket, v: bigint, decimals = m.quoteScale) =>
  formatMinor(v, m.quoteScale, Math.min(decimals, m.quoteScale));
export const baseText = (m: SpotMarket, v: bigint, decimals = m.baseScale) =>
  formatMinor(v, m.baseScale, Math.min(decimals, m.baseScale));
