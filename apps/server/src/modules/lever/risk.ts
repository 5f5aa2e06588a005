/**
 * The risk loop: every tick, every pending order and open position is evaluated against the mark now
 * (rules.ts `evaluate`, pure): users whose risk rate in a quote currency is at or below the level are
 * liquidated (every open position of that currency closed at the mark), take-profits and stop-losses
 * fire, limit orders whose price the mark reached open. Background work on the clock's timer; tests call
 * `evaluateLever` with their manual clock. Each action runs in its own transaction and re-checks the
 * order's status there, so a user's close racing the loop closes once.
 */
import type { AppContext } from '../../lib/context';
import { runInTransaction } from '../../db/transaction';
import { ledger, userAccount } from '../ledger/service';
import { recordMark, type MarkPoint } from '../mark/service';
import { markPriceSource } from '../micro/price-source';
import { leverTerms } from './config';
import { closePosition, type CloseReason } from './positions';
import { ensureOvernightJob } from './overnight';
import { pushChanges } from './push';
import { leverRepo, type LeverOrder } from './repo';
import { evaluate, type EvalOrder, type LeverType } from './rules';

export const RISK_TICK_MS = 1_000;

const toEval = (o: LeverOrder): EvalOrder => ({
  id: o.id,
  userId: o.user_id,
  marketId: o.market_id,
  legalId: o.legal_id,
  type: o.type as LeverType,
  status: o.status,
  numberMinor: o.number_minor,
  originPriceMinor: o.origin_price_minor,
  priceMinor: o.price_minor,
  marginMinor: o.margin_minor,
  tpMinor: o.target_profit_minor,
  slMinor: o.stop_loss_minor,
});

/** Evaluates every live order at `atMs` and applies what the marks trigger; returns what it did. */
export async function evaluateLever(ctx: AppContext, atMs: number) {
  const live = await leverRepo.live(ctx.db);
  if (live.length === 0) return { liquidated: 0, stopped: 0, opened: 0 };
  const terms = new Map((await leverTerms(ctx.db)).map((t) => [t.marketId, t]));
  const points = new Map<number, MarkPoint>();
  for (const id of new Set(live.map((o) => o.market_id))) {
    const p = await markPriceSource(ctx).markAt(ctx.db, id, atMs);
    if (p.method !== 'none') points.set(id, p);
  }
  const balances = new Map<string, bigint>();
  for (const key of new Set(live.filter((o) => o.status === 1).map((o) => `${o.user_id}:${o.legal_id}`))) {
    const [userId, legalId] = key.split(':').map(Number) as [number, number];
    balances.set(key, (await ledger.balance(ctx.db, userAccount(userId, 'lever'), legalId)).availableMinor);
  }
  const decision = evaluate({
    orders: live.map(toEval),
    marks: new Map([...points].map(([id, p]) => [id, p.priceMinor])),
    baseScales: new Map([...terms].map(([id, t]) => [id, t.baseScale])),
    levels: new Map([...terms].map(([id, t]) => [id, t.liquidationRateBps])),
    balances,
  });
  const byId = new Map(live.map((o) => [o.id, o]));
  const apply = { ctx, atMs, points, baseScales: new Map([...terms].map(([id, t]) => [id, t.baseScale])) };
  for (const l of decision.liquidate) {
    const targets = live.filter((o) => o.status === 1 && o.user_id === l.userId && o.legal_id === l.legalId);
    await closeAt(apply, targets, 'liquidation');
  }
  for (const s of decision.stops) await closeAt(apply, [byId.get(s.id)!], s.reason);
  for (const id of decision.open) await openPending(apply, byId.get(id)!);
  return {
    liquidated: decision.liquidate.length,
    stopped: decision.stops.length,
    opened: decision.open.length,
  };
}

interface Apply {
  ctx: AppContext;
  atMs: number;
  points: Map<number, MarkPoint>;
  baseScales: Map<number, number>;
}

/** Closes positions at the evaluated marks; profits first, so a loss can be paid from them. */
async function closeAt(a: Apply, orders: LeverOrder[], reason: CloseReason): Promise<void> {
  const closed: number[] = [];
  await runInTransaction(a.ctx.db, async (trx) => {
    closed.length = 0;
    const items = [];
    for (const o of orders) {
      const mark = await recordMark(trx, a.points.get(o.market_id)!, a.atMs);
      const sign = o.type === 1 ? mark.priceMinor - o.price_minor : o.price_minor - mark.priceMinor;
      items.push({ o, mark, sign });
    }
    items.sort((x, y) => (x.sign > y.sign ? -1 : x.sign < y.sign ? 1 : 0));
    for (const { o, mark } of items) {
      const baseScale = a.baseScales.get(o.market_id) ?? 8;
      const pnl = await closePosition(trx, o, {
        markMinor: mark.priceMinor,
        markId: mark.id,
        baseScale,
        reason,
        at: a.atMs,
      });
      if (pnl !== null) closed.push(o.id);
    }
  });
  if (orders[0]) await pushChanges(a.ctx, orders[0].user_id, orders[0].legal_id, closed);
}

/** A limit order the mark reached becomes an open position (its margin and fee were taken at submission). */
async function openPending(a: Apply, o: LeverOrder): Promise<void> {
  const ok = await runInTransaction(a.ctx.db, async (trx) => {
    const mark = await recordMark(trx, a.points.get(o.market_id)!, a.atMs);
    await ensureOvernightJob(trx, a.atMs);
    return leverRepo.transition(trx, o.id, 0, { status: 1, opened_at: a.atMs, open_mark_id: mark.id });
  });
  if (ok) await pushChanges(a.ctx, o.user_id, o.legal_id, []);
}

/** lever's background work (module.ts): evaluates on the clock's timer until stopped. */
export async function startRiskLoop(ctx: AppContext): Promise<() => Promise<void>> {
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();
  const timer = ctx.clock.setInterval(() => {
    if (isStopped) return;
    running = running.then(async () => {
      if (isStopped) return;
      try {
        await evaluateLever(ctx, ctx.clock.now());
      } catch (err) {
        ctx.log.error({ err }, 'lever: risk evaluation failed');
      }
    });
  }, RISK_TICK_MS);
  return async () => {
    isStopped = true;
    timer.clear();
    await running;
  };
}
