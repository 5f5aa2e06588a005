/**
 * A market's Binance symbol: base then quote, upper case, no separator (`BTC/USDT` -> `BTCUSDT`).
 * Payloads carry it as is; stream names carry it in lower case (`btcusdt@trade`). Pure.
 */

/** The Binance symbol of a market named by its base (currency) and quote (legal) names. */
export function binanceSymbol(m: { currencyName: string; legalName: string }): string {
  return `${m.currencyName}${m.legalName}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * Markets by their lower-case Binance symbol. Two markets whose names join to the same symbol
 * (`AB`+`CUSDT` and `ABC`+`USDT`) cannot both be named that way: the first (by id) keeps it.
 */
export function symbolIndex<M extends { id: number; currencyName: string; legalName: string }>(
  markets: readonly M[],
): Map<string, M> {
  const out = new Map<string, M>();
  for (const m of [...markets].sort((a, b) => a.id - b.id)) {
    const key = binanceSymbol(m).toLowerCase();
    if (key !== '' && !out.has(key)) out.set(key, m);
  }
  return out;
}
