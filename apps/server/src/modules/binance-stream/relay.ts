/**
 * The streams across server processes (several processes on one database and Redis, docs/scale-out.md).
 * A market's book lives in its owner's memory only, so the hub of every other process follows it from
 * the owner: after each committed batch the owner publishes on `binance:feed` what its hub applied of
 * the markets it owns (each market's `MarketChange`, its ladder's update id after it, the minute bars the
 * batch's trades touched, the last price and trade); the other processes' hubs apply that as if they had
 * committed it (hub.ts `onRemote`): depth diffs with the owner's update ids, trades, klines, tickers and
 * the user-data streams' executionReports and balances.
 *
 * A process that does not own a market mirrors its ladder: it asks the owner for a snapshot
 * (`binance:ask`), which the owner publishes on `binance:feed` on the same Redis connection as its
 * batches, so the snapshot lands exactly between two batches. From then on each batch must leave the
 * mirror at the owner's update id; if not (a message lost, a new owner) it asks again. An owner that
 * takes a market, or rebuilt its books, publishes the snapshots unasked.
 *
 * Without a shared bus (one process) none of this runs: the hub follows its own engine only.
 */
import type { AppContext } from '../../lib/context';
import { MINUTE_BARS_MAX, type Bar } from '../spot/candles';
import type { MarketChange, TradeRecord } from '../spot/orders';
import type { PricePoint } from '../spot/price-history';
import { decode, encode } from '../spot/route-codec';
import type { LadderState } from './depth-ladder';
import type { Mirror } from './market-feed';

export const FEED_CHANNEL = 'binance:feed';
export const ASK_CHANNEL = 'binance:ask';
/** A mirror still not in step after this long asks for a snapshot again. */
export const ASK_AGAIN_MS = 5_000;

/** One market of an owner's committed batch. */
export interface RelayedMarket {
  change: MarketChange;
  /** The owner's ladder update id after the batch. */
  updateId: number;
  /** The owner's one-minute bars that the batch's trades touched (oldest first). */
  bars: Bar[];
  last: PricePoint;
  lastTrade: TradeRecord | undefined;
}

/** An owned market as a mirror starts from. */
export interface MirrorSnapshot {
  marketId: number;
  ladder: LadderState;
  minuteBars: Bar[];
  last: PricePoint;
  lastTrade: TradeRecord | undefined;
}

type FeedMessage = { from: string; batch?: RelayedMarket[]; snapshot?: MirrorSnapshot };

/** What the relay needs of the hub. */
export interface RelayHost {
  onRemote(batch: RelayedMarket[]): void;
  onSnapshot(s: MirrorSnapshot): void;
  /** The snapshot of a market this process owns; null when it does not. */
  snapshotOf(marketId: number): MirrorSnapshot | null;
}

export class StreamRelay {
  private stops: (() => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly host: RelayHost,
  ) {}

  /** Whether messages cross processes (Redis): without it the relay does nothing. */
  get isOn(): boolean {
    return this.ctx.services.cluster.bus.isShared;
  }

  private get bus() {
    return this.ctx.services.cluster.bus;
  }

  /** Follows the owners' batches and snapshots and answers the asks; resolves once Redis listens. */
  async start(): Promise<void> {
    if (!this.isOn) return;
    const bus = this.bus;
    this.stops.push(
      bus.subscribe(bus.key(FEED_CHANNEL), (raw) => {
        const m = decode<FeedMessage>(raw);
        if (m.from === bus.processId) return;
        if (m.batch) this.host.onRemote(m.batch);
        if (m.snapshot) this.host.onSnapshot(m.snapshot);
      }),
      bus.subscribe(bus.key(ASK_CHANNEL), (raw) => {
        const m = JSON.parse(raw) as { from: string; marketId: number };
        if (m.from !== bus.processId) this.publishSnapshot(m.marketId);
      }),
    );
    await bus.subscribed();
  }

  stop(): void {
    for (const s of this.stops) s();
    this.stops = [];
  }

  /** The owner's side: the batch's markets, after the hub applied them. */
  publish(batch: RelayedMarket[]): void {
    if (!this.isOn || batch.length === 0) return;
    this.bus.publish(this.bus.key(FEED_CHANNEL), encode({ from: this.bus.processId, batch }));
  }

  /** The owner's side: a market's snapshot for the mirrors (nothing when this process does not own it). */
  publishSnapshot(marketId: number): void {
    if (!this.isOn) return;
    const snapshot = this.host.snapshotOf(marketId);
    if (snapshot)
      this.bus.publish(this.bus.key(FEED_CHANNEL), encode({ from: this.bus.processId, snapshot }));
  }

  /** A mirror's side: asks the market's owner for a snapshot. */
  ask(mirror: Mirror, marketId: number): void {
    mirror.askedAt = this.ctx.clock.now();
    if (!this.isOn) return;
    this.bus.publish(this.bus.key(ASK_CHANNEL), JSON.stringify({ from: this.bus.processId, marketId }));
  }
}

/** A mirror not yet in step (it asks for a snapshot). */
export const newMirror = (): Mirror => ({
  isSynced: false,
  askedAt: -Infinity,
  minuteBars: [],
  last: null,
  lastTrade: undefined,
});

/** The relayed batch's bars, last price and trade into the mirror (as the owner's book took them). */
export function mirrorBatch(mirror: Mirror, r: RelayedMarket): void {
  mirror.last = r.last;
  if (r.lastTrade) mirror.lastTrade = r.lastTrade;
  const bars = mirror.minuteBars;
  for (const bar of r.bars) {
    const lastBar = bars[bars.length - 1];
    if (lastBar && lastBar.openTime === bar.openTime) bars[bars.length - 1] = bar;
    else if (!lastBar || bar.openTime > lastBar.openTime) bars.push(bar);
  }
  if (bars.length > MINUTE_BARS_MAX) bars.splice(0, bars.length - MINUTE_BARS_MAX);
}

/** The owner's minute bars that trades at or after `since` touched. */
export function barsSince(minuteBars: readonly Bar[], since: number): Bar[] {
  const from = Math.floor(since / 60_000) * 60_000;
  const out: Bar[] = [];
  for (let i = minuteBars.length - 1; i >= 0 && minuteBars[i]!.openTime >= from; i--)
    out.unshift(minuteBars[i]!);
  return out;
}
