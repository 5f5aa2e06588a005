/**
 * The user-data streams' events of a committed batch: each followed user's executionReports at once,
 * then their spot balances of the batch's currencies (outboundAccountPosition), read once per user and
 * batch, never per client, and one after the other so positions go out in batch order. The hub owns the
 * subscriptions; this only decides what its listen keys' streams receive.
 */
import { formatMinor } from '@oryx/contracts/money';
import type { AppContext } from '../../lib/context';
import { ledger } from '../ledger/service';
import type { SpotMarket } from '../spot/markets';
import type { MarketChange } from '../spot/orders';
import type { ListenKeyStore } from './listen-keys';
import { accountPositionEvent, executionReports } from './user-payloads';

/** What the hub lends: whether a stream has followers, sending to them, and its loaded markets. */
export interface UserFeedOutlet {
  has(stream: string): boolean;
  emit(stream: string, payload: object): void;
  marketOf(marketId: number): SpotMarket | undefined;
}

export class UserFeed {
  /** `I` of the executionReports (per process). */
  private executionId = 0;
  /** The balance reads, one after the other so positions go out in batch order. */
  private positions: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly keys: ListenKeyStore,
    private readonly out: UserFeedOutlet,
  ) {}

  /** The user's live listen keys that someone follows. */
  private userStreams(userId: number): string[] {
    return this.keys.keysOf(userId).filter((k) => this.out.has(k));
  }

  /**
   * Each followed user's executionReports of this batch, at once; then their spot balances of the
   * batch's currencies, read once per user (after the commit: never a half-applied batch).
   */
  onBatch(changes: MarketChange[], now: number): void {
    if (this.keys.size === 0) return;
    const touched = new Map<number, Map<number, { name: string; scale: number }>>();
    const nextId = () => (this.executionId += 1);
    for (const c of changes) {
      const m = this.out.marketOf(c.marketId);
      if (!m) continue;
      for (const o of c.orders) {
        const streams = this.userStreams(o.userId);
        if (streams.length === 0) continue;
        for (const ev of executionReports(m, o, c.newOrderIds.includes(o.id), c.trades, now, nextId))
          for (const s of streams) this.out.emit(s, ev);
        let assets = touched.get(o.userId);
        if (!assets) touched.set(o.userId, (assets = new Map()));
        assets.set(m.currencyId, { name: m.currencyName, scale: m.baseScale });
        assets.set(m.legalId, { name: m.legalName, scale: m.quoteScale });
      }
    }
    for (const [userId, assets] of touched)
      this.positions = this.positions.then(() => this.sendPosition(userId, assets));
  }

  private async sendPosition(
    userId: number,
    assets: Map<number, { name: string; scale: number }>,
  ): Promise<void> {
    try {
      const rows = (await ledger.balances(this.ctx.db, userId)).filter((b) => b.wallet === 'change');
      const streams = this.userStreams(userId);
      if (streams.length === 0) return;
      const B = [...assets].map(([currencyId, c]) => {
        const r = rows.find((b) => b.currencyId === currencyId);
        return {
          a: c.name,
          f: formatMinor(r?.availableMinor ?? 0n, c.scale),
          l: formatMinor(r?.frozenMinor ?? 0n, c.scale),
        };
      });
      const ev = accountPositionEvent(B, this.ctx.clock.now());
      for (const s of streams) this.out.emit(s, ev);
    } catch (err) {
      this.ctx.log.error({ err, userId }, 'user data stream: reading the balances failed');
    }
  }
}
