/**
 * The Binance-compatible REST API's calls over the spot service (`ctx.services.spot.engine`) and the
 * ledger: no matching or money of its own. An order placed here is the same order as one placed through
 * `/api/coin/trade` (same engine, same rules, same ledger movements). No Fastify types here: the routes
 * hand it the request's parameters (query and body merged, as strings) and the signed key's user.
 */
import { formatMinor } from '@oryx/contracts/money';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { randomAlphanumeric } from '../apikeys/secrets';
import { catalogRepo } from '../catalog/repo';
import { ledger } from '../ledger/service';
import { barStart, type KlinePeriod } from '../spot/candles';
import type { SpotMarket } from '../spot/markets';
import { OPEN_ORDERS_MAX } from '../spot/matching';
import { spotRepo } from '../spot/repo';
import { dayStats } from '../spot/wire';
import { binanceErrors, isAppError, newOrderRefusal } from './errors';
import { binanceRepo } from './repo';
import {
  aggTradeOut,
  binanceSymbol,
  fillOut,
  myTradeOut,
  orderOut,
  price,
  qty,
  quote,
  tradeOut,
} from './wire';

export type Params = Record<string, string | undefined>;

/** The largest price and quantity parseDecimal accepts (one billion whole units). */
const MAX_WHOLE = 1_000_000_000n;
const LIST_MAX = 1000;
const LIST_DEFAULT = 500;
/** Levels the committed depth snapshot holds (spot/events.ts DEPTH_LEVELS). */
const DEPTH_MAX = 20;

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

/**
 * Time in force. GTC is what the spot engine does today. IOC, FOK (and LIMIT_MAKER, a post-only limit
 * order) pass through HERE once the spot service takes a time-in-force option: until then they are
 * refused (-1115 / -1116) and nothing is placed.
 */
const SUPPORTED_TIME_IN_FORCE = new Set(['GTC']);
const KNOWN_TIME_IN_FORCE = new Set(['GTC', 'IOC', 'FOK']);

/** The signed key's user, as the calls need it. */
export interface ApiUser {
  userId: number;
  hasTradePassword: boolean;
  isTradeFrozen: boolean;
}

const int = (p: Params, name: string, opts: { min?: number; max?: number } = {}): number | undefined => {
  const v = p[name];
  if (v === undefined || v === '') return undefined;
  if (!/^-?\d{1,16}$/.test(v)) throw binanceErrors.illegalChars(name);
  const n = Number(v);
  if ((opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max))
    throw binanceErrors.badParam(`Parameter '${name}' is out of range.`);
  return n;
};

const decimalText = (p: Params, name: string): string | undefined => {
  const v = p[name];
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,20}(\.\d{1,30})?$/.test(v)) throw binanceErrors.illegalChars(name);
  return v;
};

const required = <T>(v: T | undefined, name: string): T => {
  if (v === undefined) throw binanceErrors.mandatory(name);
  return v;
};

export class BinanceService {
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
  private marketsOf(p: Params): SpotMarket[] {
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

  depth(p: Params) {
    const m = this.market(p.symbol);
    const limit = Math.min(int(p, 'limit', { min: 1, max: 5000 }) ?? 100, DEPTH_MAX);
    const snap = this.spot.publisher.depth.get(m.id) ?? { bids: [], asks: [] };
    const level = ([ticks, lots]: [number, number]) => [
      price(m, m.rules.priceOf(ticks)),
      qty(m, m.rules.amountOf(lots)),
    ];
    const last = this.spot.committer.book(m.id)?.last.tradeId ?? 0;
    return {
      lastUpdateId: last,
      bids: snap.bids.slice(0, limit).map(level),
      asks: snap.asks.slice(0, limit).map(level),
    };
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

  private stats(m: SpotMarket) {
    const mb = this.spot.committer.book(m.id);
    const last = mb?.last.priceMinor ?? m.referencePrice;
    const now = this.ctx.clock.now();
    const s = dayStats(mb?.minuteBars ?? [], last, now);
    const depth = this.spot.publisher.depth.get(m.id) ?? { bids: [], asks: [] };
    return { mb, last, now, s, depth };
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
      const { mb, last, now, s, depth } = this.stats(m);
      const high = s.high > last ? s.high : last;
      const low = s.low < last ? s.low : last;
      const change = last - s.open;
      const pct = s.open === 0n ? 0n : (change * 100_000n) / s.open;
      const avg = s.volume === 0n ? 0n : (s.quoteVolume * 10n ** BigInt(m.baseScale)) / s.volume;
      const recent = mb?.recentTrades ?? [];
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

  // ---- account and orders ----

  async account(user: ApiUser) {
    const currencies = await catalogRepo.currencyMap(this.ctx.db);
    const balances = (await ledger.balances(this.ctx.db, user.userId)).filter((b) => b.wallet === 'change');
    const markets = this.spot.allMarkets();
    const maker = Math.max(0, ...markets.map((m) => m.makerFeeBps));
    const taker = Math.max(0, ...markets.map((m) => m.takerFeeBps));
    return {
      makerCommission: maker,
      takerCommission: taker,
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: {
        maker: formatMinor(BigInt(maker), 4),
        taker: formatMinor(BigInt(taker), 4),
        buyer: formatMinor(0n, 4),
        seller: formatMinor(0n, 4),
      },
      canTrade: !user.isTradeFrozen,
      canWithdraw: false,
      canDeposit: false,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: this.ctx.clock.now(),
      accountType: 'SPOT',
      balances: balances.flatMap((b) => {
        const c = currencies.get(b.currencyId);
        return c
          ? [
              {
                asset: c.name,
                free: formatMinor(b.availableMinor, c.scale),
                locked: formatMinor(b.frozenMinor, c.scale),
              },
            ]
          : [];
      }),
      permissions: ['SPOT'],
      uid: user.userId,
    };
  }

  /** A new order's fields read as the spot service's place input (Binance's refusals for what it lacks). */
  private placeInput(p: Params) {
    const m = this.market(p.symbol);
    const side = required(p.side, 'side').toUpperCase();
    if (side !== 'BUY' && side !== 'SELL') throw binanceErrors.badSide();
    const type = required(p.type, 'type').toUpperCase();
    if (type !== 'LIMIT' && type !== 'MARKET') throw binanceErrors.badOrderType();
    const quantity = decimalText(p, 'quantity');
    const quoteOrderQty = decimalText(p, 'quoteOrderQty');
    const priceText = decimalText(p, 'price');
    if (type === 'LIMIT') {
      const tif = required(p.timeInForce, 'timeInForce').toUpperCase();
      if (!KNOWN_TIME_IN_FORCE.has(tif) || !SUPPORTED_TIME_IN_FORCE.has(tif))
        throw binanceErrors.badTimeInForce();
      required(quantity, 'quantity');
      required(priceText, 'price');
      if (quoteOrderQty !== undefined)
        throw binanceErrors.badParam("Parameter 'quoteOrderQty' is not for LIMIT orders.");
    } else {
      if (p.timeInForce) throw binanceErrors.badParam("Parameter 'timeInForce' is not for MARKET orders.");
      if (quantity === undefined && quoteOrderQty === undefined) throw binanceErrors.mandatory('quantity');
      if (quantity !== undefined && quoteOrderQty !== undefined)
        throw binanceErrors.badParam("Send 'quantity' or 'quoteOrderQty', not both.");
      if (quoteOrderQty !== undefined && side === 'SELL')
        throw binanceErrors.badParam("Parameter 'quoteOrderQty' is for MARKET BUY orders on this exchange.");
    }
    const clientOid = p.newClientOrderId ?? null;
    if (clientOid !== null && !/^[.A-Z:/a-z0-9_-]{1,36}$/.test(clientOid))
      throw binanceErrors.illegalChars('newClientOrderId');
    const respType = (p.newOrderRespType ?? (type === 'LIMIT' ? 'FULL' : 'FULL')).toUpperCase();
    if (respType !== 'ACK' && respType !== 'RESULT' && respType !== 'FULL')
      throw binanceErrors.badParam("Invalid 'newOrderRespType'.");
    return {
      m,
      respType,
      clientOid,
      input: {
        match_id: m.id,
        type: side === 'BUY' ? 1 : 2,
        order_type: type === 'LIMIT' ? ('limit' as const) : ('market' as const),
        amount: quantity,
        quote_amount: quoteOrderQty,
        target_price: type === 'LIMIT' ? priceText : undefined,
      },
    };
  }

  private checkCanTrade(user: ApiUser) {
    if (user.isTradeFrozen) throw newOrderRefusal(new AppError('ACCOUNT_TRADE_FROZEN'));
    if (!user.hasTradePassword) throw newOrderRefusal(new AppError('TRADE_PASSWORD_MISSING_LEGACY'));
  }

  /** `order/test`: the same checks as a new order, nothing placed. */
  testOrder(user: ApiUser, p: Params) {
    const { input, clientOid } = this.placeInput(p);
    this.checkCanTrade(user);
    try {
      this.spot.buildPlace(user.userId, input, clientOid);
    } catch (err) {
      if (isAppError(err)) throw newOrderRefusal(err);
      throw err;
    }
    return {};
  }

  async newOrder(user: ApiUser, p: Params) {
    const { m, input, clientOid, respType } = this.placeInput(p);
    this.checkCanTrade(user);
    let placedId: number;
    try {
      // Without a client id Binance makes one; so does Oryx, so every order can be found by it.
      const o = await this.spot.placeOrder(
        { userId: user.userId, hasTradePassword: user.hasTradePassword },
        input,
        clientOid ?? `oryx-${randomAlphanumeric(22)}`,
      );
      placedId = o.id;
    } catch (err) {
      if (isAppError(err)) throw newOrderRefusal(err);
      throw err;
    }
    const row = await binanceRepo.userOrder(this.ctx.db, user.userId, placedId);
    if (!row) throw binanceErrors.unknown();
    const full = orderOut(m, row);
    const ack = {
      symbol: full.symbol,
      orderId: full.orderId,
      orderListId: -1,
      clientOrderId: full.clientOrderId,
      transactTime: row.created_at,
    };
    if (respType === 'ACK') return ack;
    const result = {
      ...ack,
      price: full.price,
      origQty: full.origQty,
      executedQty: full.executedQty,
      origQuoteOrderQty:
        input.quote_amount !== undefined
          ? quote(m, row.held_minor + row.filled_quote_minor)
          : full.origQuoteOrderQty,
      cummulativeQuoteQty: full.cummulativeQuoteQty,
      status: full.status,
      timeInForce: full.timeInForce,
      type: full.type,
      side: full.side,
      workingTime: full.workingTime,
      selfTradePreventionMode: full.selfTradePreventionMode,
    };
    if (respType === 'RESULT') return result;
    const trades = await binanceRepo.orderTrades(this.ctx.db, row, LIST_MAX);
    return {
      ...result,
      fills: trades.filter((t) => t.taker_order_id === row.id).map((t) => fillOut(m, t, row.id)),
    };
  }

  /** The caller's order named by `orderId` or `origClientOrderId` in `symbol`'s market, or null. */
  private async findOrder(user: ApiUser, m: SpotMarket, p: Params) {
    const orderId = int(p, 'orderId', { min: 0 });
    const clientId = p.origClientOrderId;
    if (orderId === undefined && (clientId === undefined || clientId === ''))
      throw binanceErrors.mandatory('orderId');
    const row =
      orderId !== undefined
        ? await binanceRepo.userOrder(this.ctx.db, user.userId, orderId)
        : await binanceRepo.userOrderByClientId(this.ctx.db, user.userId, m.id, clientId!);
    if (!row || row.market_id !== m.id) return null;
    if (orderId !== undefined && clientId !== undefined && clientId !== '' && row.client_oid !== clientId)
      return null;
    return row;
  }

  async getOrder(user: ApiUser, p: Params) {
    const m = this.market(p.symbol);
    const row = await this.findOrder(user, m, p);
    if (!row) throw binanceErrors.noSuchOrder();
    return orderOut(m, row);
  }

  async cancelOrder(user: ApiUser, p: Params) {
    const m = this.market(p.symbol);
    const row = await this.findOrder(user, m, p);
    if (!row || row.status !== 1) throw binanceErrors.cancelRejected();
    return this.cancelRow(user, m, row.id);
  }

  private async cancelRow(user: ApiUser, m: SpotMarket, orderId: number) {
    try {
      await this.spot.cancelOrder(user.userId, orderId);
    } catch (err) {
      if (isAppError(err) && (err.code === 'SPOT_ORDER_NOT_FOUND' || err.code === 'SPOT_ORDER_NOT_OPEN'))
        throw binanceErrors.cancelRejected();
      if (isAppError(err) && err.code === 'SPOT_BUSY') throw newOrderRefusal(err);
      throw err;
    }
    const after = await binanceRepo.userOrder(this.ctx.db, user.userId, orderId);
    if (!after) throw binanceErrors.unknown();
    const o = orderOut(m, after);
    return { ...o, origClientOrderId: o.clientOrderId, transactTime: after.updated_at };
  }

  async openOrders(user: ApiUser, p: Params) {
    const m = p.symbol !== undefined ? this.market(p.symbol) : undefined;
    const rows = await binanceRepo.openOrders(this.ctx.db, user.userId, m?.id, OPEN_ORDERS_MAX);
    return rows.flatMap((r) => {
      const mm = m ?? this.spot.market(r.market_id);
      return mm ? [orderOut(mm, r)] : [];
    });
  }

  async cancelOpenOrders(user: ApiUser, p: Params) {
    const m = this.market(p.symbol);
    const rows = await binanceRepo.openOrders(this.ctx.db, user.userId, m.id, OPEN_ORDERS_MAX);
    if (rows.length === 0) throw binanceErrors.cancelRejected();
    const out = [];
    for (const r of rows) {
      try {
        out.push(await this.cancelRow(user, m, r.id));
      } catch (err) {
        // Filled meanwhile: not an open order any more.
        if (!(err instanceof Error) || (err as { code?: number }).code !== -2011) throw err;
      }
    }
    return out;
  }

  async allOrders(user: ApiUser, p: Params) {
    const m = this.market(p.symbol);
    const rows = await binanceRepo.orders(this.ctx.db, {
      userId: user.userId,
      marketId: m.id,
      fromId: int(p, 'orderId', { min: 0 }),
      startMs: int(p, 'startTime', { min: 0 }),
      endMs: int(p, 'endTime', { min: 0 }),
      limit: int(p, 'limit', { min: 1, max: LIST_MAX }) ?? LIST_DEFAULT,
    });
    return rows.map((r) => orderOut(m, r));
  }

  async myTrades(user: ApiUser, p: Params) {
    const m = this.market(p.symbol);
    const orderId = int(p, 'orderId', { min: 0 });
    const limit = int(p, 'limit', { min: 1, max: LIST_MAX }) ?? LIST_DEFAULT;
    if (orderId !== undefined) {
      const order = await binanceRepo.userOrder(this.ctx.db, user.userId, orderId);
      if (!order || order.market_id !== m.id) return [];
      const rows = await binanceRepo.orderTrades(this.ctx.db, order, limit);
      return rows.map((t) => myTradeOut(m, t, user.userId));
    }
    const rows = await binanceRepo.userTrades(this.ctx.db, {
      userId: user.userId,
      marketId: m.id,
      fromId: int(p, 'fromId', { min: 0 }),
      startMs: int(p, 'startTime', { min: 0 }),
      endMs: int(p, 'endTime', { min: 0 }),
      limit,
    });
    return rows.map((t) => myTradeOut(m, t, user.userId));
  }
}
