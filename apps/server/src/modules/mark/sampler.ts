/**
 * The book sampler: every market's committed book (the spot publisher's depth, DEPTH_LEVELS = 20 levels a
 * side, refreshed after each commit, so a snapshot never sees a half-applied batch) recorded at fixed intervals into
 * `mark_book_snapshots`. The mark reads only these rows and the spot trades, so any past mark can be
 * recomputed from the database.
 *
 * `sampleBooks(ctx, atMs)` takes one snapshot of each market that is due (tests call it with their
 * manual clock); `startMarkSampler(ctx)` calls it on a timer in production. A market whose spot engine
 * is not loaded has no snapshot: its mark falls back as rule.ts says.
 *
 * Only the markets this process owns (`spot.engine.owns`) are sampled: their committed book is here, and
 * with several server processes each market has one owner, so one sampler records it. Every process
 * reads the mark from the rows, whoever wrote them.
 */
import type { AppContext } from '../../lib/context';
import { snapshotValues } from './book';
import { markConfig, type MarkConfig } from './config';
import { markRepo } from './repo';

/** The sampler's timer. Each market is sampled when its own sample_ms has passed. */
export const SAMPLER_TICK_MS = 250;
/** Snapshots are kept this long; every mark that decided money keeps its own inputs (mark_prices). */
export const SNAPSHOT_RETENTION_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 60_000;
const PRUNE_MAX_ROWS = 20_000;

/** What the sampler remembers between ticks, per app (`ctx.services.mark.sampler`). */
export interface SamplerState {
  lastAt: Map<number, number>;
  configs: Map<number, { config: MarkConfig; readAt: number }>;
  lastPruneAt: number;
  /** When each market's latest snapshot was written (after its insert committed). */
  recordedAt: Map<number, number>;
  /** Whether the sampler's timer runs in this process (the mark's readiness needs it). */
  isRunning: boolean;
}
/** Settings are re-read at most this often (an operator's change applies within it). */
const CONFIG_TTL_MS = 10_000;

export const newSamplerState = (): SamplerState => ({
  lastAt: new Map(),
  configs: new Map(),
  lastPruneAt: 0,
  recordedAt: new Map(),
  isRunning: false,
});

/**
 * Records one snapshot of every open market this process owns whose sample interval has passed; returns
 * how many.
 */
export async function sampleBooks(ctx: AppContext, atMs: number): Promise<number> {
  const spot = ctx.services.spot.engine;
  const st = ctx.services.mark.sampler;
  const rows: Parameters<typeof markRepo.insertSnapshots>[1] = [];
  for (const m of spot.allMarkets()) {
    if (!m.isOpen || !spot.owns(m.id)) continue;
    let c = st.configs.get(m.id);
    if (!c || atMs - c.readAt > CONFIG_TTL_MS || atMs < c.readAt) {
      c = { config: await markConfig(ctx.db, m.id), readAt: atMs };
      st.configs.set(m.id, c);
    }
    const last = st.lastAt.get(m.id);
    if (last !== undefined && atMs - last < c.config.sampleMs && atMs >= last) continue;
    const depth = spot.publisher.depth.get(m.id) ?? { bids: [], asks: [] };
    const v = snapshotValues(depth, m.rules, c.config.impactQuoteMinor, c.config.bandBps, m.rules.priceTick);
    rows.push({ marketId: m.id, atMs, v });
    st.lastAt.set(m.id, atMs);
  }
  await markRepo.insertSnapshots(ctx.db, rows);
  for (const r of rows) st.recordedAt.set(r.marketId, atMs);
  if (atMs - st.lastPruneAt >= PRUNE_EVERY_MS) {
    st.lastPruneAt = atMs;
    await markRepo.pruneSnapshots(ctx.db, atMs - SNAPSHOT_RETENTION_MS, PRUNE_MAX_ROWS);
  }
  return rows.length;
}

/** mark's background work (module.ts): samples on the clock's timer until stopped. */
export async function startMarkSampler(ctx: AppContext): Promise<() => Promise<void>> {
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();
  const timer = ctx.clock.setInterval(() => {
    if (isStopped) return;
    running = running.then(async () => {
      if (isStopped) return;
      try {
        await sampleBooks(ctx, ctx.clock.now());
      } catch (err) {
        ctx.log.error({ err }, 'mark: book sampling failed');
      }
    });
  }, SAMPLER_TICK_MS);
  ctx.services.mark.sampler.isRunning = true;
  return async () => {
    isStopped = true;
    ctx.services.mark.sampler.isRunning = false;
    timer.clear();
    await running;
  };
}
