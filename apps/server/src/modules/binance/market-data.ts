/**
 * The Binance-compatible API's public calls (server time, exchange information, book, trades, candles,
 * tickers) from the spot service's committed state (`ctx.services.spot.engine`) and the spot tables.
 * No Fastify types here: the routes hand it the request's parameters.
 */
import { formatMinor } from '@oryx/contracts/money';
import type { AppContext } from '../../lib/context';
import { barStart, type KlinePeriod } from '../spot/candles';
import type { SpotMarket } from '../spot/markets';
import { OPEN_ORDERS_MAX } from '../spot/matching';
import { spotRepo } from '../spot/repo';
import { DEPTH_SNAPSHOT_DEFAULT, DEPTH_SNAPSHOT_MAX, depthSnapshot } from '../binance-stream/service';
import { binanceErrors } from './errors';
import { LIST_DEFAULT, LIST_MAX, int, required, type Params } from './params';
import { binanceRepo } from './repo';
import { aggTradeOut, binanceSymbol, price, qty, quote, tradeOut } from '../binance-stream/wire';

/** The largest price and quantity parseDecimal accepts (one billion whole units). */
const MAX_WHOLE = 1_000_000_000n;

/** Binance's kline intervals Oryx keeps bars for, and their longest length (for close times). */
const INTERVALS: Record<string, { period: KlinePeriod; lengthMs: number }> = {
  '1m': { period: '1min', lengthMs: 60_000 },
  '5m': { period: '5min', lengthMs: 300_000 },
  '15m': { period: '15min', lengthMs: 900_000 },
  '30m': { period: '30min', lengthMs: 1_800_000 },
  '1h': { period: '60min', lengthMs: 3_600_000 },
  '1d': { period: '1D', lengthMs: 86_400_000 },
  '1w': { period: '1W', lengthMs: 7 * 86_400_000 },
  '1M': { period: '1M', lengthMs: 31 * 86_400_000 },
};
/** Binance intervals Oryx keeps no bars for (refused with -1120, not silently answered with another). */
export const UNSUPPORTED_INTERVALS = ['1s', '3m', '2h', '4h', '6h', '8h', '12h', '3d'];

export class BinanceMarketData {
  constructor(private readonly ctx: AppContext) {}

  private get spot() {
    return this.ctx.services.spot.engine;
  }

  /** The market named by `symbol` ('BTCUSDT'), or -1121. */
  market(symbol: string | undefined): SpotMarket {
    if (symbol === undefined || symbol === '') throw binanceErrors.mandatory('symbol');
    const s = symbol.toUpperCase();
    const m = this.spot.allMarkets().find((x) => binanceSymbol(x) === s);
    if (!m) throw binanceErrors.badSymbol();
    return m;
  }

  /** `symbol`, or `symbols` (a JSON array), or every market. */
  marketsOf(p: Params): SpotMarket[] {
    if (p.symbol) return [this.market(p.symbol)];
    if (p.symbols) {
      let names: unknown;
      try {
        names = JSON.parse(p.symbols);
      } catch {
        throw binanceErrors.illegalChars('symbols');
      }
      if (!Array.isArray(names) || names.length > 100) throw binanceErrors.illegalChars('symbols');
      return names.map((n) => this.market(String(n)));
    }
    return this.spot.allMarkets();
  }

  // ---- general ----

  time() {
    return { serverTime: this.ctx.clock.now() };
  }

  exchangeInfo(p: Params) {
    const markets = this.marketsOf(p);
    const env = this.ctx.env;
    return {
      timezone: 'UTC',
      serverTime: this.ctx.clock.now(),
      rateLimits: [
        {
          rateLimitType: 'REQUEST_WEIGHT',
          interval: 'MINUTE',
          intervalNum: 1,
          limit: env.BINANCE_WEIGHT_PER_MINUTE,
        },
        { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: env.BINANCE_ORDERS_PER_10S },
        { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: env.BINANCE_ORDERS_PER_DAY },
      ],
      exchangeFilters: [],
      symbols: markets.map((m) => this.symbolInfo(m)),
    };
  }

  private symbolInfo(m: SpotMarket) {
    const r = m.rules;
    const maxPrice = price(m, MAX_WHOLE * 10n ** BigInt(m.quoteScale));
    const maxQty = qty(m, MAX_WHOLE * 10n ** BigInt(m.baseScale));
    const minNotional = quote(m, r.minNotional);
    return {
      symbol: binanceSymbol(m),
      status: m.isOpen ? 'TRADING' : 'BREAK',
      baseAsset: m.currencyName,
      baseAssetPrecision: m.baseScale,
      quoteAsset: m.legalName,
      quotePrecision: m.quoteScale,
      quoteAssetPrecision: m.quoteScale,
      baseCommissionPrecision: m.baseScale,
      quoteCommissionPrecision: m.quoteScale,
      orderTypes: ['LIMIT', 'MARKET'],
      icebergAllowed: false,
      ocoAllowed: false,
      otoAllowed: false,
      quoteOrderQtyMarketAllowed: true,
      allowTrailingStop: false,
      cancelReplaceAllowed: false,
      amendAllowed: false,
      isSpotTradingAllowed: true,
      isMarginTradingAllowed: false,
      filters: [
        {
          filterType: 'PRICE_FILTER',
          minPrice: price(m, r.priceTick),
          maxPrice,
          tickSize: price(m, r.priceTick),
        },
        { filterType: 'LOT_SIZE', minQty: qty(m, r.minAmount), maxQty, stepSize: qty(m, r.amountStep) },
        {
          filterType: 'MARKET_LOT_SIZE',
          minQty: qty(m, r.minAmount),
          maxQty,
          stepSize: qty(m, r.amountStep),
        },
        { filterType: 'MIN_NOTIONAL', minNotional, applyToMarket: true, avgPriceMins: 0 },
        {
          filterType: 'NOTIONAL',
          minNotional,
          applyMinToMarket: true,
          maxNotional: price(m, MAX_WHOLE * 10n ** BigInt(m.quoteScale)),
          applyMaxToMarket: false,
          avgPriceMins: 0,
        },
        { filterType: 'MAX_NUM_ORDERS', maxNumOrders: OPEN_ORDERS_MAX },
      ],
      permissions: [],
      permissionSets: [['SPOT']],
      defaultSelfTradePreventionMode: 'EXPIRE_TAKER',
      allowedSelfTradePreventionModes: ['EXPIRE_TAKER'],
    };
  }

  // ---- market data ----

  /**
   * The book to the level asked, with the update id the depth streams count in (binance-stream): a
   * client syncs the stream's diffs to this snapshot as it would to Binance's.
   */
  depth(p: Params) {
    const m = this.market(p.symbol);
    const limit = int(p, 'limit', { min: 1, max: DEPTH_SNAPSHOT_MAX }) ?? DEPTH_SNAPSHOT_DEFAULT;
    return depthSnapshot(this.ctx, m.id, limit);
  }

  async trades(p: Params) {
    const m = this.market(p.symbol);
    const limit = int(p, 'limit', { min: 1, max: LIST_MAX }) ?? LIST_DEFAULT;
    const rows = await binanceRepo.marketTrades(this.ctx.db, { marketId: m.id, limit });
    return rows.map((t) => tradeOut(m, t));
  }

  async aggTrades(p: Params) {
    const m = this.market(p.symbol);
    const limit = int(p, 'limit', { min: 1, max: LIST_MAX }) ?? LIST_DEFAULT;
    const fromId = int(p, 'fromId', { min: 0 });
    let startMs = int(p, 'startTime', { min: 0 });
    let endMs = int(p, 'endTime', { min: 0 });
    if (startMs !== undefined && endMs === undefined) endMs = startMs + 3_600_000;
    if (endMs !== undefined && startMs === undefined) startMs = Math.max(0, endMs - 3_600_000);
    if (startMs !== undefined && endMs !== undefined && endMs - startMs > 3_600_000)
      throw binanceErrors.badParam('startTime and endTime must be within 1 hour.');
    const rows = await binanceRepo.marketTrades(this.ctx.db, {
      marketId: m.id,
      fromId,
      startMs,
      endMs,
      limit,
    });
    return rows.map((t) => aggTradeOut(m, t));
  }

  async klines(p: Params) {
    const m = this.market(p.symbol);
    const iv = INTERVALS[required(p.interval, 'interval')];
    if (!iv || !Object.hasOwn(INTERVALS, p.interval!)) throw binanceErrors.badInterval();
    const limit = int(p, 'limit', { min: 1, max: LIST_MAX }) ?? LIST_DEFAULT;
    const startMs = int(p, 'startTime', { min: 0 });
    const endMs = int(p, 'endTime', { min: 0 });
    const now = this.ctx.clock.now();
    let fromMs = startMs !== undefined ? barStart(iv.period, startMs) : 0;
    let toMs = endMs ?? now;
    // From a start, the first `limit` bars; otherwise the latest `limit` up to the end.
    if (startMs !== undefined && endMs === undefined) toMs = Math.min(now, fromMs + limit * iv.lengthMs);
    if (startMs === undefined) fromMs = Math.max(0, toMs - (limit + 1) * iv.lengthMs);
    const bars = await spotRepo.bars(this.ctx.db, m.id, iv.period, fromMs, toMs, limit);
    return bars.map((b) => [
      b.openTime,
      price(m, b.open),
      price(m, b.high),
      price(m, b.low),
      price(m, b.close),
      qty(m, b.volume),
      barStart(iv.period, b.openTime + iv.lengthMs) - 1,
      quote(m, b.quoteVolume),
      b.trades,
      '0',
      '0',
      '0',
    ]);
  }

  stats(m: SpotMarket) {
    // Its book when this process owns the market, else the owner's view (spot's market-feed.ts).
    const c = this.spot.committedOf(m);
    const last = c.last.priceMinor;
    const now = this.ctx.clock.now();
    const s = c.stats(now);
    const depth = this.spot.publisher.depth.get(m.id) ?? { bids: [], asks: [] };
    return { recentTrades: c.recentTrades, last, now, s, depth };
  }

  private book(m: SpotMarket, depth: { bids: [number, number][]; asks: [number, number][] }) {
    const bid = depth.bids[0];
    const ask = depth.asks[0];
    return {
      bidPrice: price(m, bid ? m.rules.priceOf(bid[0]) : 0n),
      bidQty: qty(m, bid ? m.rules.amountOf(bid[1]) : 0n),
      askPrice: price(m, ask ? m.rules.priceOf(ask[0]) : 0n),
      askQty: qty(m, ask ? m.rules.amountOf(ask[1]) : 0n),
    };
  }

  ticker24hr(p: Params) {
    const one = p.symbol !== undefined;
    const rows = this.marketsOf(p).map((m) => {
      const { recentTrades, last, now, s, depth } = this.stats(m);
      const high = s.high > last ? s.high : last;
      const low = s.low < last ? s.low : last;
      const change = last - s.open;
      const pct = s.open === 0n ? 0n : (change * 100_000n) / s.open;
      const avg = s.volume === 0n ? 0n : (s.quoteVolume * 10n ** BigInt(m.baseScale)) / s.volume;
      const recent = recentTrades;
      const dayTrades = recent.filter((t) => t.at > now - 86_400_000);
      return {
        symbol: binanceSymbol(m),
        priceChange: price(m, change),
        priceChangePercent: formatMinor(pct, 3),
        weightedAvgPrice: price(m, avg),
        prevClosePrice: price(m, s.open),
        lastPrice: price(m, last),
        lastQty: qty(m, recent[0]?.amount ?? 0n),
        ...this.book(m, depth),
        openPrice: price(m, s.open),
        highPrice: price(m, high),
        lowPrice: price(m, low),
        volume: qty(m, s.volume),
        quoteVolume: quote(m, s.quoteVolume),
        openTime: now - 86_400_000,
        closeTime: now,
        firstId: dayTrades.at(-1)?.id ?? -1,
        lastId: dayTrades[0]?.id ?? -1,
        count: dayTrades.length,
      };
    });
    return one ? rows[0] : rows;
  }

  tickerPrice(p: Params) {
    const rows = this.marketsOf(p).map((m) => ({
      symbol: binanceSymbol(m),
      price: price(m, this.stats(m).last),
    }));
    return p.symbol !== undefined ? rows[0] : rows;
  }

  bookTicker(p: Params) {
    const rows = this.marketsOf(p).map((m) => ({
      symbol: binanceSymbol(m),
      ...this.book(m, this.stats(m).depth),
    }));
    return p.symbol !== undefined ? rows[0] : rows;
  }
}
