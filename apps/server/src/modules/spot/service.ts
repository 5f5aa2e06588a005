/**
 * The spot service: reads place calls against the market rules (order-input.ts), hands commands to the
 * group committer, answers the read calls from committed state (memory for books, prices and recent
 * trades; the database for orders and candles).
 * No Fastify types here. One instance per app: `ctx.services.spot.engine` (built and started by module.ts).
 */
import { randomUUID } from 'node:crypto';
import { formatMinor } from '@oryx/contracts/money';
import type { SpotOrderWire } from '@oryx/contracts/spot/calls';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { SpotCluster } from './cluster';
import { GroupCommitter } from './committer';
import { IdBlocks } from './id-blocks';
import { DEPTH_LEVELS, SpotPublisher } from './events';
import { SpotFollowers } from './followers';
import { amountText, loadMarkets, priceText, quoteText, type SpotMarket } from './markets';
import { parseOrder, type OrderInput } from './order-input';
import type { Command, CommandResult, OrderState, PlaceCommand, TradeRecord } from './orders';
import type { PricePoint } from './price-history';
import { spotRepo } from './repo';
import { cnyOf, dayStats, orderWire, recentTradeWire, asksHighestFirst, type DayStats } from './wire';
import { changeBps, formatChange } from '../market/tickers';

/**
 * A place call: the market (`match_id`, or `legal_id` + `currency_id`) and the order (order-input.ts),
 * with the internal options `timeInForce` ('GTC' | 'IOC' | 'FOK') and `postOnly` that only callers in
 * the server set (the public place route has no such fields).
 */
export type PlaceInput = OrderInput & { match_id?: number; legal_id?: number; currency_id?: number };

export class SpotService {
  /** The group committer for all markets and, through it, every market's book. */
  readonly committer: GroupCommitter;
  readonly publisher: SpotPublisher;
  /** Other areas following the committed books (followers.ts): `followers.add(follower)`. */
  readonly followers: SpotFollowers;
  private markets: SpotMarket[] = [];
  /** When start() loaded the markets and their books (the clock's ms); null before and after a stop. */
  loadedAt: number | null = null;
  private readonly byId = new Map<number, SpotMarket>();
  private readonly ownershipListeners = new Set<(marketId: number, isOwned: boolean) => void>();
  /**
   * Several processes on PostgreSQL and Redis (cluster.ts): which markets this process owns, commands to
   * the others' owners, their markets' views. Null when this process matches every market alone.
   */
  cluster: SpotCluster | null = null;
  /** Order and trade ids in blocks when several processes match (id-blocks.ts). */
  private readonly idBlocks: IdBlocks;
  /** Markets being given up: no longer this process's, while their last commands commit. */
  private readonly leaving = new Set<number>();
  /** Commands this process queued on its own committer, per market, until their commit. */
  private readonly localInFlight = new Map<number, Set<Promise<unknown>>>();

  constructor(private readonly ctx: AppContext) {
    this.committer = new GroupCommitter(ctx);
    this.idBlocks = new IdBlocks(ctx, this.committer.books);
    this.publisher = new SpotPublisher(ctx, this.committer);
    this.followers = new SpotFollowers(ctx.log);
    this.committer.onCommit = (changes) => {
      this.publisher.onCommit(changes);
      this.followers.tell((f) => f.onCommit(changes));
    };
    this.committer.onReload = () => {
      this.publisher.refreshAll();
      this.followers.tell((f) => f.onReload());
    };
  }

  /**
   * Loads the markets and, when this process matches them all, their books. With `clustered` (several
   * processes on PostgreSQL and Redis) it loads no book: cluster.ts takes this process's share of the
   * markets (adoptMarket) and routes the rest to their owners.
   */
  async start(opts: { clustered?: boolean } = {}): Promise<void> {
    this.markets = await loadMarkets(this.ctx.db, (id, why) =>
      this.ctx.log.error({ marketId: id }, `spot market ${id} is misconfigured and stays closed: ${why}`),
    );
    for (const m of this.markets) this.byId.set(m.id, m);
    if (opts.clustered) {
      this.committer.books.useBlocks(null, null);
      this.committer.beforeBatch = () => this.idBlocks.topUp();
      this.cluster = new SpotCluster(this.ctx, this);
      this.loadedAt = this.ctx.clock.now();
      await this.cluster.start();
      return;
    }
    await this.committer.load(this.markets);
    this.publisher.refreshAll();
    for (const mb of this.committer.books.values())
      if (mb.last.tradeId !== null) this.publisher.feedTicker(mb);
    this.loadedAt = this.ctx.clock.now();
  }

  /**
   * Re-reads the markets' switches and fees (open_coin_trade, is_display, maker/taker fees) after an
   * operator changed them. Tick, step and minimums are fixed while orders rest on a market's book.
   */
  async reloadMarkets(): Promise<void> {
    const fresh = await loadMarkets(this.ctx.db, () => {});
    for (const f of fresh) {
      const m = this.byId.get(f.id);
      if (!m) continue;
      m.isOpen = f.isOpen;
      m.isDisplay = f.isDisplay;
      m.makerFeeBps = f.makerFeeBps;
      m.takerFeeBps = f.takerFeeBps;
      m.referencePrice = f.referencePrice;
    }
  }

  async stop(): Promise<void> {
    this.loadedAt = null;
    await this.cluster?.stop();
    await this.committer.stop();
    this.publisher.stop();
  }

  /** Stops matching: new orders and cancels are refused with SPOT_BUSY (see ownership.ts). */
  suspend(): void {
    this.committer.isSuspended = true;
  }

  /** Rebuilds every book from the database, then matches again. */
  async resume(): Promise<void> {
    await this.committer.whenIdle();
    await this.committer.load(this.markets);
    this.publisher.refreshAll();
    this.followers.tell((f) => f.onReload());
    this.committer.isSuspended = false;
  }

  /**
   * Whether this process matches the market now (its book is loaded here). One process owns them all
   * in the embedded shape; with several processes on PostgreSQL and Redis each market has one owner
   * (cluster.ts), and the areas that work per market (the mark sampler, lever's risk loop) do so only
   * on its owner.
   */
  owns(marketId: number): boolean {
    return (
      this.committer.book(marketId) !== undefined &&
      !this.committer.isSuspended &&
      !this.leaving.has(marketId)
    );
  }

  /** The markets whose books this process holds. */
  ownedMarkets(): number[] {
    return [...this.committer.books.values()].map((mb) => mb.market.id);
  }

  /**
   * This process now owns the market (cluster.ts holds its lock): fresh id blocks, so its ids come after
   * every id another owner gave (time priority on a rebuild), then its book from the database.
   */
  async adoptMarket(marketId: number): Promise<void> {
    const m = this.byId.get(marketId);
    if (!m) return;
    await this.idBlocks.takeFresh();
    await this.committer.books.loadMarket(m);
    const mb = this.committer.book(marketId)!;
    this.publisher.refresh(mb);
    this.cluster?.feed.views.delete(marketId);
    if (mb.last.tradeId !== null) this.publisher.feedTicker(mb);
    this.tellOwnership(marketId, true);
  }

  /** This process gives the market up: what it queued commits, then its book is forgotten. */
  async giveUpMarket(marketId: number): Promise<void> {
    if (!this.committer.book(marketId)) return;
    this.leaving.add(marketId);
    try {
      // Only this market's commands: the committer may never be idle while other markets trade.
      await Promise.all([...(this.localInFlight.get(marketId) ?? [])]);
      this.committer.books.drop(marketId);
      this.publisher.depth.delete(marketId);
    } finally {
      this.leaving.delete(marketId);
    }
    this.tellOwnership(marketId, false);
  }

  /** A market's committed last price, recent trades and 24 h stats: its book here, else its owner's view. */
  committedOf(m: SpotMarket): {
    last: PricePoint;
    recentTrades: TradeRecord[];
    stats: (now: number) => DayStats;
  } {
    const mb = this.committer.book(m.id);
    if (mb)
      return {
        last: mb.last,
        recentTrades: mb.recentTrades,
        stats: (now) => dayStats(mb.minuteBars, mb.last.priceMinor, now),
      };
    const v = this.cluster?.feed.views.get(m.id);
    const last = v?.last ?? { priceMinor: m.referencePrice, tradeId: null, tradeTimeMs: 0 };
    return {
      last,
      recentTrades: v?.recentTrades ?? [],
      stats: (now) => v?.stats ?? dayStats([], last.priceMinor, now),
    };
  }

  /** Calls `fn` whenever this process takes a market (true) or gives one up (false); returns the stop. */
  onOwnership(fn: (marketId: number, isOwned: boolean) => void): () => void {
    this.ownershipListeners.add(fn);
    return () => this.ownershipListeners.delete(fn);
  }

  /** Tells the listeners (onOwnership) that this process took or gave up a market. */
  protected tellOwnership(marketId: number, isOwned: boolean): void {
    for (const fn of this.ownershipListeners) {
      try {
        fn(marketId, isOwned);
      } catch (err) {
        this.ctx.log.error({ err, marketId }, 'spot: an ownership listener failed');
      }
    }
  }

  allMarkets(): SpotMarket[] {
    return this.markets;
  }

  market(id: number): SpotMarket | undefined {
    return this.byId.get(id);
  }

  /** By match id, or by (legal_id, currency_id); with neither, the first displayed market. */
  resolveMarket(
    q: { match_id?: number; legal_id?: number; currency_id?: number },
    fallback = false,
  ): SpotMarket {
    let m: SpotMarket | undefined;
    if (q.match_id !== undefined) m = this.byId.get(q.match_id);
    else if (q.legal_id !== undefined && q.currency_id !== undefined) {
      m = this.markets.find((x) => x.legalId === q.legal_id && x.currencyId === q.currency_id);
    } else if (fallback) {
      m = this.markets.find((x) => x.isDisplay) ?? this.markets[0];
    }
    if (!m) throw new AppError('SPOT_MARKET_UNKNOWN');
    return m;
  }

  /** To this process's committer when it owns the market, else to the market's owner (routing.ts). */
  private async run(cmd: Command, marketId: number | undefined): Promise<OrderState> {
    let r: CommandResult;
    if (!this.cluster || marketId === undefined) r = await this.committer.submit(cmd);
    else if (!this.owns(marketId)) r = await this.cluster.send(marketId, this.withClientOid(cmd));
    else {
      let set = this.localInFlight.get(marketId);
      if (!set) this.localInFlight.set(marketId, (set = new Set()));
      const p = this.committer.submit(cmd);
      set.add(p);
      try {
        r = await p;
      } finally {
        set.delete(p);
      }
    }
    if (!r.ok) throw r.error;
    return r.order;
  }

  /**
   * A place command sent to another process always has a client order id (one is made up when the caller
   * gave none): if the owner dies after the commit and before the reply, the next owner applies the command
   * again and finds the first order instead of placing a second (routing.ts).
   */
  private withClientOid(cmd: Command): Command {
    return cmd.kind === 'place' && cmd.clientOid === null
      ? { ...cmd, clientOid: `oryx-${randomUUID()}` }
      : cmd;
  }

  /** Validates a place request into a command (throws SPOT_* with what is wrong). */
  buildPlace(userId: number, input: PlaceInput, clientOid: string | null): PlaceCommand {
    const m = this.resolveMarket(input);
    if (!m.isOpen) throw new AppError('SPOT_MARKET_CLOSED');
    const parsed = parseOrder(input, m, this.committedOf(m).last.priceMinor);
    if (!parsed.ok) throw parsed.refusal;
    return { kind: 'place', userId, marketId: m.id, ...parsed.order, clientOid };
  }

  /**
   * A user's order. Spot trading needs a transaction (funds) password to be set: without one the reply
   * is type `not` (the API family's "no transaction password" for spot trade), on which clients offer
   * /bindmpwd. The place call carries no password field, so none is checked; only that one is set.
   *
   * With `input.timeInForce` / `input.postOnly` (README, "Time in force and post-only"): an IOC or FOK
   * answers its final state (filled, or cancelled with `IOC_REMAINDER` / `FOK_NOT_FILLED`), never open;
   * a post-only order that would trade at once is refused with `SPOT_POST_ONLY_WOULD_TRADE`.
   */
  async placeOrder(
    user: { userId: number; hasTradePassword: boolean },
    input: PlaceInput,
    clientOid: string | null,
  ): Promise<SpotOrderWire> {
    if (!user.hasTradePassword) throw new AppError('TRADE_PASSWORD_MISSING_LEGACY');
    const cmd = this.buildPlace(user.userId, input, clientOid);
    const o = await this.run(cmd, cmd.marketId);
    return orderWire(this.byId.get(o.marketId)!, o);
  }

  /** Internal place for the demo bot and the history seeder (same path as a user's order). */
  async placeInternal(cmd: PlaceCommand): Promise<OrderState> {
    return this.run(cmd, cmd.marketId);
  }

  async cancelOrder(userId: number, orderId: number | undefined, atMs?: number): Promise<SpotOrderWire> {
    if (orderId === undefined) throw new AppError('SPOT_ORDER_NOT_FOUND');
    // The caller's order resting on a book this process holds names its market without a read; anything
    // else (another user's, a filled or cancelled one, a market owned elsewhere) is looked up. Either
    // way the committer checks the order again when the cancel's turn comes (matching.ts cancelOrder).
    const resting = this.committer.books.bookOfOrder(orderId);
    let marketId = resting?.open.get(orderId)?.userId === userId ? resting?.market.id : undefined;
    if (marketId === undefined) {
      const row = await spotRepo.order(this.ctx.db, orderId);
      if (!row || row.user_id !== userId) throw new AppError('SPOT_ORDER_NOT_FOUND');
      if (row.status !== 1) throw new AppError('SPOT_ORDER_NOT_OPEN');
      marketId = row.market_id;
    }
    const o = await this.run({ kind: 'cancel', userId, orderId, atMs }, marketId);
    return orderWire(this.byId.get(o.marketId)!, o);
  }

  // ---- reads ----

  deal(input: { legal_id?: number; currency_id?: number }) {
    const m = this.resolveMarket(input, true);
    const c = this.committedOf(m);
    const depth = this.publisher.depth.get(m.id) ?? { bids: [], asks: [] };
    const level = ([ticks, lots]: [number, number]) => ({
      price: priceText(m, m.rules.priceOf(ticks)),
      number: amountText(m, m.rules.amountOf(lots)),
    });
    const last = c.last.priceMinor;
    return {
      match_id: m.id,
      legal_id: m.legalId,
      currency_id: m.currencyId,
      legal_name: m.legalName,
      currency_name: m.currencyName,
      symbol: m.symbol,
      last_price: priceText(m, last),
      user_cny: cnyOf(m, last),
      in: depth.bids.slice(0, DEPTH_LEVELS).map(level),
      out: asksHighestFirst(depth.asks, DEPTH_LEVELS).map(level),
      complete: c.recentTrades.slice(0, 30).map((t) => recentTradeWire(m, t)),
      price_decimals: m.priceDecimals,
      amount_decimals: m.amountDecimals,
      price_tick: formatMinor(m.rules.priceTick, m.quoteScale),
      amount_step: formatMinor(m.rules.amountStep, m.baseScale),
      min_amount: formatMinor(m.rules.minAmount, m.baseScale),
      min_notional: formatMinor(m.rules.minNotional, m.quoteScale),
      maker_fee_bps: m.makerFeeBps,
      taker_fee_bps: m.takerFeeBps,
      open_coin_trade: m.isOpen ? 1 : 0,
      market_band_bps: this.ctx.env.SPOT_MARKET_BAND_BPS,
      price_warn_bps: this.ctx.env.SPOT_PRICE_WARN_BPS,
    };
  }

  marketBySymbol(symbol: string | undefined): SpotMarket | undefined {
    if (!symbol) return this.markets.find((x) => x.isDisplay);
    const s = symbol.toUpperCase().replace(/[-_]/g, '/');
    return this.markets.find((m) => m.symbol === s || `${m.currencyName}${m.legalName}` === s);
  }

  getCurrent(q: { base_currency?: string | number; quote_currency?: string | number }) {
    const match = (v: string | number | undefined, id: number, name: string) =>
      v === undefined || String(v) === String(id) || String(v).toUpperCase() === name;
    const m =
      q.base_currency === undefined && q.quote_currency === undefined
        ? this.markets.find((x) => x.isDisplay)
        : this.markets.find(
            (x) =>
              match(q.base_currency, x.currencyId, x.currencyName) &&
              match(q.quote_currency, x.legalId, x.legalName),
          );
    if (!m) throw new AppError('SPOT_MARKET_UNKNOWN');
    const c = this.committedOf(m);
    const last = c.last.priceMinor;
    const s = c.stats(this.ctx.clock.now());
    return {
      symbol: m.symbol,
      open: priceText(m, s.open),
      close: priceText(m, last),
      high: priceText(m, s.high > last ? s.high : last),
      low: priceText(m, s.low < last ? s.low : last),
      vol: amountText(m, s.volume),
      amount: quoteText(m, s.quoteVolume),
      change: formatChange(changeBps(last, s.open)),
    };
  }
}
