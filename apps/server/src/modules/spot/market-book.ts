/**
 * The books in memory: per market its FastOrderBook, its open orders, the latest committed bars, recent
 * trades and last price (`MarketBook`); across markets the order id -> market index and the next ids
 * (`SpotBooks`). Loaded from the database (the source of truth) at start, after a failed batch and
 * when matching resumes.
 */
import { invariant } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { FastOrderBook } from './engine/fast-book';
import { KLINE_PERIODS, MINUTE_BARS_MAX, type Bar, type KlinePeriod } from './candles';
import type { SpotMarket } from './markets';
import { orderFromRow, tradeFromRow, type OrderState, type TradeRecord } from './orders';
import { recordLastPrice, type PricePoint } from './price-history';
import { spotRepo } from './repo';

/** Recent trades kept in memory per market (the deal centre's list). */
export const RECENT_TRADES_MAX = 50;

/** One market's book and committed state. */
export class MarketBook {
  book = new FastOrderBook();
  readonly open = new Map<number, OrderState>();
  readonly openPerUser = new Map<number, number>();
  /** Newest first. */
  recentTrades: TradeRecord[] = [];
  /** Latest bar of each period (committed). */
  bars = new Map<KlinePeriod, Bar>();
  /** 1-minute bars of the last 24 h, oldest first (committed). */
  minuteBars: Bar[] = [];
  last: PricePoint;

  constructor(readonly market: SpotMarket) {
    this.last = { priceMinor: market.referencePrice, tradeId: null, tradeTimeMs: 0 };
  }

  addOpen(o: OrderState): void {
    this.open.set(o.id, o);
    this.openPerUser.set(o.userId, (this.openPerUser.get(o.userId) ?? 0) + 1);
  }

  removeOpen(o: OrderState): void {
    if (!this.open.delete(o.id)) return;
    const n = (this.openPerUser.get(o.userId) ?? 1) - 1;
    if (n <= 0) this.openPerUser.delete(o.userId);
    else this.openPerUser.set(o.userId, n);
  }
}

/** Every market's book, the open orders' markets (for cancels) and the ids the committer hands out. */
export class SpotBooks {
  private readonly byMarket = new Map<number, MarketBook>();
  /** Open order id -> market. */
  private readonly orderMarket = new Map<number, number>();
  /**
   * Ids are assigned before the multi-row inserts: max(id) + 1 at load when one process matches every
   * market; from id blocks (`useBlock`, spot_id_blocks) when several processes each own some markets.
   */
  nextOrderId = 1;
  nextTradeId = 1;
  /** The end (exclusive) of the ids this process may hand out: unbounded for the single engine. */
  orderIdEnd = Number.POSITIVE_INFINITY;
  tradeIdEnd = Number.POSITIVE_INFINITY;
  /** Set when ids come from blocks: `load` leaves the counters alone. */
  private isBlocked = false;

  constructor(private readonly ctx: AppContext) {}

  takeOrderId(): number {
    invariant(this.nextOrderId < this.orderIdEnd, 'spot order id block used up');
    return this.nextOrderId++;
  }

  takeTradeId(): number {
    invariant(this.nextTradeId < this.tradeIdEnd, 'spot trade id block used up');
    return this.nextTradeId++;
  }

  /** Ids left in the current blocks. */
  idsLeft(): { orders: number; trades: number } {
    return { orders: this.orderIdEnd - this.nextOrderId, trades: this.tradeIdEnd - this.nextTradeId };
  }

  /** Hands out ids from these blocks from now on ([first, end) each). */
  useBlocks(orders: [number, number] | null, trades: [number, number] | null): void {
    this.isBlocked = true;
    if (orders) [this.nextOrderId, this.orderIdEnd] = orders;
    if (trades) [this.nextTradeId, this.tradeIdEnd] = trades;
  }

  book(marketId: number): MarketBook | undefined {
    return this.byMarket.get(marketId);
  }

  values(): IterableIterator<MarketBook> {
    return this.byMarket.values();
  }

  /** The book holding open order `orderId`, if it is open. */
  bookOfOrder(orderId: number): MarketBook | undefined {
    const marketId = this.orderMarket.get(orderId);
    return marketId === undefined ? undefined : this.byMarket.get(marketId);
  }

  addOpen(mb: MarketBook, o: OrderState): void {
    mb.addOpen(o);
    this.orderMarket.set(o.id, mb.market.id);
  }

  removeOpen(mb: MarketBook, o: OrderState): void {
    mb.removeOpen(o);
    this.orderMarket.delete(o.id);
  }

  /** Loads every market's open orders, ids, last trade and bars: at start and after a failed batch. */
  async load(markets: SpotMarket[]): Promise<void> {
    if (!this.isBlocked) {
      const ids = await spotRepo.maxIds(this.ctx.db);
      this.nextOrderId = Math.max(this.nextOrderId, ids.orderId + 1);
      this.nextTradeId = Math.max(this.nextTradeId, ids.tradeId + 1);
    }
    for (const m of markets) await this.loadMarket(m);
  }

  /** Forgets a market's book (its owner is now another process). */
  drop(marketId: number): void {
    const mb = this.byMarket.get(marketId);
    if (!mb) return;
    for (const id of mb.open.keys()) this.orderMarket.delete(id);
    this.byMarket.delete(marketId);
  }

  /** Loads one market's open orders, last trade and bars (a fresh book). */
  async loadMarket(market: SpotMarket): Promise<void> {
    const db = this.ctx.db;
    const prev = this.byMarket.get(market.id);
    if (prev) for (const id of prev.open.keys()) this.orderMarket.delete(id);
    const mb = new MarketBook(market);
    for (const row of await spotRepo.openOrders(db, market.id)) {
      const o = orderFromRow(row, market);
      const r = mb.book.place({
        type: 'limit',
        orderId: o.id,
        userId: o.userId,
        side: o.side,
        priceTicks: o.priceTicks,
        lots: lotsLeft(market, o),
      });
      invariant(
        r.reject === null && r.fills.length === 0,
        `open order ${o.id} does not rebuild cleanly (${r.reject})`,
      );
      this.addOpen(mb, o);
    }
    mb.recentTrades = (await spotRepo.recentTrades(db, market.id, RECENT_TRADES_MAX)).map(tradeFromRow);
    const lastTrade = mb.recentTrades[0];
    if (lastTrade)
      mb.last = { priceMinor: lastTrade.price, tradeId: lastTrade.id, tradeTimeMs: lastTrade.at };
    await this.loadBars(mb);
    this.byMarket.set(market.id, mb);
    recordLastPrice(this.ctx, market.id, mb.last);
  }

  private async loadBars(mb: MarketBook): Promise<void> {
    const db = this.ctx.db;
    for (const period of KLINE_PERIODS) {
      const bar = await spotRepo.latestBar(db, mb.market.id, period);
      if (bar) mb.bars.set(period, bar);
    }
    const since = this.ctx.clock.now() - 24 * 3_600_000 - 60_000;
    mb.minuteBars = await spotRepo.bars(
      db,
      mb.market.id,
      '1min',
      since,
      Number.MAX_SAFE_INTEGER,
      MINUTE_BARS_MAX,
    );
  }
}

function lotsLeft(m: SpotMarket, o: OrderState): number {
  const left = o.amount - o.filledAmount;
  invariant(left > 0n && left % m.rules.amountStep === 0n, `open order ${o.id} has a bad remainder`);
  return Number(left / m.rules.amountStep);
}
