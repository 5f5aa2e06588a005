/**
 * Pushes to the owner's room after a commit: `lever_closed` with the ids of orders that closed or were
 * revoked (at once, every time), and `lever_trade` with the user's open positions (`trades_all`, a JSON
 * string as clients parse it), pending orders (`trades_entrust`), the risk rate and P/L of the quote
 * currency.
 *
 * `lever_trade` is throttled per user and quote currency: at most one every LEVER_TRADE_THROTTLE_MS. A
 * change outside the window is pushed at once; changes inside it schedule one push at the window's end,
 * whose body is built then (last state wins: it carries everything that changed meanwhile). Bodies come
 * from the in-memory index (book.ts). A failed push is logged and never undoes the committed change.
 */
import type { AppContext } from '../../lib/context';
import type { Timer } from '../../lib/clock';
import { pushBody, snapshotOfAll, type Snapshot } from './reads';
import type { LeverOrder } from './repo';

export const LEVER_TRADE_THROTTLE_MS = 250;

interface Slot {
  userId: number;
  legalId: number;
  /** When the last push of this slot went out (-Infinity: never). */
  lastAt: number;
  /** The push due at the window's end, if one is. */
  timer: Timer | null;
  /** The last send, so sends of one slot never overtake one another. */
  sending: Promise<void>;
}

/** The throttled pushes of one app (`ctx.services.lever.pushes`); `stop` ends their timers. */
export class LeverPusher {
  private readonly slots = new Map<string, Slot>();
  private isStopped = false;

  constructor(private readonly ctx: AppContext) {}

  closed(userId: number, ids: number[]): void {
    if (ids.length > 0) this.ctx.realtime.toUser(userId, 'lever_closed', { type: 'lever_closed', id: ids });
  }

  /**
   * Pushes `lever_trade` now (resolving once sent) or once at the end of the running window. `shared`:
   * the batch's snapshot of terms and marks, for a push sent now.
   */
  trade(userId: number, legalId: number, shared?: Snapshot): Promise<void> {
    const key = `${userId}:${legalId}`;
    let slot = this.slots.get(key);
    if (!slot) {
      this.prune();
      slot = { userId, legalId, lastAt: -Infinity, timer: null, sending: Promise.resolve() };
      this.slots.set(key, slot);
    }
    if (this.isStopped) return Promise.resolve();
    if (slot.timer) return Promise.resolve(); // the push due at the window's end carries this change
    const wait = slot.lastAt + LEVER_TRADE_THROTTLE_MS - this.ctx.clock.now();
    if (wait <= 0) return this.send(slot, shared);
    const s = slot;
    s.timer = this.ctx.clock.setTimeout(() => {
      s.timer = null;
      void this.send(s);
    }, wait);
    return Promise.resolve();
  }

  private send(slot: Slot, shared?: Snapshot): Promise<void> {
    slot.lastAt = this.ctx.clock.now();
    slot.sending = slot.sending.then(async () => {
      try {
        const body = await pushBody(this.ctx, slot.userId, slot.legalId, shared);
        this.ctx.realtime.toUser(slot.userId, 'lever_trade', body);
      } catch (err) {
        this.ctx.log.error({ err }, 'lever: push failed');
      }
    });
    return slot.sending;
  }

  /** The app is closing: pushes due later are dropped; waits for those under way. */
  async stop(): Promise<void> {
    this.isStopped = true;
    for (const s of this.slots.values()) s.timer?.clear();
    await Promise.all([...this.slots.values()].map((s) => s.sending));
  }

  /** Forgets idle slots once there are many (their window is over: the next push goes at once anyway). */
  private prune(): void {
    if (this.slots.size < 10_000) return;
    const old = this.ctx.clock.now() - LEVER_TRADE_THROTTLE_MS;
    for (const [key, s] of this.slots) if (!s.timer && s.lastAt < old) this.slots.delete(key);
  }
}

/** After one user's change in one quote currency: `lever_closed` (when ids closed) and `lever_trade`. */
export async function pushChanges(
  ctx: AppContext,
  userId: number,
  legalId: number,
  closedIds: number[],
  shared?: Snapshot,
) {
  const pushes = ctx.services.lever.pushes;
  pushes.closed(userId, closedIds);
  await pushes.trade(userId, legalId, shared);
}

/** After a batch (the risk loop's tick, a batch close): one of each push per user and quote currency. */
export async function pushAfter(ctx: AppContext, closed: LeverOrder[], changed: LeverOrder[] = []) {
  const owners = new Map<string, { userId: number; legalId: number; ids: number[] }>();
  const owner = (o: LeverOrder) => {
    const key = `${o.user_id}:${o.legal_id}`;
    let x = owners.get(key);
    if (!x) owners.set(key, (x = { userId: o.user_id, legalId: o.legal_id, ids: [] }));
    return x;
  };
  for (const o of closed) owner(o).ids.push(o.id);
  for (const o of changed) owner(o);
  if (owners.size === 0) return;
  // Terms and marks read once for all of them (a push built later, at its window's end, reads its own).
  let shared: Snapshot | undefined;
  try {
    shared = await snapshotOfAll(ctx);
  } catch (err) {
    ctx.log.error({ err }, 'lever: push snapshot failed');
  }
  for (const x of owners.values()) await pushChanges(ctx, x.userId, x.legalId, x.ids, shared);
}
