/**
 * The group committer: ONE for all markets. Read README.md ("Committer, matching and settlement") first.
 *
 * It takes every queued command of every market (up to BATCH_MAX), applies them in arrival order inside
 * ONE database transaction (risk and matching in matching.ts, settlement in settlement.ts, bars in
 * candles.ts), writes the order / trade / candle rows, commits, and only then answers the callers, moves
 * the committed price and candles forward and hands the markets to the publisher. While a transaction
 * runs new commands queue up, so the busier the exchange the bigger the batch: one fsync and a handful
 * of multi-row statements carry hundreds of orders. So each market's commands apply to its book
 * (market-book.ts) strictly one at a time, in arrival order.
 *
 * A command that is refused (bad funds, not your order...) is refused before it changes anything, and
 * the rest of its batch carries on. Anything unexpected aborts the whole transaction: the books are
 * rebuilt from the database (the source of truth) and the batch's commands run again one per
 * transaction, so one poisoned command fails alone.
 */
import type { Transaction } from 'kysely';
import type { Database } from '@oryx/db/schema';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { LedgerBatch } from '../ledger/batch';
import { userAccount, type AccountRef } from '../ledger/service';
import { BatchWork } from './batch-work';
import { commitBars } from './batch-bars';
import { RECENT_TRADES_MAX, SpotBooks, type MarketBook } from './market-book';
import type { SpotMarket } from './markets';
import { cancelOrder, clientKey, payCurrency, placeOrder, type BatchScope } from './matching';
import {
  orderFromRow,
  orderToRow,
  tradeToRow,
  type Command,
  type CommandResult,
  type MarketChange,
  type OrderState,
} from './orders';
import { recordLastPrice } from './price-history';
import { spotRepo } from './repo';

/** Commands per transaction. Bounded so one transaction stays short (a few ms). */
export const BATCH_MAX = 1_000;
/** Commands waiting; beyond this callers get SPOT_BUSY at once instead of queueing without limit. */
export const QUEUE_MAX = 50_000;

interface Pending {
  cmd: Command;
  resolve: (r: CommandResult) => void;
}

export class GroupCommitter {
  readonly books: SpotBooks;
  private queue: Pending[] = [];
  private isRunning = false;
  private isStopped = false;
  private idle: (() => void)[] = [];
  /** Called after every commit with what changed (the publisher). */
  onCommit: (changes: MarketChange[]) => void = () => {};
  /** Awaited before each batch's transaction (several processes: a fresh id block when one runs low). */
  beforeBatch: (() => Promise<void>) | null = null;
  /** Called after the books were rebuilt from the database (a failed batch). */
  onReload: () => void = () => {};
  /**
   * While suspended every new command is refused (SPOT_BUSY); the batch already running finishes.
   * The spot engine suspends itself when it is no longer sure to be the only one matching these books
   * (ownership.ts), and resumes after reloading them from the database.
   */
  isSuspended = false;

  constructor(private readonly ctx: AppContext) {
    this.books = new SpotBooks(ctx);
  }

  /** Loads every market's book from the database: at start and when matching resumes. */
  load(markets: SpotMarket[]): Promise<void> {
    return this.books.load(markets);
  }

  book(marketId: number): MarketBook | undefined {
    return this.books.book(marketId);
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
    const started = performance.now();
    let outcome: { results: CommandResult[]; work: BatchWork };
    try {
      await this.beforeBatch?.();
      outcome = await this.ctx.db.transaction().execute((trx) => this.applyBatch(trx, batch, at));
    } catch (err) {
      await this.recover(batch, err, isRetry);
      return;
    }
    this.count(batch.length, (performance.now() - started) / 1000, outcome.work);
    this.afterCommit(outcome.work);
    batch.forEach((p, i) => p.resolve(outcome.results[i]!));
  }

  /** The commit's size and time, and the orders and trades it committed per market (modules/metrics). */
  private count(commands: number, seconds: number, work: BatchWork): void {
    const metrics = this.ctx.services.metrics;
    metrics.spotCommitBatch.observe(commands);
    metrics.spotCommitSeconds.observe(seconds);
    const symbol = (id: number) => this.books.book(id)?.market.symbol ?? String(id);
    const orders = new Map<number, number>();
    for (const o of work.newOrders.values()) orders.set(o.marketId, (orders.get(o.marketId) ?? 0) + 1);
    for (const [id, n] of orders) metrics.spotOrders.inc({ market: symbol(id) }, n);
    for (const c of work.markets.values())
      if (c.trades.length > 0) metrics.spotTrades.inc({ market: symbol(c.marketId) }, c.trades.length);
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
      await this.books.load([...this.books.values()].map((b) => b.market));
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
      const m = this.books.book(cmd.marketId)?.market;
      if (!m) continue;
      out.push({ account: userAccount(cmd.userId, 'change'), currencyId: payCurrency(m, cmd.side) });
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
    const scope: BatchScope = {
      books: this.books,
      ledger,
      work,
      known,
      at,
      marketBandBps: this.ctx.env.SPOT_MARKET_BAND_BPS,
    };
    const results: CommandResult[] = [];
    for (const { cmd } of batch) {
      try {
        const order = cmd.kind === 'place' ? placeOrder(scope, cmd) : cancelOrder(scope, cmd);
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
      const mb = this.books.book(row.market_id);
      if (!mb) continue;
      out.set(
        clientKey(row.user_id, row.market_id, row.client_oid!),
        mb.open.get(row.id) ?? orderFromRow(row, mb.market),
      );
    }
    return out;
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
    commitBars(this.books, work);
    for (const change of work.markets.values()) {
      const mb = this.books.book(change.marketId);
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
