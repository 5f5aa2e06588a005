/**
 * Settlement of seconds options: the `micro.settle` job, scheduled at submission for exactly
 * opened_at + seconds. It takes the mark price (modules/mark) at the order's EXPIRY time (not the time
 * the job happens to run, so work overdue after a restart settles as it would have on time), records it
 * with its inputs (one mark per market and expiry), applies rules.ts,
 * moves the money through the ledger, closes the order with its proof, and after commit pushes
 * `micro_closed` with the whole order to the owner's room.
 *
 * Idempotent twice over: the scheduler claims the job in the same transaction, and the order only
 * closes from status 1 (a second run finds it closed and does nothing). Nothing here reads a setting:
 * the ratio is the one copied onto the order at submission, the prices are marks. An expiry with nothing
 * recorded at all (method `none`) settles on the open price: a draw, never an error and never a price a
 * bettor chose.
 */
import { invariant } from '../../lib/app-error';
import { recordMark, type MarkPoint } from '../mark/service';
import { LedgerBatch } from '../ledger/batch';
import { systemAccount, userAccount } from '../ledger/service';
import type { Job, JobHandler, JobTx } from '../scheduler/scheduler';
import { notify, type Notice } from '../notifications/service';
import { microRepo, type MicroOrder } from './repo';
import { settle, type MicroType, type Settlement } from './rules';
import { LEDGER_REF_TYPE, loadMeta, orderRow, type Meta } from './service';

interface SettlePayload {
  orderId: number;
}

async function settleOrders(tx: JobTx, jobs: Job<SettlePayload>[]): Promise<void> {
  const { trx, ctx } = tx;
  const ids = jobs.map((j) => Number(j.payload?.orderId)).filter((id) => Number.isSafeInteger(id) && id > 0);
  const orders = await microRepo.openByIds(trx, ids);
  if (orders.length === 0) return;
  const settledAt = tx.nowMs;
  // Orders expiring in the same millisecond on the same market share one mark.
  const marks = new Map<
    string,
    { id: number; priceMinor: bigint; method: string; lastTrade: MarkPoint['lastTrade'] }
  >();
  const source = ctx.services.mark.prices;
  // Every movement of the batch is recorded in memory and written in a few multi-row statements.
  const batch = new LedgerBatch(trx, ctx.dialect, settledAt);
  const closed: MicroOrder[] = [];
  for (const o of orders) {
    const key = `${o.market_id}:${o.expires_at}`;
    let end = marks.get(key);
    if (!end) {
      const point = await source.markAt(trx, o.market_id, o.expires_at);
      const stored = await recordMark(trx, point, settledAt);
      end = { ...stored, method: point.method, lastTrade: point.lastTrade };
      marks.set(key, end);
    }
    // Nothing recorded at all at the expiry: the documented fallback is the open price (a draw).
    const endPriceMinor = end.method === 'none' ? o.open_price_minor : end.priceMinor;
    const s = settle({
      type: o.type as MicroType,
      openPriceMinor: o.open_price_minor,
      endPriceMinor,
      stakeMinor: o.stake_minor,
      ratioBps: o.profit_ratio_bps,
    });
    bookSettlement(batch, o, s, settledAt);
    closed.push({
      ...o,
      status: 3,
      end_price_minor: endPriceMinor,
      end_trade_id: end.lastTrade?.id ?? 0,
      end_trade_at: end.lastTrade?.atMs ?? 0,
      end_mark_id: end.id,
      result: s.result,
      fact_profits_minor: s.factProfitsMinor,
      settled_at: settledAt,
    });
  }
  await closeAll(trx, closed, settledAt);
  await notify(trx, closed.map(settledNotice), settledAt);
  await batch.flush();
  const meta: Meta = await loadMeta(trx);
  tx.afterCommit(() => {
    for (const o of closed) {
      ctx.realtime.toUser(o.user_id, 'micro_closed', {
        type: 'micro_closed',
        data: orderRow(meta, o, settledAt),
      });
    }
  });
}

const RESULT_WORD: Record<number, string> = { 1: 'win', 0: 'draw', [-1]: 'loss' };

/** The owner hears of the settlement (modules/notifications): result and what it paid or took. */
const settledNotice = (o: MicroOrder): Notice => ({
  userId: o.user_id,
  kind: 'micro.settled',
  params: { id: o.id, result: RESULT_WORD[o.result ?? 0] ?? 'draw' },
  money: { currencyId: o.currency_id, minor: o.fact_profits_minor ?? 0n },
  marketId: o.market_id,
});

/** Closes the settled orders in one statement: all of them, or the settlement fails. */
async function closeAll(trx: JobTx['trx'], closed: MicroOrder[], settledAt: number): Promise<void> {
  const changed = await microRepo.closeMany(
    trx,
    closed.map((o) => ({
      id: o.id,
      end_price_minor: o.end_price_minor!,
      end_trade_id: o.end_trade_id!,
      end_trade_at: o.end_trade_at!,
      end_mark_id: o.end_mark_id!,
      result: o.result!,
      fact_profits_minor: o.fact_profits_minor!,
    })),
    settledAt,
  );
  // Read as open a moment ago in this transaction, claimed by this job alone: all must close, or none.
  invariant(changed === closed.length, `settlement closed ${changed} of ${closed.length} orders`);
}

/** One order's money in the batch: the stake back, the stake lost to the house, the house's payout. */
function bookSettlement(batch: LedgerBatch, o: MicroOrder, s: Settlement, settledAt: number): void {
  const account = userAccount(o.user_id, 'micro');
  const m = { currencyId: o.currency_id, ref: { type: LEDGER_REF_TYPE, id: o.id }, at: settledAt };
  if (s.stakeBackMinor > 0n) {
    batch.release({ ...m, account, amountMinor: s.stakeBackMinor, reason: 'micro.stake_return' });
  }
  if (s.stakeLostMinor > 0n) {
    batch.consume({
      ...m,
      from: account,
      to: systemAccount('options_house'),
      amountMinor: s.stakeLostMinor,
      reason: 'micro.loss',
    });
  }
  if (s.profitMinor > 0n) {
    batch.transfer({
      ...m,
      from: systemAccount('options_house'),
      to: account,
      amountMinor: s.profitMinor,
      reason: 'micro.payout',
    });
  }
}

/** The `micro.settle` handler (SETTLE_JOB), in the micro module's `jobs`. */
export const settleJob: JobHandler<SettlePayload> = {
  run: (tx, job) => settleOrders(tx, [job]),
  runMany: settleOrders,
};
