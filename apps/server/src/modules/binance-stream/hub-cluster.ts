/**
 * The hub's side of several server processes (relay.ts): it publishes the batches of the markets this
 * process owns, mirrors the others' from their owners, and moves a market between the two when its
 * ownership changes. Does nothing without a shared bus (one process).
 */
import type { AppContext } from '../../lib/context';
import type { MarketBook } from '../spot/market-book';
import type { SpotMarket } from '../spot/markets';
import type { MarketChange } from '../spot/orders';
import type { LadderUpdate } from './depth-ladder';
import { restingLots, type MarketFeed } from './market-feed';
import {
  ASK_AGAIN_MS,
  barsSince,
  mirrorBatch,
  newMirror,
  StreamRelay,
  type MirrorSnapshot,
  type RelayedMarket,
  type RelayHost,
} from './relay';
import type { UserFeed } from './user-feed';

/** What this needs of the hub. */
export interface ClusterHub {
  readonly feeds: Map<number, MarketFeed>;
  readonly users: UserFeed;
  book(marketId: number): MarketBook | undefined;
  feedOf(market: SpotMarket): MarketFeed;
  resetFeed(mb: MarketBook): void;
  bookChanged(feed: MarketFeed, upd: LadderUpdate): void;
  traded(feed: MarketFeed, c: MarketChange, now: number): void;
}

export class HubCluster implements RelayHost {
  private readonly relay: StreamRelay;
  private unfollow: (() => void) | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly hub: ClusterHub,
  ) {
    this.relay = new StreamRelay(ctx, this);
  }

  private get engine() {
    return this.ctx.services.spot.engine;
  }

  async start(): Promise<void> {
    if (!this.relay.isOn) return;
    await this.relay.start();
    this.unfollow = this.engine.onOwnership((marketId, isOwned) => this.onOwnership(marketId, isOwned));
  }

  stop(): void {
    this.unfollow?.();
    this.relay.stop();
  }

  /** After the hub reset the feeds of its books: the others' markets are mirrored, its own announced. */
  onReload(): void {
    if (!this.relay.isOn) return;
    for (const m of this.engine.allMarkets()) {
      if (this.hub.book(m.id)) {
        this.relay.publishSnapshot(m.id);
        continue;
      }
      const feed = this.hub.feedOf(m);
      if (feed.mirror?.isSynced) continue;
      feed.mirror ??= newMirror();
      this.relay.ask(feed.mirror, m.id);
    }
  }

  private onOwnership(marketId: number, isOwned: boolean): void {
    const m = this.engine.market(marketId);
    if (!m) return;
    const mb = this.hub.book(marketId);
    if (isOwned && mb) {
      this.hub.resetFeed(mb);
      this.relay.publishSnapshot(marketId);
      return;
    }
    const feed = this.hub.feedOf(m);
    feed.mirror = newMirror();
    this.relay.ask(feed.mirror, marketId);
  }

  /** A mirror still not in step asks again (every second while someone listens; the batches ask too). */
  recheck(feed: MarketFeed, now: number): void {
    const mirror = feed.mirror;
    if (mirror && !mirror.isSynced && now - mirror.askedAt >= ASK_AGAIN_MS)
      this.relay.ask(mirror, feed.market.id);
  }

  /** The owner's side: the markets of a committed batch that this process owns, for the mirrors. */
  publishBatch(changes: MarketChange[]): void {
    if (!this.relay.isOn) return;
    const batch: RelayedMarket[] = [];
    for (const change of changes) {
      const feed = this.hub.feeds.get(change.marketId);
      const mb = this.hub.book(change.marketId);
      if (!feed || !mb || feed.mirror) continue;
      const traded = change.trades.length > 0;
      batch.push({
        change,
        updateId: feed.ladder.updateId,
        bars: traded ? barsSince(mb.minuteBars, Math.min(...change.trades.map((t) => t.at))) : [],
        last: mb.last,
        lastTrade: traded ? mb.recentTrades[0] : undefined,
      });
    }
    this.relay.publish(batch);
  }

  snapshotOf(marketId: number): MirrorSnapshot | null {
    const feed = this.hub.feeds.get(marketId);
    const mb = this.hub.book(marketId);
    if (!feed || !mb || feed.mirror || !this.engine.owns(marketId)) return null;
    return {
      marketId,
      ladder: feed.ladder.state(),
      minuteBars: mb.minuteBars,
      last: mb.last,
      lastTrade: mb.recentTrades[0],
    };
  }

  onSnapshot(s: MirrorSnapshot): void {
    const feed = this.hub.feeds.get(s.marketId);
    const mirror = feed?.mirror;
    if (!feed || !mirror) return;
    mirror.minuteBars = s.minuteBars;
    mirror.last = s.last;
    mirror.lastTrade = s.lastTrade;
    mirror.isSynced = true;
    feed.isTickerDirty = true;
    const upd = feed.ladder.load(s.ladder);
    if (upd) this.hub.bookChanged(feed, upd);
  }

  /** Another process's committed batch: its markets that this process mirrors, as if committed here. */
  onRemote(batch: RelayedMarket[]): void {
    const now = this.ctx.clock.now();
    const changes: MarketChange[] = [];
    for (const r of batch) {
      const feed = this.hub.feeds.get(r.change.marketId);
      const mirror = feed?.mirror;
      if (!feed || !mirror) continue;
      changes.push(r.change);
      mirrorBatch(mirror, r);
      if (mirror.isSynced) {
        const upd = feed.ladder.apply(r.change.orders, (o) => restingLots(feed.market, o));
        if (feed.ladder.updateId === r.updateId) {
          if (upd) this.hub.bookChanged(feed, upd);
        } else {
          mirror.isSynced = false;
          this.relay.ask(mirror, feed.market.id);
        }
      } else if (now - mirror.askedAt >= ASK_AGAIN_MS) this.relay.ask(mirror, feed.market.id);
      if (r.change.trades.length > 0) this.hub.traded(feed, r.change, now);
    }
    if (changes.length > 0) this.hub.users.onBatch(changes, now);
  }
}
