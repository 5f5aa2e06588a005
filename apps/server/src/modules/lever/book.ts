/**
 * The in-memory index of live lever orders (pending limit orders and open positions), one per app (`ctx.services.lever.book`): what
 * the risk loop evaluates every tick and what the `lever_trade` push lists, without reading the table.
 *
 * - Loaded from `lever_orders` on first use (so after a restart it is rebuilt from the database).
 * - Kept current by every writer of the table, after its transaction commits: `put` a row that is (or
 *   became) live, `drop` one that closed or was revoked. Changes arriving while a load is under way are
 *   queued and applied after it, in order, so none is lost or undone by the load.
 * - `invalidate()` makes the next use reload (the overnight job, which edits margins of many rows).
 *   Code that writes `lever_orders` outside the lever services (the benchmark's direct seed) calls it.
 * - With several server processes (index-bus.ts), every `put` / `drop` / `invalidateEverywhere` of this
 *   process's writers is told to `onWrite`, which publishes it; what the others wrote comes back through
 *   `learn` (their row as committed, re-read from the table) and applies here only.
 *
 * The database stays the truth: every action the index triggers re-reads its rows, locked, inside its
 * transaction and acts only on those still in the expected status.
 */
import type { Db } from '../../db/connection';
import type { LeverOrder } from './repo';
import type { EvalOrder, LeverType } from './rules';
import { leverRepo } from './repo';

export interface Entry {
  row: LeverOrder;
  ev: EvalOrder;
}

type Change = { kind: 'put'; row: LeverOrder } | { kind: 'drop'; id: number };

/** What this process's writers changed, as the other processes hear of it (index-bus.ts). */
export type IndexWrite = { kind: 'put' | 'drop'; id: number } | { kind: 'reload' };

const evalOf = (o: LeverOrder): EvalOrder => ({
  id: o.id,
  userId: o.user_id,
  marketId: o.market_id,
  legalId: o.legal_id,
  key: `${o.user_id}:${o.legal_id}`,
  type: o.type as LeverType,
  status: o.status,
  numberMinor: o.number_minor,
  originPriceMinor: o.origin_price_minor,
  priceMinor: o.price_minor,
  marginMinor: o.margin_minor,
  tpMinor: o.target_profit_minor,
  slMinor: o.stop_loss_minor,
  levelBps: o.liquidation_rate_bps,
});

const isLive = (o: LeverOrder) => o.status === 0 || o.status === 1;

export class LeverBook {
  private readonly byId = new Map<number, Entry>();
  /** Entries per `${userId}:${legalId}`, for the pushes. */
  private readonly byOwner = new Map<string, Map<number, Entry>>();
  private loading: Promise<void> | null = null;
  private isLoaded = false;
  /** Bumped by `invalidate`: a load that started before it does not count as fresh. */
  private generation = 0;
  private queued: Change[] | null = null;
  /** Told of every change this process's writers make, after their commit (index-bus.ts publishes it). */
  onWrite: ((w: IndexWrite) => void) | null = null;

  constructor(private readonly db: Db) {}

  /** Loads the index if it is not loaded (first use, or after `invalidate`). */
  async ready(): Promise<void> {
    while (!this.isLoaded) {
      this.loading ??= this.load();
      await this.loading;
    }
  }

  private async load(): Promise<void> {
    const generation = this.generation;
    this.queued = [];
    try {
      const rows = await leverRepo.allLive(this.db);
      this.byId.clear();
      this.byOwner.clear();
      for (const row of rows) this.apply({ kind: 'put', row });
      for (const c of this.queued) this.apply(c);
      this.isLoaded = generation === this.generation;
    } finally {
      this.queued = null;
      this.loading = null;
    }
  }

  /** The next use reloads from the database. */
  invalidate(): void {
    this.generation++;
    this.isLoaded = false;
  }

  /**
   * After a commit that changed many rows in place (the overnight job): the next use reloads, here and
   * in every other process of the cluster.
   */
  invalidateEverywhere(): void {
    this.invalidate();
    this.onWrite?.({ kind: 'reload' });
  }

  /** After a commit: the order's current row (dropped from the index when it is no longer live). */
  put(row: LeverOrder): void {
    this.change({ kind: 'put', row });
    this.onWrite?.({ kind: 'put', id: row.id });
  }

  /** After a commit: the order closed or was revoked. */
  drop(id: number): void {
    this.change({ kind: 'drop', id });
    this.onWrite?.({ kind: 'drop', id });
  }

  /** What another process committed (its row as re-read from the table, or its id gone): here only. */
  learn(c: Change): void {
    this.change(c);
  }

  /** Whether changes are taken now (loaded, or a load under way); if not, the next load reads them. */
  get isTakingChanges(): boolean {
    return this.isLoaded || this.queued !== null;
  }

  private change(c: Change): void {
    if (this.queued) this.queued.push(c);
    else if (this.isLoaded) this.apply(c);
  }

  private apply(c: Change): void {
    const id = c.kind === 'put' ? c.row.id : c.id;
    const old = this.byId.get(id);
    if (old) {
      this.byId.delete(id);
      this.byOwner.get(old.ev.key!)?.delete(id);
    }
    if (c.kind === 'drop' || !isLive(c.row)) return;
    const e = { row: c.row, ev: evalOf(c.row) };
    this.byId.set(id, e);
    let owner = this.byOwner.get(e.ev.key!);
    if (!owner) this.byOwner.set(e.ev.key!, (owner = new Map()));
    owner.set(id, e);
  }

  get size(): number {
    return this.byId.size;
  }

  entries(): IterableIterator<Entry> {
    return this.byId.values();
  }

  get(id: number): Entry | undefined {
    return this.byId.get(id);
  }

  /** A user's live orders in one quote currency, newest first. */
  ofOwner(userId: number, legalId: number): LeverOrder[] {
    const owner = this.byOwner.get(`${userId}:${legalId}`);
    if (!owner) return [];
    return [...owner.values()].map((e) => e.row).sort((a, b) => b.id - a.id);
  }
}
