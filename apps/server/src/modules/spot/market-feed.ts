/**
 * What every process serves of a market it does not own (cluster.ts): the owner's committed last price,
 * depth, recent trades and 24 h stats. The owner publishes a market's view on the bus after each
 * throttled push (events.ts), when it takes the market, and once a second; it also keeps the latest in a
 * Redis key, so a process that starts reads every market's view at once. The other processes keep the
 * latest view in memory and feed their last prices, depth and tickers from it (no socket push: the owner's
 * pushes reach every process's clients through the socket adapter).
 */
import type { AppContext } from '../../lib/context';
import { updateTicker } from '../market/tickers';
import type { Depth } from './engine/types';
import { DEPTH_LEVELS } from './events';
import type { MarketBook } from './market-book';
import type { TradeRecord } from './orders';
import { recordLastPrice, type PricePoint } from './price-history';
import { decode, encode } from './route-codec';
import { dayStats, tickerOf, type DayStats } from './wire';

/** Recent trades carried in a view (the deal call answers 30). */
const VIEW_TRADES = 30;
/** A view's key outlives its owner by this long (a new owner publishes its own within a second). */
const VIEW_TTL_S = 3_600;

export interface MarketView {
  marketId: number;
  last: PricePoint;
  depth: Depth;
  recentTrades: TradeRecord[];
  stats: DayStats;
  /** When the owner published it (the owner's clock). */
  at: number;
}

export class MarketFeed {
  readonly views = new Map<number, MarketView>();
  private stopSub: (() => void) | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly owns: (marketId: number) => boolean,
    private readonly onDepth: (marketId: number, depth: Depth) => void,
  ) {}

  private get channel(): string {
    return this.ctx.services.cluster.bus.key('spot:view');
  }

  private viewKey(marketId: number): string {
    return this.ctx.services.cluster.bus.key(`spot:view:${marketId}`);
  }

  /** Follows the owners' views, after reading the latest of each market. */
  async start(marketIds: number[]): Promise<void> {
    const bus = this.ctx.services.cluster.bus;
    this.stopSub = bus.subscribe(this.channel, (msg) => this.take(decode<MarketView>(msg)));
    if (marketIds.length === 0) return;
    const stored = await bus.redis!.mget(marketIds.map((id) => this.viewKey(id)));
    for (const s of stored) if (s) this.take(decode<MarketView>(s));
  }

  stop(): void {
    this.stopSub?.();
  }

  /** The owner's side: publishes the market's committed view. */
  publish(mb: MarketBook, depth: Depth): void {
    const now = this.ctx.clock.now();
    const view: MarketView = {
      marketId: mb.market.id,
      last: mb.last,
      depth: { bids: depth.bids.slice(0, DEPTH_LEVELS), asks: depth.asks.slice(0, DEPTH_LEVELS) },
      recentTrades: mb.recentTrades.slice(0, VIEW_TRADES),
      stats: dayStats(mb.minuteBars, mb.last.priceMinor, now),
      at: now,
    };
    const text = encode(view);
    const bus = this.ctx.services.cluster.bus;
    bus.publish(this.channel, text);
    void bus.redis?.set(this.viewKey(mb.market.id), text, 'EX', VIEW_TTL_S).catch(() => {});
  }

  private take(v: MarketView): void {
    if (this.owns(v.marketId)) return;
    const prev = this.views.get(v.marketId);
    if (prev && prev.at > v.at) return;
    this.views.set(v.marketId, v);
    this.onDepth(v.marketId, v.depth);
    recordLastPrice(this.ctx, v.marketId, v.last);
    updateTicker(this.ctx, v.marketId, tickerOf(v.last.priceMinor, v.stats), 'spot', { push: false }).catch(
      (err: unknown) => this.ctx.log.error({ err, marketId: v.marketId }, 'updateTicker failed'),
    );
  }
}
