/**
 * One way to show a market price: with the market's own tick decimals (`price_decimals` of the
 * quotation, the deal and order replies), grouped thousands, truncated (prices are on the tick, so
 * nothing is lost). Every book, trade, ticker and order price goes through `formatPrice`, so a market
 * quoted to 2 places reads '96,123.50' on every page, not 8 places here and 4 there.
 */
import { useQuotation, type QuotationItem } from './quotation';
import { formatGrouped, groupDigits } from '../lib/display-decimal';

/** More places than any listed market's tick (the exchange's price scale). */
export const PRICE_DECIMALS_MAX = 8;

/** A market's tick decimals as shown: an integer within 0..PRICE_DECIMALS_MAX, or null when unknown. */
export function tickDecimals(decimals: number | null | undefined): number | null {
  if (decimals === null || decimals === undefined || !Number.isInteger(decimals) || decimals < 0) return null;
  return Math.min(decimals, PRICE_DECIMALS_MAX);
}

/**
 * '96123.5' at 2 decimals -> '96,123.50'. While the market's decimals are unknown the price is shown as
 * the server sent it (grouped), never padded to a guess.
 */
export function formatPrice(value: string, decimals: number | null | undefined): string {
  const d = tickDecimals(decimals);
  return d === null ? groupDigits(value) : formatGrouped(value, d);
}

/** How a screen names a market: its id (`match_id`), its pair of ids, or its symbol ('BTC/USDT'). */
export type MarketRef = { id: number } | { legalId: number; currencyId: number } | { symbol: string };

export function findMarket(items: QuotationItem[], ref: MarketRef): QuotationItem | undefined {
  if ('id' in ref) return items.find((q) => q.id === ref.id);
  if ('symbol' in ref) return items.find((q) => q.symbol === ref.symbol);
  return items.find((q) => q.legal_id === ref.legalId && q.currency_id === ref.currencyId);
}

/** Tick decimals of any market from the (shared, cached) quotation list; undefined while it loads. */
export function usePriceDecimalsLookup(): (ref: MarketRef) => number | undefined {
  const quotation = useQuotation();
  const items = (quotation.data ?? []).flatMap((g) => g.quotation);
  return (ref) => findMarket(items, ref)?.price_decimals;
}

/** A market's tick decimals from the quotation list; undefined while it loads. */
export function usePriceDecimals(ref: MarketRef | null): number | undefined {
  const lookup = usePriceDecimalsLookup();
  return ref === null ? undefined : lookup(ref);
}
