/**
 * Socket pushes of the spot area, after commit only, throttled per market: at most one burst per
 * PUSH_INTERVAL_MS per market (depth, recent trades, the bars of every period, the 24 h summary; the
 * `daymarket` push goes through market/tickers.ts, which throttles it again). The trailing push always
 * carries the latest state. Owners' order changes go to their own room at once (`spot_order`). The pacing
 * runs on the context's clock and its timers, so a test moves it on by advancing its manual clock.
 */
import type { KlineEvent, MarketDepthEvent, SpotOrderEvent } from '@oryx/contracts/socket';
import type { Timer } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { updateTicker, formatChange, changeBps } from '../market/tickers';
import { KLINE_PERIODS } from './candles';
import type { Depth } from './engine/types';
import { amountText, priceText, quoteText } from './markets';
import type { GroupCommitter } from './committer';
import { notifyLater, type Notice } from '../notifications/service';
import type { MarketBook } from './market-book';
import type { MarketChange, TradeRecord } from './orders';
import { asksHighestFirst, candleWire, dayStats, tickerOf } from './wire';

/** The owner's notification of a filled order (modules/notifications). */
const filledNotice = (symbol: string, o: { id: number; userId: number; side: string }): Notice => ({
  userId: o.userId,
  kind: 'spot.filled',
  params: { id: o.id, symbol, side: o.side },
});

export const PUSH_INTERVAL_MS = 200;
/** Levels per side kept for the deal call and pushed in `market_depth`. */
export const DEPTH_LEVELS = 20;
export const DEPTH_PUSH_LEVELS = 10;
/** Trades per `match_trade` push (newest first). */
const MATCH_TRADE_MAX = 20;

interface MarketPush {
  lastAt: number;
  timer: Timer | null;
  trades: TradeRecord[];
  isDirty: boolean;
}

/** The `market_depth` push: the top DEPTH_PUSH_LEVELS levels a side, the last price and the 24 h change. */
function depthEvent(mb: MarketBook, depth: Depth, open: bigint, change: string): MarketDepthEvent {
  const m = mb.market;
  const level = ([ticks, lots]: [number, number]): [string, string] => [
    priceText(m, m.rules.priceOf(ticks)),
    amountText(m, m.rules.amountOf(lots)),
  ];
  const lastPrice = priceText(m, mb.last.priceMinor);
  return {
    type: 'market_depth',
    symbol: m.symbol,
    legal_id: m.legalId,
    currency_id: m.currencyId,
    token: m.symbol,
    last_price: lastPrice,
    proportion: change,
    yesterday: priceText(m, open),
    today: lastPrice,
    bids: depth.bids.slice(0, DEPTH_PUSH_LEVELS).map(level),
    asks: asksHighestFirst(depth.asks, DEPTH_PUSH_LEVELS).map(level),
  };
}

export class SpotPublisher {
  /** Committed depth per market (ticks and lots), refreshed right after each commit that moved it. */
  readonly depth = new Map<number, Depth>();
  private readonly pushes = new Map<number, MarketPush>();
  private isStopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly committer: GroupCommitter,
  ) {}

  /** Told after each throttled push with the market's committed state (several processes: its view). */
  onPushed: ((mb: MarketBook, depth: Depth) => void) | null = null;

  /** Depth of every market from its (freshly loaded) book. */
  refreshAll(): void {
    for (const mb of this.committer.books.values()) this.refresh(mb);
  }

  /** Depth of one market from its (freshly loaded) book. */
  refresh(mb: MarketBook): void {
    this.depth.set(mb.market.id, mb.book.depth(DEPTH_LEVELS));
  }

  onCommit(changes: MarketChange[]): void {
    const byUser = new Map<number, SpotOrderEvent['data']>();
    const filled: Notice[] = [];
    for (const c of changes) {
      const mb = this.committer.book(c.marketId);
      if (!mb) continue;
      if (c.isBookChanged) this.depth.set(c.marketId, mb.book.depth(DEPTH_LEVELS));
      for (const o of c.orders) {
        let list = byUser.get(o.userId);
        if (!list) byUser.set(o.userId, (list = []));
        // Compact on purpose (the owner's page reloads its lists on it): no formatting per order here.
        list.push({
          id: o.id,
          match_id: o.marketId,
          type: o.side === 'buy' ? 1 : 2,
          status: o.status === 1 ? 1 : 2,
          state:
            o.status === 1
              ? o.filledAmount > 0n
                ? 'partial'
                : 'open'
              : o.status === 2
                ? 'filled'
                : 'cancelled',
        });
        if (o.status === 2) filled.push(filledNotice(mb.market.symbol, o));
      }
      this.schedule(mb, c.trades);
    }
    for (const [userId, data] of byUser)
      this.ctx.realtime.toUser(userId, 'spot_order', { type: 'spot_order', data });
    notifyLater(this.ctx, filled);
  }

  private schedule(mb: MarketBook, trades: TradeRecord[]): void {
    if (this.isStopped) return;
    let p = this.pushes.get(mb.market.id);
    if (!p)
      this.pushes.set(mb.market.id, (p = { lastAt: -Infinity, timer: null, trades: [], isDirty: false }));
    p.trades.push(...trades);
    if (p.trades.length > MATCH_TRADE_MAX) p.trades.splice(0, p.trades.length - MATCH_TRADE_MAX);
    p.isDirty = true;
    if (p.timer) return;
    // At most one interval even when the clock was set back since the last push.
    const wait = Math.min(PUSH_INTERVAL_MS, PUSH_INTERVAL_MS - (this.ctx.clock.now() - p.lastAt));
    if (wait <= 0) {
      this.push(mb, p);
      return;
    }
    p.timer = this.ctx.clock.setTimeout(() => {
      p.timer = null;
      this.push(mb, p);
    }, wait);
  }

  private push(mb: MarketBook, p: MarketPush): void {
    if (!p.isDirty || this.isStopped) return;
    p.isDirty = false;
    p.lastAt = this.ctx.clock.now();
    const m = mb.market;
    const rt = this.ctx.realtime;
    const base = { symbol: m.symbol, legal_id: m.legalId, currency_id: m.currencyId };
    const stats = dayStats(mb.minuteBars, mb.last.priceMinor, this.ctx.clock.now());
    const change = formatChange(changeBps(mb.last.priceMinor, stats.open));
    const depth = this.depth.get(m.id) ?? { bids: [], asks: [] };
    rt.toAll('market_depth', depthEvent(mb, depth, stats.open, change));
    this.onPushed?.(mb, depth);
    if (p.trades.length > 0) {
      const data = [...p.trades].reverse().map((t) => ({
        ts: t.at,
        price: priceText(m, t.price),
        amount: amountText(m, t.amount),
        direction: t.takerSide,
      }));
      p.trades = [];
      rt.toAll('match_trade', { type: 'match_trade', ...base, data });
      for (const period of KLINE_PERIODS) {
        const bar = mb.bars.get(period);
        if (!bar) continue;
        const c = candleWire(m, bar);
        const ev: KlineEvent = {
          type: 'kline',
          ...base,
          period,
          match_id: m.id,
          legal_name: m.legalName,
          currency_name: m.currencyName,
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
          volume: c.volume,
          time: c.time,
        };
        rt.toAll('kline', ev);
      }
      rt.toAll('transaction', {
        type: 'transaction',
        token: m.symbol,
        '24h': JSON.stringify({
          symbol: m.symbol,
          legal_id: m.legalId,
          currency_id: m.currencyId,
          open: priceText(m, stats.open),
          close: priceText(m, mb.last.priceMinor),
          high: priceText(m, stats.high),
          low: priceText(m, stats.low),
          vol: amountText(m, stats.volume),
          amount: quoteText(m, stats.quoteVolume),
          change,
        }),
      });
      this.feedTicker(mb);
    }
  }

  /** The 24 h stats to market/tickers.ts (which pushes `daymarket`). */
  feedTicker(mb: MarketBook): void {
    const last = mb.last.priceMinor;
    updateTicker(
      this.ctx,
      mb.market.id,
      tickerOf(last, dayStats(mb.minuteBars, last, this.ctx.clock.now())),
    ).catch((err: unknown) => this.ctx.log.error({ err, marketId: mb.market.id }, 'updateTicker failed'));
  }

  stop(): void {
    this.isStopped = true;
    for (const p of this.pushes.values()) p.timer?.clear();
  }
}
