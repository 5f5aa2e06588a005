/**
 * The streams' hub: which client follows which stream, and each market's feed (its depth ladder and
 * update ids, kline bars, the 24 h window's first trade ids), moved forward only by the spot engine's
 * committed changes (`SpotService.follow`). Trades, aggregate trades and the best prices go out at once;
 * depth diffs and partial books every 100 ms (`@depth@100ms`, `@depth20@100ms`) and every 1,000 ms
 * (`@depth`, `@depth20`), klines and tickers every 1,000 ms when they changed. The pacing runs on the
 * context's clock, and only while someone subscribes (a quiet server, and a test moving its manual clock
 * by days, runs no timer of it). No Fastify or ws types here: a client is anything with `deliver`
 * (ws-server.ts).
 */
import { AppError } from '../../lib/app-error';
import type { Timer } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import type { MarketBook } from '../spot/market-book';
import type { SpotMarket } from '../spot/markets';
import type { MarketChange } from '../spot/orders';
import type { SpotFollower } from '../spot/followers';
import { isListenKeyShape, verifyListenKeys, type ListenKeyStore } from './listen-keys';
import { listenKeyExpiredEvent } from './user-payloads';
import { UserFeed } from './user-feed';
import type { DepthSnapshot, LadderUpdate } from './depth-ladder';
import { FIRST_IDS_MAX, MarketFeed, pruneFirstIds, restingLots, tickerInput } from './market-feed';
import { loadFirstIds, loadKlineBar } from './feed-loads';
import { KlineState, type KlineBar } from './klines';
import {
  aggTradeEvent,
  aggregateTrades,
  bookTickerEvent,
  depthEvent,
  klineEvent,
  levelWire,
  miniTickerEvent,
  tickerEvent,
  tradeEvent,
} from './payloads';
import { nextIntervalStart, parseStreamName, type StreamSpec } from './stream-names';
import { binanceSymbol, symbolIndex } from './symbols';
import { HubCluster } from './hub-cluster';

/** One subscriber: receives a stream's event as JSON text (the connection wraps it if it must). */
export interface StreamClient {
  deliver(stream: string, json: string): void;
  /** Closes the client (its listen key ended). */
  end?(): void;
}

export const TICK_MS = 100;
/** Ticks between the 1,000 ms pushes (`@depth`, `@depth20`, klines, tickers). */
const SLOW_TICKS = 10;
/** Depth snapshot levels: Binance's default and most. */
export const DEPTH_SNAPSHOT_DEFAULT = 100;
export const DEPTH_SNAPSHOT_MAX = 5_000;
const PARTIAL_LEVELS = [5, 10, 20] as const;
const speedSuffix = (speed: 100 | 1000) => (speed === 100 ? '@100ms' : '');

export class StreamHub implements SpotFollower {
  private readonly subs = new Map<string, Set<StreamClient>>();
  readonly feeds = new Map<number, MarketFeed>();
  private bySymbol = new Map<string, SpotMarket>();
  private timer: Timer | null = null;
  private unfollow: (() => void) | null = null;
  private isStopped = false;
  private ticks = 0;
  /** The user-data streams' events of each batch (user-feed.ts). */
  readonly users: UserFeed;
  /** The markets other processes own, followed from their owners (hub-cluster.ts). */
  private readonly cluster: HubCluster;

  constructor(
    private readonly ctx: AppContext,
    private readonly keys: ListenKeyStore,
  ) {
    this.users = new UserFeed(ctx, keys, {
      has: (stream) => this.has(stream),
      emit: (stream, payload) => this.emit(stream, payload),
      marketOf: (marketId) => this.feeds.get(marketId)?.market,
    });
    this.cluster = new HubCluster(ctx, this);
  }

  /** Follows the spot engine's commits (after it started) and, with several processes, the owners'. */
  async start(): Promise<void> {
    this.unfollow = this.ctx.services.spot.engine.followers.add(this);
    await this.cluster.start();
    this.onReload();
  }

  stop(): void {
    this.isStopped = true;
    this.unfollow?.();
    this.cluster.stop();
    this.timer?.clear();
    this.subs.clear();
  }

  /** The next tick, while any stream has a subscriber. */
  private arm(): void {
    if (this.timer || this.isStopped || this.subs.size === 0) return;
    this.timer = this.ctx.clock.setTimeout(() => {
      this.timer = null;
      this.tick();
      this.arm();
    }, TICK_MS);
  }

  // ---- subscriptions ----

  /** What a stream name asks for, or why it cannot be served (the text of an error reply). */
  resolve(
    name: unknown,
  ): { spec: StreamSpec; market: SpotMarket } | { listenKey: string; userId: number } | { error: string } {
    if (typeof name !== 'string') return { error: 'stream names must be strings' };
    if (isListenKeyShape(name)) {
      const userId = this.keys.userOf(name);
      return userId === undefined ? { error: 'This listenKey does not exist.' } : { listenKey: name, userId };
    }
    const spec = parseStreamName(name);
    if (!spec) return { error: `invalid stream name "${name.slice(0, 100)}"` };
    const market = this.bySymbol.get(spec.symbol);
    if (!market) return { error: `unknown symbol "${spec.symbol}" in stream "${name}"` };
    return { spec, market };
  }

  subscribe(client: StreamClient, names: readonly string[]): void {
    for (const name of names) {
      const r = this.resolve(name);
      if ('error' in r) continue;
      let set = this.subs.get(name);
      if (!set) this.subs.set(name, (set = new Set()));
      set.add(client);
      if ('spec' in r) this.prepare(r.spec, r.market);
    }
    this.arm();
  }

  unsubscribe(client: StreamClient, names: Iterable<string>): void {
    for (const name of names) {
      const set = this.subs.get(name);
      if (!set) continue;
      set.delete(client);
      if (set.size === 0) this.subs.delete(name);
    }
  }

  /** Listen keys of a shared store checked before they are resolved (listen-keys.ts `verifyListenKeys`). */
  verifyKeys(names: () => readonly unknown[]): Promise<void> | null {
    return verifyListenKeys(this.keys, names);
  }

  has(stream: string): boolean {
    return (this.subs.get(stream)?.size ?? 0) > 0;
  }

  private emit(stream: string, payload: object): void {
    const set = this.subs.get(stream);
    if (!set || set.size === 0) return;
    const json = JSON.stringify(payload);
    for (const c of set) c.deliver(stream, json);
  }

  /** A kline bar or the ticker's first trade ids are loaded when first asked for (once per market). */
  private prepare(spec: StreamSpec, market: SpotMarket): void {
    const feed = this.feeds.get(market.id);
    if (!feed) return;
    if (spec.kind === 'partialDepth') feed.isPartialDue[spec.speedMs] = true;
    if (spec.kind === 'kline' && !feed.klines.has(spec.interval)) {
      const state = new KlineState(spec.interval);
      feed.klines.set(spec.interval, state);
      const last = this.ctx.services.spot.engine.committedOf(market).last.priceMinor;
      void loadKlineBar(this.ctx, feed, state, last).then((closed) => this.emitClosed(feed, state, closed));
    }
    if (spec.kind === 'ticker' || spec.kind === 'miniTicker') {
      feed.isTickerDirty = true;
      if (!feed.isTickerWanted) {
        feed.isTickerWanted = true;
        void loadFirstIds(this.ctx, feed);
      }
    }
  }

  // ---- the spot engine's commits ----

  book(marketId: number): MarketBook | undefined {
    return this.ctx.services.spot.engine.committer.book(marketId);
  }

  /** The market's feed, made when first needed. */
  feedOf(market: SpotMarket): MarketFeed {
    let feed = this.feeds.get(market.id);
    if (!feed) this.feeds.set(market.id, (feed = new MarketFeed(market, binanceSymbol(market))));
    return feed;
  }

  /** The books were (re)built: every market's ladder from its open orders; what differs is a change. */
  onReload(): void {
    const engine = this.ctx.services.spot.engine;
    this.bySymbol = symbolIndex(engine.allMarkets());
    for (const mb of engine.committer.books.values()) this.resetFeed(mb);
    this.cluster.onReload();
  }

  /** A book this process holds, (re)loaded: its feed's ladder from the book's open orders. */
  resetFeed(mb: MarketBook): void {
    const feed = this.feedOf(mb.market);
    feed.mirror = null;
    const upd = feed.ladder.reset(mb.open.values(), (o) => restingLots(mb.market, o));
    if (upd) this.bookChanged(feed, upd);
  }

  onCommit(changes: MarketChange[]): void {
    const now = this.ctx.clock.now();
    for (const c of changes) {
      const feed = this.feeds.get(c.marketId);
      const mb = this.book(c.marketId);
      if (!feed || !mb) continue;
      const upd = feed.ladder.apply(c.orders, (o) => restingLots(mb.market, o));
      if (upd) this.bookChanged(feed, upd);
      if (c.trades.length > 0) this.traded(feed, c, now);
    }
    this.users.onBatch(changes, now);
    this.cluster.publishBatch(changes);
  }

  /** The best price of a side: the book's here, the mirrored ladder's for another process's market. */
  private bestTicks(feed: MarketFeed, side: 'buy' | 'sell'): number | null {
    const mb = feed.mirror ? undefined : this.book(feed.market.id);
    if (!mb) return feed.ladder.best(side);
    return side === 'buy' ? mb.book.bestBid() : mb.book.bestAsk();
  }

  // ---- user-data streams ----

  /** A listen key ended (expired, deleted, replaced): `listenKeyExpired`, then its connections close. */
  endUserStream(listenKey: string): void {
    const set = this.subs.get(listenKey);
    if (!set) return;
    this.subs.delete(listenKey);
    const json = JSON.stringify(listenKeyExpiredEvent(listenKey, this.ctx.clock.now()));
    for (const c of set) {
      c.deliver(listenKey, json);
      c.end?.();
    }
  }

  /** Whether a depth stream (diff or partial) of this speed has a subscriber. */
  private wantsDepth(feed: MarketFeed, speed: 100 | 1000): boolean {
    const suffix = speedSuffix(speed);
    return (
      this.has(`${feed.prefix}depth${suffix}`) ||
      PARTIAL_LEVELS.some((n) => this.has(`${feed.prefix}depth${n}${suffix}`))
    );
  }

  bookChanged(feed: MarketFeed, upd: LadderUpdate): void {
    for (const speed of [100, 1000] as const) {
      // Gathered only while someone listens: a subscriber's first diff starts after it subscribed.
      const buf = feed.depth[speed];
      if (!this.wantsDepth(feed, speed)) {
        buf.U = null;
        buf.levels.clear();
        continue;
      }
      if (buf.U === null) buf.U = upd.U;
      buf.u = upd.u;
      for (const l of upd.changes) buf.levels.set(`${l.side}:${l.ticks}`, l);
    }
    const bid = feed.best('buy', this.bestTicks(feed, 'buy'));
    const ask = feed.best('sell', this.bestTicks(feed, 'sell'));
    const best = JSON.stringify([bid, ask]);
    if (best === feed.lastBest) return;
    feed.lastBest = best;
    feed.isTickerDirty = true;
    const stream = `${feed.prefix}bookTicker`;
    if (this.has(stream))
      this.emit(stream, bookTickerEvent(feed.market, feed.symbol, feed.ladder.updateId, bid, ask));
  }

  traded(feed: MarketFeed, c: MarketChange, now: number): void {
    const m = feed.market;
    const trades = [...c.trades].sort((a, b) => a.id - b.id);
    const tradeStream = `${feed.prefix}trade`;
    if (this.has(tradeStream))
      for (const t of trades) this.emit(tradeStream, tradeEvent(m, feed.symbol, t, now));
    const aggStream = `${feed.prefix}aggTrade`;
    if (this.has(aggStream))
      for (const g of aggregateTrades(trades)) this.emit(aggStream, aggTradeEvent(m, feed.symbol, g, now));
    for (const state of feed.klines.values()) this.emitClosed(feed, state, state.add(trades));
    if (feed.isTickerWanted)
      for (const t of trades) {
        const minute = Math.floor(t.at / 60_000) * 60_000;
        const known = feed.firstIds.get(minute);
        if (known === undefined || t.id < known) feed.firstIds.set(minute, t.id);
      }
    // Kept to the window even while nobody listens (the ticks that prune it run only for subscribers).
    if (feed.firstIds.size > FIRST_IDS_MAX) pruneFirstIds(feed, now);
    feed.isTickerDirty = true;
  }

  private emitClosed(feed: MarketFeed, state: KlineState, closed: KlineBar[]): void {
    const stream = `${feed.prefix}kline_${state.interval}`;
    if (!this.has(stream)) return;
    const now = this.ctx.clock.now();
    for (const bar of closed)
      this.emit(stream, klineEvent(feed.market, feed.symbol, state.interval, bar, true, now));
  }

  // ---- paced pushes ----

  private tick(): void {
    this.ticks += 1;
    const isSlow = this.ticks % SLOW_TICKS === 0;
    const now = this.ctx.clock.now();
    for (const feed of this.feeds.values()) {
      this.flushDepth(feed, 100, now);
      if (!isSlow) continue;
      this.flushDepth(feed, 1000, now);
      this.flushKlines(feed, now);
      this.flushTicker(feed, now);
      this.cluster.recheck(feed, now);
    }
  }

  private flushDepth(feed: MarketFeed, speed: 100 | 1000, now: number): void {
    const buf = feed.depth[speed];
    const suffix = speedSuffix(speed);
    const isChanged = buf.U !== null;
    if (buf.U !== null) {
      const stream = `${feed.prefix}depth${suffix}`;
      if (this.has(stream))
        this.emit(stream, depthEvent(feed.market, feed.symbol, buf.U, buf.u, buf.levels.values(), now));
      buf.U = null;
      buf.levels.clear();
    }
    // Partial books: when the book changed, and once for a new subscriber.
    if (!isChanged && !feed.isPartialDue[speed]) return;
    feed.isPartialDue[speed] = false;
    const partial = PARTIAL_LEVELS.filter((n) => this.has(`${feed.prefix}depth${n}${suffix}`));
    if (partial.length === 0) return;
    const top = this.depthSnapshot(feed.market.id, Math.max(...partial));
    for (const n of partial)
      this.emit(`${feed.prefix}depth${n}${suffix}`, {
        lastUpdateId: top.lastUpdateId,
        bids: top.bids.slice(0, n),
        asks: top.asks.slice(0, n),
      });
  }

  private flushKlines(feed: MarketFeed, now: number): void {
    for (const state of feed.klines.values()) {
      if (!state.isLoaded) continue;
      const closed = state.roll(now);
      // The bar just before the current one closes on the wire; an older one (the stream was idle with
      // nobody subscribed) is not sent again.
      if (closed && nextIntervalStart(state.interval, closed.start) === state.bar?.start)
        this.emitClosed(feed, state, [closed]);
      if (!state.isDirty || !state.bar) continue;
      state.isDirty = false;
      const stream = `${feed.prefix}kline_${state.interval}`;
      if (this.has(stream))
        this.emit(stream, klineEvent(feed.market, feed.symbol, state.interval, state.bar, false, now));
    }
  }

  private flushTicker(feed: MarketFeed, now: number): void {
    pruneFirstIds(feed, now);
    if (!feed.isTickerDirty) return;
    const full = `${feed.prefix}ticker`;
    const mini = `${feed.prefix}miniTicker`;
    if (!this.has(full) && !this.has(mini)) return;
    const mb = feed.mirror ?? this.book(feed.market.id);
    if (!mb?.last) return;
    feed.isTickerDirty = false;
    const lastTrade = 'recentTrades' in mb ? mb.recentTrades[0] : mb.lastTrade;
    const best = { bid: this.bestTicks(feed, 'buy'), ask: this.bestTicks(feed, 'sell') };
    const input = tickerInput(feed, { ...mb, last: mb.last, lastTrade }, best, now);
    if (this.has(full)) this.emit(full, tickerEvent(feed.market, feed.symbol, input));
    if (this.has(mini)) this.emit(mini, miniTickerEvent(feed.market, feed.symbol, input));
  }

  // ---- depth snapshot ----

  /** The committed book's best `limit` levels a side and the update id it stands at. */
  depthSnapshot(marketId: number, limit: number = DEPTH_SNAPSHOT_DEFAULT): DepthSnapshot {
    if (!Number.isInteger(limit) || limit < 1 || limit > DEPTH_SNAPSHOT_MAX) throw new AppError('VALIDATION');
    const feed = this.feeds.get(marketId);
    if (!feed) throw new AppError('SPOT_MARKET_UNKNOWN');
    const top = feed.ladder.top(limit);
    const m = feed.market;
    return {
      lastUpdateId: feed.ladder.updateId,
      bids: top.bids.map(([t, l]) => levelWire(m, t, l)),
      asks: top.asks.map(([t, l]) => levelWire(m, t, l)),
    };
  }

  /** The market a lower- or upper-case Binance symbol names, if any. */
  marketOf(symbol: string): SpotMarket | undefined {
    return this.bySymbol.get(symbol.toLowerCase());
  }
}
