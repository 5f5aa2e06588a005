/**
 * Several server processes on one PostgreSQL and one Redis, each market matched by exactly one of them
 * (docs/scale-out.md). Every `SPOT_CLAIM_MS` each process that may own markets (`SPOT_OWNER=auto`):
 *
 * - says it is alive (a sorted set of owners and their last beat, `spot:owners`); an owner silent for
 *   2.5 beats counts as gone;
 * - works out its fair share, ceil(markets / live owners), and takes ownerless markets up to it (the
 *   market's advisory lock, market-locks.ts), or gives one market up when it holds more (a process that
 *   joined takes it). Taking a market: fresh id blocks, its book rebuilt from the database, the commands
 *   a dead owner left in its stream applied first (routing.ts), then its new commands;
 * - publishes the view of each market it owns (market-feed.ts).
 *
 * A process that dies (kill -9 included) loses its locks with its database session at once; the others
 * take its markets within a beat or two of its last, rebuild the books and the lever index from the
 * database and go on. Commands on their way wait in the markets' streams.
 */
import type { AppContext } from '../../lib/context';
import { MarketLocks } from './market-locks';
import { MarketFeed } from './market-feed';
import type { Command, CommandResult } from './orders';
import { CommandStreams } from './routing';
import type { GroupCommitter } from './committer';
import type { SpotPublisher } from './events';
import type { SpotMarket } from './markets';

/** What the cluster needs of the spot engine (service.ts's SpotService). */
export interface ClusteredEngine {
  readonly committer: GroupCommitter;
  readonly publisher: SpotPublisher;
  allMarkets(): SpotMarket[];
  owns(marketId: number): boolean;
  ownedMarkets(): number[];
  adoptMarket(marketId: number): Promise<void>;
  giveUpMarket(marketId: number): Promise<void>;
}

/** An owner silent for this many beats counts as gone. */
const BEATS_TO_GONE = 2.5;

export class SpotCluster {
  private readonly locks: MarketLocks;
  readonly streams: CommandStreams;
  readonly feed: MarketFeed;
  private timer: NodeJS.Timeout | null = null;
  private tickRunning: Promise<void> = Promise.resolve();
  private isStopped = false;
  /** The live owners seen at the last beat (their process ids). */
  owners: string[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly engine: ClusteredEngine,
  ) {
    this.locks = new MarketLocks(ctx);
    this.streams = new CommandStreams(ctx, (cmd) => this.engine.committer.submit(cmd));
    this.feed = new MarketFeed(
      ctx,
      (id) => engine.owns(id),
      (id, depth) => engine.publisher.depth.set(id, depth),
    );
    engine.publisher.onPushed = (mb, depth) => this.feed.publish(mb, depth);
  }

  private get isOwner(): boolean {
    return this.ctx.env.SPOT_OWNER === 'auto';
  }

  private get ownersKey(): string {
    return this.ctx.services.cluster.bus.key('spot:owners');
  }

  async start(): Promise<void> {
    this.locks.onLost = (err) => {
      this.ctx.log.error({ err: err.message }, 'spot: lost the market locks (database connection gone)');
      void this.enqueue(() => this.giveUpAll(false));
    };
    if (this.isOwner) await this.locks.connect();
    this.streams.start();
    await this.feed.start(this.engine.allMarkets().map((m) => m.id));
    if (!this.isOwner) return;
    await this.enqueue(() => this.beat());
    this.timer = setInterval(() => void this.enqueue(() => this.beat()), this.ctx.env.SPOT_CLAIM_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.tickRunning;
    if (this.isOwner) {
      await this.ctx.services.cluster.bus.redis?.zrem(
        this.ownersKey,
        this.ctx.services.cluster.bus.processId,
      );
      await this.giveUpAll(true);
    }
    await this.streams.stop();
    this.feed.stop();
    await this.locks.close();
  }

  /** A command for a market this process does not own: to its owner. */
  send(marketId: number, cmd: Command): Promise<CommandResult> {
    return this.streams.send(marketId, cmd);
  }

  /** The markets this process holds. */
  held(): number[] {
    return [...this.locks.held].sort((a, b) => a - b);
  }

  /** One beat at a time (a beat's work may outlast the interval). */
  private enqueue(work: () => Promise<void>): Promise<void> {
    this.tickRunning = this.tickRunning.then(async () => {
      if (this.isStopped) return;
      try {
        await work();
      } catch (err) {
        this.ctx.log.warn({ err: (err as Error).message }, 'spot: an ownership beat failed');
      }
    });
    return this.tickRunning;
  }

  private async beat(): Promise<void> {
    const bus = this.ctx.services.cluster.bus;
    const redis = bus.redis!;
    if (!this.locks.isConnected) await this.locks.connect();
    const now = Date.now();
    const goneBefore = now - Math.round(this.ctx.env.SPOT_CLAIM_MS * BEATS_TO_GONE);
    const res = await redis
      .multi()
      .zadd(this.ownersKey, now, bus.processId)
      .zremrangebyscore(this.ownersKey, '-inf', goneBefore)
      .zrange(this.ownersKey, 0, -1)
      .exec();
    this.owners = ((res?.[2]?.[1] as string[] | undefined) ?? [bus.processId]).sort();
    const markets = this.engine.allMarkets();
    const share = Math.ceil(markets.length / Math.max(1, this.owners.length));
    const held = this.locks.held;
    if (held.size > share) {
      const id = Math.max(...held);
      this.ctx.log.info({ marketId: id, share }, 'spot: giving a market up to another process');
      await this.giveUp(id, true);
    } else if (held.size < share) {
      // Each process starts looking at its own place in the list, so they do not all ask for the same lock.
      const start = Math.max(0, this.owners.indexOf(bus.processId)) * share;
      for (let i = 0; i < markets.length && held.size < share; i++) {
        const m = markets[(start + i) % markets.length]!;
        if (held.has(m.id) || !(await this.locks.tryLock(m.id))) continue;
        try {
          await this.take(m.id);
        } catch (err) {
          this.ctx.log.error({ err, marketId: m.id }, 'spot: taking a market failed; giving it back');
          await this.engine.giveUpMarket(m.id);
          await this.locks.unlock(m.id);
        }
      }
    }
    for (const id of held) {
      const mb = this.engine.committer.book(id);
      const depth = this.engine.publisher.depth.get(id);
      if (mb && depth) this.feed.publish(mb, depth);
    }
  }

  private async take(marketId: number): Promise<void> {
    const started = Date.now();
    await this.engine.adoptMarket(marketId);
    await this.streams.adopt(marketId);
    const mb = this.engine.committer.book(marketId);
    const depth = this.engine.publisher.depth.get(marketId);
    if (mb && depth) this.feed.publish(mb, depth);
    this.ctx.log.info({ marketId, ms: Date.now() - started }, 'spot: this process now owns the market');
  }

  private async giveUp(marketId: number, unlock: boolean): Promise<void> {
    await this.streams.release(marketId);
    await this.engine.giveUpMarket(marketId);
    if (unlock) await this.locks.unlock(marketId);
  }

  private async giveUpAll(unlock: boolean): Promise<void> {
    const ids = new Set([...this.locks.held, ...this.engine.ownedMarkets()]);
    for (const id of ids) await this.giveUp(id, unlock);
  }
}
