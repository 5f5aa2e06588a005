/**
 * Binance's request limits: request weight per client address per minute (`X-MBX-USED-WEIGHT-1M`,
 * `BINANCE_WEIGHT_PER_MINUTE`) and new orders per API key per 10 seconds and per day
 * (`X-MBX-ORDER-COUNT-10S` / `-1D`). Windows start on the clock's minute, 10 seconds and UTC day, as
 * Binance's do. Kept in memory per app (`ctx.services.binance.limits`): with several processes each
 * counts its own requests.
 */
export interface WindowCount {
  used: number;
  /** Seconds until the window ends (Retry-After). */
  retryAfterS: number;
}

const WINDOWS_MAX = 100_000;

class FixedWindows {
  private readonly counts = new Map<string, { start: number; used: number }>();
  constructor(private readonly lengthMs: number) {}

  /** Adds `n` to `who`'s current window unless that passes `limit`; what is used, and whether it fit. */
  take(who: string, n: number, limit: number, now: number): WindowCount & { isOver: boolean } {
    const start = now - (now % this.lengthMs);
    let c = this.counts.get(who);
    if (!c || c.start !== start) {
      if (this.counts.size >= WINDOWS_MAX) this.sweep(start);
      c = { start, used: 0 };
      this.counts.set(who, c);
    }
    const retryAfterS = Math.max(1, Math.ceil((start + this.lengthMs - now) / 1000));
    if (c.used + n > limit) return { used: c.used, retryAfterS, isOver: true };
    c.used += n;
    return { used: c.used, retryAfterS, isOver: false };
  }

  private sweep(start: number): void {
    for (const [k, v] of this.counts) if (v.start !== start) this.counts.delete(k);
  }
}

export class BinanceLimits {
  readonly weight = new FixedWindows(60_000);
  readonly orders10s = new FixedWindows(10_000);
  readonly ordersDay = new FixedWindows(86_400_000);
}
