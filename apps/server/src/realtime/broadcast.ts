import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** An event for every socket of every process, as emitted: its name and its payload. */
export type MarketEmit = readonly [event: string, payload: unknown];

/**
 * Market events for every socket of every process, a burst per Redis message.
 *
 * A market's push is a burst of emits in one turn of the event loop (depth, trades, a bar per period,
 * the 24 h summary). Through the socket.io Redis adapter each emit was a message of its own, and each
 * arrived at the other processes as a broadcast of its own: a write to every socket per event, where the
 * process that emitted it writes the burst's events to a socket together (Engine.IO buffers what is
 * emitted while a write is under way). Here the emitting process writes to its own sockets at once and
 * gathers the turn's emits into one message; every other process emits the whole burst to its sockets
 * in one turn, so its sockets get the burst as the emitting process's do. Payloads and their order are
 * unchanged. Per-user and per-session events still go through the adapter (their rooms span processes).
 */
export class BurstBroadcast {
  private readonly origin = randomUUID();
  private pending: MarketEmit[] = [];

  constructor(
    private readonly pub: Redis,
    private readonly channel: string,
    private readonly emitLocal: (event: string, payload: unknown) => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Listens on `sub` (a connection in subscriber mode; messages of other channels are left alone). */
  async listen(sub: Redis): Promise<void> {
    sub.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      try {
        const { origin, events } = JSON.parse(text) as { origin: string; events: MarketEmit[] };
        if (origin === this.origin) return;
        for (const [event, payload] of events) this.emitLocal(event, payload);
      } catch (err) {
        this.onError(err);
      }
    });
    await sub.subscribe(this.channel);
  }

  emit(event: string, payload: unknown): void {
    this.emitLocal(event, payload);
    if (this.pending.push([event, payload]) === 1) queueMicrotask(() => this.flush());
  }

  /**
   * Publishes what this turn gathered now. Called before anything else is published through the adapter
   * (a user's event, a session's end), so other processes receive them in the order they were sent.
   */
  flush(): void {
    if (this.pending.length === 0) return;
    const events = this.pending;
    this.pending = [];
    this.pub
      .publish(this.channel, JSON.stringify({ origin: this.origin, events }))
      .catch((err: unknown) => this.onError(err));
  }
}
