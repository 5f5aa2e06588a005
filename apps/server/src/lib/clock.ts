/**
 * Time is an input: services read the time and schedule in-process timers through a Clock, so tests
 * drive both instead of sleeping.
 *
 *   const timer = ctx.clock.setTimeout(() => flush(), 200); // or setInterval(fn, ms)
 *   timer.clear();                                          // cancels it; a no-op once it has fired
 *
 * `systemClock` is the real one (Date.now and Node's timers). `ManualClock` stands still until a test
 * moves it; `advance(ms)` / `set(ms)` then run every timer that falls due on the way, in due order.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once, `delayMs` from now (below 1 ms counts as 1 ms, as with Node's timers). */
  setTimeout(fn: () => void, delayMs: number): Timer;
  /** Runs `fn` every `intervalMs` (at least 1 ms) until cleared. */
  setInterval(fn: () => void, intervalMs: number): Timer;
}

/** A scheduled timer. */
export interface Timer {
  /** Cancels it; a no-op when it has already fired (one-shot) or been cleared. */
  clear(): void;
}

const delayOf = (ms: number) => (ms >= 1 ? ms : 1); // NaN counts as 1 too

/**
 * The real clock. Its timers never keep the process alive on their own (they pace pushes and polling;
 * the listening server is what keeps a process up), so a script or test run can always exit.
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, delayMs) {
    const t = setTimeout(fn, delayOf(delayMs));
    t.unref();
    return { clear: () => clearTimeout(t) };
  },
  setInterval(fn, intervalMs) {
    const t = setInterval(fn, delayOf(intervalMs));
    t.unref();
    return { clear: () => clearInterval(t) };
  },
};

interface PendingTimer {
  dueAtMs: number;
  /** Order among timers due at the same time: first scheduled, first run (as Node does). */
  seq: number;
  fn: () => void;
  /** null for a one-shot timer. */
  intervalMs: number | null;
}

/** Timer runs per advance() / set(), so a timer that keeps scheduling a due one cannot hang a test. */
const RUNS_PER_MOVE_MAX = 100_000;

/**
 * A clock that moves only when told to (tests). Timers fire only while `advance` or `set` moves the
 * clock over their due time: each runs with `now()` at its own due time, in due order (then in the order
 * they were scheduled); timers scheduled by a callback fire in the same move if they fall due within it.
 * An error thrown by a callback stops the move there and propagates to the caller.
 */
export class ManualClock implements Clock {
  private readonly timers = new Set<PendingTimer>();
  private seq = 0;

  constructor(private ms: number) {}

  now(): number {
    return this.ms;
  }

  setTimeout(fn: () => void, delayMs: number): Timer {
    return this.add(fn, delayOf(delayMs), null);
  }

  setInterval(fn: () => void, intervalMs: number): Timer {
    const every = delayOf(intervalMs);
    return this.add(fn, every, every);
  }

  /** Timers still to fire (an interval counts until cleared). */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves the clock forward by `ms`, running the timers that fall due. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`ManualClock.advance: ${ms} is not a forward move`);
    this.runUntil(this.ms + ms);
  }

  /**
   * Sets the time. Forward, it is `advance`. Backward (a wall clock set back), no timer fires and each
   * pending one keeps its remaining wait: timers measure elapsed time, not the time of day.
   */
  set(ms: number): void {
    if (ms >= this.ms) return this.runUntil(ms);
    for (const t of this.timers) t.dueAtMs += ms - this.ms;
    this.ms = ms;
  }

  private add(fn: () => void, delayMs: number, intervalMs: number | null): Timer {
    const t: PendingTimer = { dueAtMs: this.ms + delayMs, seq: this.seq++, fn, intervalMs };
    this.timers.add(t);
    return { clear: () => void this.timers.delete(t) };
  }

  private runUntil(targetMs: number): void {
    for (let runs = 0; ; runs++) {
      let next: PendingTimer | undefined;
      for (const t of this.timers) {
        if (t.dueAtMs > targetMs) continue;
        if (!next || t.dueAtMs < next.dueAtMs || (t.dueAtMs === next.dueAtMs && t.seq < next.seq)) next = t;
      }
      if (!next) break;
      if (runs >= RUNS_PER_MOVE_MAX)
        throw new Error(`ManualClock: over ${RUNS_PER_MOVE_MAX} timer runs in one move (a timer loop?)`);
      this.ms = next.dueAtMs;
      // Rescheduled (or dropped) before it runs, so the callback may clear it.
      if (next.intervalMs === null) this.timers.delete(next);
      else {
        next.dueAtMs += next.intervalMs;
        next.seq = this.seq++;
      }
      next.fn();
    }
    this.ms = targetMs;
  }
}
