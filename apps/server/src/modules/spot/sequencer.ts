/**
 * The sequencers and the group committer. Read README.md ("Sequencer and settlement") first.
 *
 * One sequencer per market (`MarketBook`: its FastOrderBook and its open orders) applies that market's
 * commands strictly one at a time, in arrival order. One committer (`SpotSequencer`) takes every queued
 * command of every market (up to BATCH_MAX), applies them in order inside ONE database transaction
 * (ledger holds, matching, settlement, order / trade / candle rows), commits, and only then answers the
 * callers, moves the committed price and candles forward and hands the markets to the publisher. While a
 * transaction runs new commands queue up, so the busier the exchange the bigger the batch (group commit):
 * one fsync and a handful of multi-row statements carry hundreds of orders.
 *
 * A command that is refused (bad funds, not your order...) is refused before it changes anything, and
 * the rest of its batch carries on. Anything unexpected aborts the whole transaction: the touched books
 * are rebuilt from the database (the source of truth) and the batch's commands run again one per
 * transaction, so one poisoned command fails alone.
 */
import type { Transaction } from 'kysely';
import type { Database } from '@oryx/db/schema';
import { AppError, invariant } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { LedgerBatch } from '../ledger/batch';
import { systemAccount, userAccount, type AccountRef } from '../ledger/service';
import { FastOrderBook } from './engine/fast-book';
import type { OrderSpec } from './engine/market-rules';
import type { Fill, PlaceResult, Side } from './engine/types';
import { addTrade, barStart, KLINE_PERIODS, type Bar, type KlinePeriod } from './candles';
import type { SpotMarket } from './markets';
import { recordLastPrice, type PricePoint } from './price-history';
import { spotRepo, type OrderRow, type TradeRow } from './repo';
import { fillMoney } from './settlement';

/** Commands per transaction. Bounded so one transaction stays short (a few ms). */
export const BATCH_MAX = 1_000;
/** Commands waiting; beyond this callers get SPOT_BUSY at once instead of queueing without limit. */
export const QUEUE_MAX = 50_000;
/** Open orders one user may have in one market. */
export const OPEN_ORDERS_MAX = 1_000;
/** Recent trades kept in memory per market (the deal centre's list). */
export const RECENT_TRADES_MAX = 50;
/** 1-minute bars kept in memory per market: 24 h for the rolling stats, plus one. */
const MINUTE_BARS_MAX = 24 * 60 + 1;

export const SIDE_CODE = { buy: 1, sell: 2 } as const;
export const STATUS = { open: 1, filled: 2, cancelled: 3 } as const;

/** A place command, already validated against the market's rules by the service. */
export interface PlaceCommand {
  kind: 'place';
  userId: number;
  marketId: number;
  side: Side;
  orderType: 'limit' | 'market';
  /** Limit price; market orders: the price the client saw (kept on the order for reference). */
  price: bigint;
  /** Base amount asked for (market buys: informational, the budget is what counts). */
  amount: bigint;
  spec: OrderSpec;
  clientOid: string | null;
  /** Time to record instead of the clock (the demo history seeder only). */
  atMs?: number;
}

export interface CancelCommand {
  kind: 'cancel';
  userId: number;
  orderId: number;
  /** Internal cancels (the demo bot) may skip the ownership check: never from a route. */
  atMs?: number;
}

export type Command = PlaceCommand | CancelCommand;

/** An order's state, open or just finished. The one shape for memory, rows and replies. */
export interface OrderState {
  id: number;
  userId: number;
  marketId: number;
  side: Side;
  orderType: 'limit' | 'market';
  price: bigint;
  priceTicks: number;
  amount: bigint;
  filledAmount: bigint;
  filledQuote: bigint;
  fee: bigint;
  held: bigint;
  status: number;
  cancelReason: string | null;
  clientOid: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface TradeRecord {
  id: number;
  marketId: number;
  price: bigint;
  amount: bigint;
  quote: bigint;
  takerSide: Side;
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  makerFee: bigint;
  takerFee: bigint;
  at: number;
}

export type CommandResult = { ok: true; order: OrderState } | { ok: false; error: AppError };

/** What one committed batch changed in one market: handed to the publisher. */
export interface MarketChange {
  marketId: number;
  trades: TradeRecord[];
  isBookChanged: boolean;
  /** Orders whose state changed (for their owners' order lists). */
  orders: OrderState[];
}

/** One market's sequencer state. */
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

interface Pending {
  cmd: Command;
  resolve: (r: CommandResult) => void;
}

/** Everything one batch wrote, gathered for the multi-row statements and the after-commit work. */
class BatchWork {
  readonly newOrders = new Map<number, OrderState>();
  readonly changedOrders = new Map<number, OrderState>();
  readonly trades: TradeRecord[] = [];
  readonly markets = new Map<number, MarketChange>();
  /** (market, period, bar start) -> the bar after this batch, not yet committed. */
  readonly bars = new Map<string, { marketId: number; period: KlinePeriod; bar: Bar }>();
  /** (market, period) -> the newest bar touched in this batch. */
  readonly latestBars = new Map<string, Bar>();
  /** Per market: 1-minute bars touched, for the 24 h window. */
  readonly minuteBars = new Map<number, Map<number, Bar>>();

  change(marketId: number): MarketChange {
    let c = this.markets.get(marketId);
    if (!c) {
      c = { marketId, trades: [], isBookChanged: false, orders: [] };
      this.markets.set(marketId, c);
    }
    return c;
  }

  touchOrder(o: OrderState): void {
    if (!this.newOrders.has(o.id)) this.changedOrders.set(o.id, o);
    const c = this.change(o.marketId);
    if (!c.orders.includes(o)) c.orders.push(o);
  }
}

const fees = systemAccount('fees');

export class SpotSequencer {
  readonly books = new Map<number, MarketBook>();
  private queue: Pending[] = [];
  private isRunning = false;
  private nextOrderId = 1;
  private nextTradeId = 1;
  /** Open order id -> market, for cancels. */
  private readonly orderMarket = new Map<number, number>();
  private isStopped = false;
  private idle: (() => void)[] = [];
  /** Called after every commit with what changed (the publisher). */
  onCommit: (changes: MarketChange[]) => void = () => {};
  /** Called after the books were rebuilt from the database (a failed batch). */
  onReload: () => void = () => {};

  constructor(private readonly ctx: AppContext) {}

  /** Loads every market's open orders, ids, last trade and bars: at start and after a failed batch. */
  async load(markets: SpotMarket[]): Promise<void> {
    const ids = await spotRepo.maxIds(this.ctx.db);
    this.nextOrderId = Math.max(this.nextOrderId, ids.orderId + 1);
    this.nextTradeId = Math.max(this.nextTradeId, ids.tradeId + 1);
    for (const m of markets) await this.loadMarket(m);
  }

  private async loadMarket(market: SpotMarket): Promise<void> {
    const db = this.ctx.db;
    const prev = this.books.get(market.id);
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
      mb.addOpen(o);
      this.orderMarket.set(o.id, market.id);
    }
    mb.recentTrades = (await spotRepo.recentTrades(db, market.id, RECENT_TRADES_MAX)).map(tradeFromRow);
    const lastTrade = mb.recentTrades[0];
    if (lastTrade)
      mb.last = { priceMinor: lastTrade.price, tradeId: lastTrade.id, tradeTimeMs: lastTrade.at };
    for (const period of KLINE_PERIODS) {
      const bar = await spotRepo.latestBar(db, market.id, period);
      if (bar) mb.bars.set(period, bar);
    }
    const since = this.ctx.clock.now() - 24 * 3_600_000 - 60_000;
    mb.minuteBars = await spotRepo.bars(
      db,
      market.id,
      '1min',
      since,
      Number.MAX_SAFE_INTEGER,
      MINUTE_BARS_MAX,
    );
    this.books.set(market.id, mb);
    recordLastPrice(this.ctx, market.id, mb.last);
  }

  book(marketId: number): MarketBook | undefined {
    return this.books.get(marketId);
  }

  get queued(): number {
    return this.queue.length;
  }

  /** Queues a command; resolves after its batch committed (or with its refusal). */
  submit(cmd: Command): Promise<CommandResult> {
    if (this.isStopped || this.isSuspended)
      return Promise.resolve({ ok: false, error: new AppError('SPOT_BUSY') });
    if (this.queue.length >= QUEUE_MAX)
      return Promise.resolve({ ok: false, error: new AppError('SPOT_BUSY') });
    return new Promise((resolve) => {
      this.queue.push({ cmd, resolve });
      if (!this.isRunning) {
        this.isRunning = true;
        // Let the requests that arrived in the same tick join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Resolves once everything queued so far has committed. */
  async whenIdle(): Promise<void> {
    if (!this.isRunning && this.queue.length === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    await this.whenIdle();
  }

  /**
   * While suspended every new command is refused (SPOT_BUSY); the batch already running finishes.
   * The spot engine suspends itself when it is no longer sure to be the only one matching these books
   * (ownership.ts), and resumes after reloading them from the database.
   */
  isSuspended = false;

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, BATCH_MAX);
        await this.runBatch(batch);
      }
    } finally {
      this.isRunning = false;
      const waiting = this.idle;
      this.idle = [];
      for (const w of waiting) w();
    }
  }

  private async runBatch(batch: Pending[], isRetry = false): Promise<void> {
    const at = this.ctx.clock.now();
    let outcome: { results: CommandResult[]; work: BatchWork };
    try {
      outcome = await this.ctx.db.transaction().execute((trx) => this.applyBatch(trx, batch, at));
    } catch (err) {
      await this.recover(batch, err, isRetry);
      return;
    }
    this.afterCommit(outcome.work);
    batch.forEach((p, i) => p.resolve(outcome.results[i]!));
  }

  /**
   * A batch failed as a whole (nothing of it was committed): rebuild every book from the database, then
   * run its commands again, each in its own transaction. A command that fails alone on its retry is
   * answered INTERNAL (logged); the others are unaffected.
   */
  private async recover(batch: Pending[], err: unknown, isRetry: boolean): Promise<void> {
    this.ctx.log.error(
      { err, commands: batch.length, isRetry },
      'spot batch failed; rebuilding the books and retrying command by command',
    );
    try {
      await this.load([...this.books.values()].map((b) => b.market));
      this.onReload();
    } catch (loadErr) {
      // The database is unreachable: nothing in this batch was committed; refuse it and keep going.
      this.ctx.log.error({ err: loadErr }, 'spot: rebuilding the books failed');
      for (const p of batch) p.resolve({ ok: false, error: new AppError('INTERNAL') });
      return;
    }
    if (isRetry) {
      const error = err instanceof AppError ? err : new AppError('INTERNAL');
      for (const p of batch) p.resolve({ ok: false, error });
      return;
    }
    for (const p of batch) await this.runBatch([p], true);
  }

  private accountsToCheck(batch: Pending[]): { account: AccountRef; currencyId: number }[] {
    const out: { account: AccountRef; currencyId: number }[] = [];
    for (const { cmd } of batch) {
      if (cmd.kind !== 'place') continue;
      const m = this.books.get(cmd.marketId)?.market;
      if (!m) continue;
      out.push({
        account: userAccount(cmd.userId, 'change'),
        currencyId: cmd.side === 'buy' ? m.legalId : m.currencyId,
      });
    }
    return out;
  }

  private async applyBatch(
    trx: Transaction<Database>,
    batch: Pending[],
    at: number,
  ): Promise<{ results: CommandResult[]; work: BatchWork }> {
    const ledger = new LedgerBatch(trx, this.ctx.dialect, at);
    await ledger.preload(this.accountsToCheck(batch));
    const known = await this.knownClientOrders(trx, batch);
    const work = new BatchWork();
    const results: CommandResult[] = [];
    for (const { cmd } of batch) {
      try {
        const order =
          cmd.kind === 'place'
            ? this.place(cmd, ledger, work, known, at)
            : this.cancel(cmd, ledger, work, at);
        results.push({ ok: true, order: { ...order } });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ ok: false, error: err });
      }
    }
    await ledger.flush();
    await this.writeRows(trx, work);
    return { results, work };
  }

  /** Orders already placed with the client ids of this batch (a retry answers the first order). */
  private async knownClientOrders(
    trx: Transaction<Database>,
    batch: Pending[],
  ): Promise<Map<string, OrderState>> {
    const wanted = batch.flatMap(({ cmd }) =>
      cmd.kind === 'place' && cmd.clientOid !== null
        ? [{ userId: cmd.userId, marketId: cmd.marketId, clientOid: cmd.clientOid }]
        : [],
    );
    const out = new Map<string, OrderState>();
    if (wanted.length === 0) return out;
    for (const row of await spotRepo.ordersByClientIds(trx, wanted)) {
      const mb = this.books.get(row.market_id);
      if (!mb) continue;
      out.set(
        clientKey(row.user_id, row.market_id, row.client_oid!),
        mb.open.get(row.id) ?? orderFromRow(row, mb.market),
      );
    }
    return out;
  }

  private place(
    cmd: PlaceCommand,
    ledger: LedgerBatch,
    work: BatchWork,
    known: Map<string, OrderState>,
    batchAt: number,
  ): OrderState {
    const mb = this.books.get(cmd.marketId);
    if (!mb) throw new AppError('SPOT_MARKET_UNKNOWN');
    const m = mb.market;
    if (!m.isOpen) throw new AppError('SPOT_MARKET_CLOSED');
    const at = cmd.atMs ?? batchAt;

    if (cmd.clientOid !== null) {
      const key = clientKey(cmd.userId, cmd.marketId, cmd.clientOid);
      const first = known.get(key);
      if (first) {
        const isSame =
          first.side === cmd.side &&
          first.orderType === cmd.orderType &&
          first.price === cmd.price &&
          first.amount === cmd.amount;
        if (!isSame) throw new AppError('IDEMPOTENCY_MISMATCH');
        return first;
      }
    }
    if (cmd.spec.type === 'limit' && (mb.openPerUser.get(cmd.userId) ?? 0) >= OPEN_ORDERS_MAX) {
      throw new AppError('SPOT_OPEN_ORDERS_MAX', { max: OPEN_ORDERS_MAX });
    }

    const spec = cmd.spec;
    const user = userAccount(cmd.userId, 'change');
    const holdCurrency = cmd.side === 'buy' ? m.legalId : m.currencyId;
    const hold =
      spec.type === 'limit'
        ? cmd.side === 'buy'
          ? m.rules.notionalOf(spec.priceTicks, spec.lots)
          : m.rules.amountOf(spec.lots)
        : spec.by === 'quote'
          ? m.rules.quoteOfBudget(spec.quoteBudget)
          : m.rules.amountOf(spec.lots);
    // The funds check comes first: nothing has changed yet if it fails. What the taker trades at once is
    // paid straight from its available balance (two journal rows per fill instead of a hold, a post and a
    // release); only what rests on the book is held.
    const balance = ledger.balanceOf(user, holdCurrency);
    invariant(balance !== null, 'the taker’s account was not preloaded');
    if (balance.availableMinor < hold) throw new AppError('LEDGER_INSUFFICIENT');
    const orderId = this.nextOrderId++;

    const result: PlaceResult = mb.book.place({ ...spec, orderId, userId: cmd.userId });
    try {
      return this.afterMatch(cmd, mb, result, orderId, ledger, work, known, at);
    } catch (err) {
      // The book has changed: no refusal is possible any more, only a failed batch (rebuilt from the
      // database and retried command by command).
      throw err instanceof AppError && result.fills.length === 0 && result.restingLots === 0
        ? err
        : new Error(`spot settlement failed after matching order ${orderId}`, { cause: err });
    }
  }

  private afterMatch(
    cmd: PlaceCommand,
    mb: MarketBook,
    result: PlaceResult,
    orderId: number,
    ledger: LedgerBatch,
    work: BatchWork,
    known: Map<string, OrderState>,
    at: number,
  ): OrderState {
    const m = mb.market;
    const spec = cmd.spec;
    const user = userAccount(cmd.userId, 'change');
    const holdCurrency = cmd.side === 'buy' ? m.legalId : m.currencyId;
    const ref = { type: 'spot_order', id: orderId };
    invariant(result.reject === null, `engine refused a validated order: ${result.reject}`);
    if (result.fills.length === 0 && result.restingLots === 0) {
      // Nothing traded and nothing rests (a market order into an empty side, or straight into the
      // user's own order): a no-op, refused so nothing is recorded.
      throw new AppError(result.cancelReason === 'SELF_TRADE' ? 'SPOT_SELF_TRADE' : 'SPOT_NO_LIQUIDITY');
    }

    const taker: OrderState = {
      id: orderId,
      userId: cmd.userId,
      marketId: m.id,
      side: cmd.side,
      orderType: cmd.orderType,
      price: cmd.price,
      priceTicks: spec.type === 'limit' ? spec.priceTicks : 0,
      amount: cmd.amount,
      filledAmount: 0n,
      filledQuote: 0n,
      fee: 0n,
      held: 0n,
      status: STATUS.open,
      cancelReason: null,
      clientOid: cmd.clientOid,
      createdAt: at,
      updatedAt: at,
    };
    work.newOrders.set(taker.id, taker);
    work.touchOrder(taker);
    if (cmd.clientOid !== null) known.set(clientKey(cmd.userId, cmd.marketId, cmd.clientOid), taker);
    const change = work.change(m.id);
    change.isBookChanged = true;

    for (const fill of result.fills) this.settle(mb, taker, fill, ledger, work, at);

    // What rests is held at the limit price (price improvement and unspent budget never left).
    if (result.restingLots > 0) {
      const keep =
        cmd.side === 'buy'
          ? m.rules.notionalOf(taker.priceTicks, result.restingLots)
          : m.rules.amountOf(result.restingLots);
      ledger.freeze({
        account: user,
        currencyId: holdCurrency,
        amountMinor: keep,
        reason: 'spot.freeze',
        ref,
        at,
      });
      taker.held = keep;
    }
    if (result.restingLots > 0) {
      mb.addOpen(taker);
      this.orderMarket.set(taker.id, m.id);
    } else if (result.cancelReason !== null && !(spec.type === 'market' && isMarketDone(result, spec))) {
      taker.status = STATUS.cancelled;
      taker.cancelReason = result.cancelReason;
    } else {
      taker.status = STATUS.filled;
    }
    return taker;
  }

  /** One fill: the trade row, the maker's new state, and the four ledger movements. */
  private settle(
    mb: MarketBook,
    taker: OrderState,
    fill: Fill,
    ledger: LedgerBatch,
    work: BatchWork,
    at: number,
  ): void {
    const m = mb.market;
    const maker = mb.open.get(fill.makerOrderId);
    invariant(maker !== undefined, `maker ${fill.makerOrderId} is not an open order`);
    const base = m.rules.amountOf(fill.lots);
    const quote = m.rules.notionalOf(fill.priceTicks, fill.lots);
    const price = m.rules.priceOf(fill.priceTicks);
    const isTakerBuyer = taker.side === 'buy';
    const buyer = isTakerBuyer ? taker : maker;
    const seller = isTakerBuyer ? maker : taker;
    const money = fillMoney(
      base,
      quote,
      isTakerBuyer ? m.takerFeeBps : m.makerFeeBps,
      isTakerBuyer ? m.makerFeeBps : m.takerFeeBps,
    );
    const tradeId = this.nextTradeId++;
    const ref = { type: 'spot_trade', id: tradeId };
    const buyerAcc = userAccount(buyer.userId, 'change');
    const sellerAcc = userAccount(seller.userId, 'change');
    // The maker pays from its hold, the taker from its available balance (checked before matching).
    const move = (isHeld: boolean, mv: Parameters<LedgerBatch['consume']>[0]) =>
      isHeld ? ledger.consume(mv) : ledger.transfer(mv);
    const base1 = { reason: 'spot.trade' as const, ref, at };
    move(!isTakerBuyer, {
      ...base1,
      from: buyerAcc,
      to: sellerAcc,
      currencyId: m.legalId,
      amountMinor: quote,
    });
    move(isTakerBuyer, {
      ...base1,
      from: sellerAcc,
      to: buyerAcc,
      currencyId: m.currencyId,
      amountMinor: base,
    });
    if (money.sellerFee > 0n) {
      ledger.transfer({
        from: sellerAcc,
        to: fees,
        currencyId: m.legalId,
        amountMinor: money.sellerFee,
        reason: 'spot.fee',
        ref,
        at,
      });
    }
    if (money.buyerFee > 0n) {
      ledger.transfer({
        from: buyerAcc,
        to: fees,
        currencyId: m.currencyId,
        amountMinor: money.buyerFee,
        reason: 'spot.fee',
        ref,
        at,
      });
    }
    maker.held -= isTakerBuyer ? base : quote;
    buyer.fee += money.buyerFee;
    seller.fee += money.sellerFee;
    for (const o of [buyer, seller]) {
      o.filledAmount += base;
      o.filledQuote += quote;
      o.updatedAt = at;
    }
    if (fill.makerLotsLeft === 0) {
      invariant(maker.held === 0n, `maker ${maker.id} filled with ${maker.held} still held`);
      maker.status = STATUS.filled;
      mb.removeOpen(maker);
      this.orderMarket.delete(maker.id);
    }
    work.touchOrder(maker);
    const trade: TradeRecord = {
      id: tradeId,
      marketId: m.id,
      price,
      amount: base,
      quote,
      takerSide: taker.side,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerUserId: maker.userId,
      takerUserId: taker.userId,
      makerFee: isTakerBuyer ? money.sellerFee : money.buyerFee,
      takerFee: isTakerBuyer ? money.buyerFee : money.sellerFee,
      at,
    };
    work.trades.push(trade);
    work.change(m.id).trades.push(trade);
    this.addToBars(mb, work, trade);
  }

  private cancel(cmd: CancelCommand, ledger: LedgerBatch, work: BatchWork, batchAt: number): OrderState {
    const marketId = this.orderMarket.get(cmd.orderId);
    const mb = marketId === undefined ? undefined : this.books.get(marketId);
    const o = mb?.open.get(cmd.orderId);
    // The service checked the order exists, is this user's and was open when asked; gone by now means
    // it filled (or was cancelled) in between. Someone else's order reads as not found.
    if (o && o.userId !== cmd.userId) throw new AppError('SPOT_ORDER_NOT_FOUND');
    if (!mb || !o) throw new AppError('SPOT_ORDER_NOT_OPEN');
    const at = cmd.atMs ?? batchAt;
    const r = mb.book.cancel(o.id);
    invariant(r.ok, `open order ${o.id} missing from the book`);
    // From here on nothing may be refused: the order has left the book.
    const m = mb.market;
    if (o.held > 0n) {
      ledger.release({
        account: userAccount(o.userId, 'change'),
        currencyId: o.side === 'buy' ? m.legalId : m.currencyId,
        amountMinor: o.held,
        reason: 'spot.release',
        ref: { type: 'spot_order', id: o.id },
        at,
      });
      o.held = 0n;
    }
    o.status = STATUS.cancelled;
    o.cancelReason = 'USER';
    o.updatedAt = at;
    mb.removeOpen(o);
    this.orderMarket.delete(o.id);
    work.touchOrder(o);
    work.change(m.id).isBookChanged = true;
    return o;
  }

  private addToBars(mb: MarketBook, work: BatchWork, t: TradeRecord): void {
    for (const period of KLINE_PERIODS) {
      const start = barStart(period, t.at);
      // One entry per bar: a batch of history (atMs) spans many bars, a live batch one per period.
      const key = `${mb.market.id}/${period}/${start}`;
      const pending = work.bars.get(key)?.bar;
      const latest = work.latestBars.get(`${mb.market.id}/${period}`) ?? mb.bars.get(period);
      const current = pending ?? (latest && latest.openTime === start ? latest : undefined);
      // Trades arrive in time order; an older bar (a clock set back in a test) starts afresh rather than
      // reading history back, and the upsert below merges nothing into it: acceptable for such a case.
      const base = current && current.openTime === start ? current : undefined;
      const bar = addTrade(base, start, t.price, t.amount, t.quote);
      work.bars.set(key, { marketId: mb.market.id, period, bar });
      work.latestBars.set(`${mb.market.id}/${period}`, bar);
      if (period === '1min') {
        let mins = work.minuteBars.get(mb.market.id);
        if (!mins) work.minuteBars.set(mb.market.id, (mins = new Map()));
        mins.set(start, bar);
      }
    }
  }

  private async writeRows(trx: Transaction<Database>, work: BatchWork): Promise<void> {
    const dialect = this.ctx.dialect;
    await spotRepo.insertOrders(trx, dialect, [...work.newOrders.values()].map(orderToRow));
    await spotRepo.updateOrders(trx, dialect, [...work.changedOrders.values()].map(orderToRow));
    await spotRepo.insertTrades(trx, dialect, work.trades.map(tradeToRow));
    await spotRepo.upsertBars(trx, dialect, [...work.bars.values()]);
  }

  /** The batch is durable: move committed state forward, then tell the publisher. */
  private afterCommit(work: BatchWork): void {
    for (const { marketId, period, bar } of work.bars.values()) {
      const mb = this.books.get(marketId);
      if (!mb) continue;
      const cur = mb.bars.get(period);
      if (!cur || bar.openTime >= cur.openTime) mb.bars.set(period, bar);
    }
    for (const [marketId, mins] of work.minuteBars) {
      const mb = this.books.get(marketId);
      if (!mb) continue;
      for (const bar of mins.values()) {
        const lastBar = mb.minuteBars[mb.minuteBars.length - 1];
        if (lastBar && lastBar.openTime === bar.openTime) mb.minuteBars[mb.minuteBars.length - 1] = bar;
        else if (!lastBar || bar.openTime > lastBar.openTime) mb.minuteBars.push(bar);
      }
      if (mb.minuteBars.length > MINUTE_BARS_MAX)
        mb.minuteBars.splice(0, mb.minuteBars.length - MINUTE_BARS_MAX);
    }
    for (const change of work.markets.values()) {
      const mb = this.books.get(change.marketId);
      if (!mb || change.trades.length === 0) continue;
      const newest = change.trades[change.trades.length - 1]!;
      if (newest.at >= mb.last.tradeTimeMs) {
        mb.last = { priceMinor: newest.price, tradeId: newest.id, tradeTimeMs: newest.at };
        recordLastPrice(this.ctx, mb.market.id, mb.last);
      }
      mb.recentTrades = [...change.trades].reverse().concat(mb.recentTrades).slice(0, RECENT_TRADES_MAX);
    }
    if (work.markets.size > 0) {
      try {
        this.onCommit([...work.markets.values()]);
      } catch (err) {
        this.ctx.log.error({ err }, 'spot publisher failed');
      }
    }
  }
}

function isMarketDone(result: PlaceResult, spec: OrderSpec): boolean {
  // A market order that traded and stopped only because the rest of its budget buys less than one lot
  // (or because its base amount is done) is filled, not cancelled.
  if (spec.type !== 'market') return false;
  if (result.cancelReason !== 'MARKET_REMAINDER') return result.cancelReason === null;
  if (spec.by === 'base') return result.cancelledLots === 0;
  const lastFill = result.fills[result.fills.length - 1];
  return lastFill !== undefined && result.unspentQuote < lastFill.priceTicks;
}

const clientKey = (userId: number, marketId: number, clientOid: string) =>
  `${userId}/${marketId}/${clientOid}`;

function lotsLeft(m: SpotMarket, o: OrderState): number {
  const left = o.amount - o.filledAmount;
  invariant(left > 0n && left % m.rules.amountStep === 0n, `open order ${o.id} has a bad remainder`);
  return Number(left / m.rules.amountStep);
}

export function orderFromRow(row: OrderRow, m: SpotMarket): OrderState {
  return {
    id: row.id,
    userId: row.user_id,
    marketId: row.market_id,
    side: row.side === 1 ? 'buy' : 'sell',
    orderType: row.kind === 1 ? 'market' : 'limit',
    price: row.price_minor,
    priceTicks: row.kind === 1 ? 0 : Number(row.price_minor / m.rules.priceTick),
    amount: row.amount_minor,
    filledAmount: row.filled_amount_minor,
    filledQuote: row.filled_quote_minor,
    fee: row.fee_minor,
    held: row.held_minor,
    status: row.status,
    cancelReason: row.cancel_reason,
    clientOid: row.client_oid,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function orderToRow(o: OrderState): OrderRow {
  return {
    id: o.id,
    user_id: o.userId,
    market_id: o.marketId,
    side: SIDE_CODE[o.side],
    kind: o.orderType === 'market' ? 1 : 0,
    price_minor: o.price,
    amount_minor: o.amount,
    filled_amount_minor: o.filledAmount,
    filled_quote_minor: o.filledQuote,
    fee_minor: o.fee,
    held_minor: o.held,
    status: o.status,
    cancel_reason: o.cancelReason,
    client_oid: o.clientOid,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  };
}

export function tradeFromRow(r: TradeRow): TradeRecord {
  return {
    id: r.id,
    marketId: r.market_id,
    price: r.price_minor,
    amount: r.amount_minor,
    quote: r.quote_minor,
    takerSide: r.taker_side === 1 ? 'buy' : 'sell',
    makerOrderId: r.maker_order_id,
    takerOrderId: r.taker_order_id,
    makerUserId: r.maker_user_id,
    takerUserId: r.taker_user_id,
    makerFee: r.maker_fee_minor,
    takerFee: r.taker_fee_minor,
    at: r.created_at,
  };
}

function tradeToRow(t: TradeRecord): TradeRow {
  return {
    id: t.id,
    market_id: t.marketId,
    price_minor: t.price,
    amount_minor: t.amount,
    quote_minor: t.quote,
    taker_side: SIDE_CODE[t.takerSide],
    maker_order_id: t.makerOrderId,
    taker_order_id: t.takerOrderId,
    maker_user_id: t.makerUserId,
    taker_user_id: t.takerUserId,
    maker_fee_minor: t.makerFee,
    taker_fee_minor: t.takerFee,
    created_at: t.at,
  };
}
