/**
 * The risk loop: every tick, every pending order and open position is evaluated against the mark now
 * (rules.ts, pure) from the in-memory index (book.ts), never by reading the table: users whose risk rate
 * in a quote currency is at or below the level are liquidated (every open position of that currency
 * closed at the mark), take-profits and stop-losses fire, limit orders whose price the mark reached open.
 * Only users who could be at their level with nothing free have their lever balance read.
 *
 * What a tick triggers is applied in batches (close-batch.ts: one transaction per 2,000 positions, the
 * rows re-read and locked there, so a user's close racing the loop closes once), then each affected
 * user gets one `lever_closed` and one `lever_trade` (push.ts). Background work on the clock's timer;
 * tests call `evaluateLever` with their manual clock.
 *
 * Only the markets this process owns (`spot.engine.owns`, every loaded market in the embedded shape)
 * are acted on (`shareOf`): with several server processes each market's owner evaluates it, once.
 */
import type { AppContext } from '../../lib/context';
import type { LeverBook } from './book';
import { runInTransaction } from '../../db/transaction';
import { ledger, userAccount } from '../ledger/service';
import { recordMark, type MarkPoint } from '../mark/service';
import { closeManyResilient, type CloseTarget } from './close-batch';
import { leverTerms } from './config';
import { ensureOvernightJob } from './overnight';
import { pushAfter } from './push';
import { leverRepo, type LeverOrder } from './repo';
import { decide, liquidationCandidates, riskGroups, type EvalInput, type EvalOrder } from './rules';

export const RISK_TICK_MS = 1_000;
/**
 * The loop reloads the index from the table this often: what another process or an operator's script
 * wrote to `lever_orders` is seen within it (this process's own writes are in the index at once).
 */
export const INDEX_RELOAD_MS = 60_000;

/** The marks now of the markets in `marketIds` (a market without one is left out). */
async function marksOf(ctx: AppContext, marketIds: Set<number>, atMs: number) {
  const points = new Map<number, MarkPoint>();
  for (const id of marketIds) {
    const p = await ctx.services.mark.prices.markAt(ctx.db, id, atMs);
    if (p.method !== 'none') points.set(id, p);
  }
  return points;
}

/** What this process evaluates in a tick, and what of it it acts on. */
interface Share {
  orders: EvalOrder[];
  marketIds: Set<number>;
  /** Whether this process fires the order's stops or opens it (it owns its market). */
  actsOn(orderId: number): boolean;
  /** Whether this process liquidates the group (user and quote currency) when it is at its level. */
  leads(key: string): boolean;
}

const keyOf = (o: EvalOrder) => o.key ?? `${o.userId}:${o.legalId}`;

/**
 * This process's share of the index. Owning every indexed market (one process): all of it. Otherwise
 * the groups (user and quote currency) with an order on a market owned here, each group whole, since
 * its risk counts all its positions whatever their market (every mark is read from the table). Stops
 * and limit orders are acted on for owned markets only; a group at its level is liquidated, all its
 * markets at once, by the owner of the lowest market id among its open positions, so by one process.
 */
function shareOf(ctx: AppContext, book: LeverBook): Share {
  const engine = ctx.services.spot.engine;
  const owned = new Map<number, boolean>();
  const isOwned = (marketId: number) => {
    let is = owned.get(marketId);
    if (is === undefined) owned.set(marketId, (is = engine.owns(marketId)));
    return is;
  };
  const all: EvalOrder[] = [];
  let isAllOwned = true;
  for (const e of book.entries()) {
    all.push(e.ev);
    if (!isOwned(e.ev.marketId)) isAllOwned = false;
  }
  if (isAllOwned) {
    return { orders: all, marketIds: new Set(owned.keys()), actsOn: () => true, leads: () => true };
  }
  const touched = new Set<string>();
  const lead = new Map<string, number>();
  for (const o of all) {
    const key = keyOf(o);
    if (isOwned(o.marketId)) touched.add(key);
    if (o.status === 1 && o.marketId < (lead.get(key) ?? Infinity)) lead.set(key, o.marketId);
  }
  const orders = all.filter((o) => touched.has(keyOf(o)));
  const marketOf = new Map(orders.map((o) => [o.id, o.marketId]));
  return {
    orders,
    marketIds: new Set(marketOf.values()),
    actsOn: (orderId) => isOwned(marketOf.get(orderId)!),
    leads: (key) => {
      const m = lead.get(key);
      return m !== undefined && isOwned(m);
    },
  };
}

/**
 * Evaluates the live orders of this process's share (`shareOf`) at `atMs` and applies what the marks
 * trigger; returns what it did.
 */
export async function evaluateLever(ctx: AppContext, atMs: number) {
  const book = ctx.services.lever.book;
  await book.ready();
  if (book.size === 0) return { liquidated: 0, stopped: 0, opened: 0 };
  const share = shareOf(ctx, book);
  const { orders, marketIds } = share;
  if (orders.length === 0) return { liquidated: 0, stopped: 0, opened: 0 };
  const terms = await leverTerms(ctx.db);
  const points = await marksOf(ctx, marketIds, atMs);
  const baseScales = new Map(terms.map((t) => [t.marketId, t.baseScale]));
  const input: EvalInput = {
    orders,
    marks: new Map([...points].map(([id, p]) => [id, p.priceMinor])),
    baseScales,
    balances: new Map(),
  };
  const groups = riskGroups(input);
  for (const key of liquidationCandidates(groups)) {
    const g = groups.get(key)!;
    input.balances.set(
      key,
      (await ledger.balance(ctx.db, userAccount(g.userId, 'lever'), g.legalId)).availableMinor,
    );
  }
  const decision = decide(input, groups);
  const liquidate = decision.liquidate.filter((l) => share.leads(`${l.userId}:${l.legalId}`));
  const targets: CloseTarget[] = [];
  for (const l of liquidate) {
    for (const o of book.ofOwner(l.userId, l.legalId)) {
      if (o.status === 1) targets.push({ id: o.id, userId: o.user_id, reason: 'liquidation' });
    }
  }
  const stops = decision.stops.filter((s) => share.actsOn(s.id));
  // An order the index no longer holds was closed or revoked meanwhile (balances were read since).
  for (const s of stops) {
    const e = book.get(s.id);
    if (e) targets.push({ id: s.id, userId: e.ev.userId, reason: s.reason });
  }
  const pending = decision.open.filter((id) => share.actsOn(id)).flatMap((id) => book.get(id)?.row ?? []);
  const closed =
    targets.length > 0 ? await closeManyResilient(ctx, targets, { points, baseScales, at: atMs }) : [];
  for (const o of closed) {
    if (o.close_reason !== 'liquidation') continue;
    const market = ctx.services.spot.engine.market(o.market_id)?.symbol ?? String(o.market_id);
    ctx.services.metrics.leverLiquidations.inc({ market });
  }
  const opened = pending.length > 0 ? await openPending(ctx, pending, points, atMs) : [];
  await pushAfter(ctx, closed, opened);
  return { liquidated: liquidate.length, stopped: stops.length, opened: opened.length };
}

/**
 * Limit orders the mark reached become open positions (their margin and fee were taken at submission),
 * all in one transaction; returns the rows that opened.
 */
async function openPending(
  ctx: AppContext,
  orders: LeverOrder[],
  points: Map<number, MarkPoint>,
  atMs: number,
): Promise<LeverOrder[]> {
  const book = ctx.services.lever.book;
  const opened = await runInTransaction(ctx.db, async (trx) => {
    const out: LeverOrder[] = [];
    const marks = new Map<number, number>();
    await ensureOvernightJob(trx, atMs);
    for (const o of orders) {
      let markId = marks.get(o.market_id);
      if (markId === undefined) {
        markId = (await recordMark(trx, points.get(o.market_id)!, atMs)).id;
        marks.set(o.market_id, markId);
      }
      const row = await leverRepo.update(trx, o.id, 0, { status: 1, opened_at: atMs, open_mark_id: markId });
      if (row) out.push(row);
    }
    return out;
  });
  const done = new Set(opened.map((o) => o.id));
  for (const o of orders) if (!done.has(o.id)) book.drop(o.id); // revoked meanwhile
  for (const row of opened) book.put(row);
  return opened;
}

/** lever's background work (module.ts): evaluates on the clock's timer until stopped. */
export async function startRiskLoop(ctx: AppContext): Promise<() => Promise<void>> {
  let isStopped = false;
  let running: Promise<void> | null = null;
  let isDueAgain = false;
  // Loaded now, so the first tick after a start does not wait for it.
  await ctx.services.lever.book.ready();
  let loadedAt = ctx.clock.now();
  // Ticks falling due while one is at work collapse into one run after it (at the time it starts).
  const tick = () => {
    if (isStopped) return;
    if (running) {
      isDueAgain = true;
      return;
    }
    const now = ctx.clock.now();
    if (now - loadedAt >= INDEX_RELOAD_MS) {
      ctx.services.lever.book.invalidate();
      loadedAt = now;
    }
    running = evaluateLever(ctx, now)
      .then(
        () => undefined,
        (err: unknown) => ctx.log.error({ err }, 'lever: risk evaluation failed'),
      )
      .finally(() => {
        running = null;
        if (isDueAgain) {
          isDueAgain = false;
          tick();
        }
      });
  };
  const timer = ctx.clock.setInterval(tick, RISK_TICK_MS);
  return async () => {
    isStopped = true;
    timer.clear();
    while (running) await running;
  };
}
