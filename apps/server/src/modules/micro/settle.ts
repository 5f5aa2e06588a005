/**
 * Settlement of seconds options: the `micro.settle` job, scheduled at submission for exactly
 * opened_at + seconds. It reads the last spot trade at the order's EXPIRY time (not the time the job
 * happens to run, so work overdue after a restart settles as it would have on time), applies rules.ts,
 * moves the money through the ledger, closes the order with its proof, and after commit pushes
 * `micro_closed` with the whole order to the owner's room.
 *
 * Idempotent twice over: the scheduler claims the job in the same transaction, and the order only
 * closes from status 1 (a second run finds it closed and does nothing). Nothing here reads a setting:
 * the ratio is the one copied onto the order at submission, the prices are trades.
 */
import { invariant } from '../../lib/app-error';
import { LedgerBatch } from '../ledger/batch';
import { systemAccount, userAccount } from '../ledger/service';
import type { Job, JobHandler, JobTx } from '../scheduler/scheduler';
import { markPriceSource, type MarkPricePoint } from './price-source';
import { microRepo, type MicroOrder } from './repo';
import { settle, type MicroType } from './rules';
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
  // Orders expiring in the same millisecond on the same market share one price lookup.
  const prices = new Map<string, MarkPricePoint>();
  const source = markPriceSource(ctx);
  // Every movement of the batch is recorded in memory and written in a few multi-row statements.
  const batch = new LedgerBatch(trx, ctx.dialect, settledAt);
  const closed: MicroOrder[] = [];
  for (const o of orders) {
    const key = `${o.market_id}:${o.expires_at}`;
    let end = prices.get(key);
    if (!end) {
      end = await source.lastTradeAt(trx, o.market_id, o.expires_at);
      prices.set(key, end);
    }
    invariant(end.tradeId !== null, `order ${o.id}: no trade at expiry on market ${o.market_id}`);
    // The end trade can never precede the open trade (open <= opened_at <= expires_at).
    invariant(end.tradeTimeMs >= o.open_trade_at, `order ${o.id}: end trade before the open trade`);
    const s = settle({
      type: o.type as MicroType,
      openPriceMinor: o.open_price_minor,
      endPriceMinor: end.priceMinor,
      stakeMinor: o.stake_minor,
      ratioBps: o.profit_ratio_bps,
    });
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
    closed.push({
      ...o,
      status: 3,
      end_price_minor: end.priceMinor,
      end_trade_id: end.tradeId,
      end_trade_at: end.tradeTimeMs,
      result: s.result,
      fact_profits_minor: s.factProfitsMinor,
      settled_at: settledAt,
    });
  }
  const changed = await microRepo.closeMany(
    trx,
    closed.map((o) => ({
      id: o.id,
      end_price_minor: o.end_price_minor!,
      end_trade_id: o.end_trade_id!,
      end_trade_at: o.end_trade_at!,
      result: o.result!,
      fact_profits_minor: o.fact_profits_minor!,
    })),
    settledAt,
  );
  // Read as open a moment ago in this transaction, claimed by this job alone: all must close, or none.
  invariant(changed === closed.length, `settlement closed ${changed} of ${closed.length} orders`);
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

/** The `micro.settle` handler (SETTLE_JOB), in the micro module's `jobs`. */
export const settleJob: JobHandler<SettlePayload> = {
  run: (tx, job) => settleOrders(tx, [job]),
  runMany: settleOrders,
};
