/**
 * The overnight fee: once a day (Asia/Shanghai), every position opened before that day pays
 * `open price x number x overnight % / 100` (rounded up), from its margin first, then from the lever
 * balance; what neither covers is not charged (no balance goes below zero, and a position whose margin
 * is gone is liquidated by the risk loop). The `lever.overnight` job is due at each Shanghai midnight:
 * scheduled (unique per day) in the transaction that opens a position, and by each run for the next day
 * while positions remain open, so a restart runs overdue days at once. Idempotent per position and day: `overnight_day` records the last day charged.
 */
import { EXCHANGE_TZ_OFFSET_MS, formatExchangeTime } from '@oryx/contracts/time';
import type { Db } from '../../db/connection';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { schedule, type JobHandler, type JobTx } from '../scheduler/scheduler';
import { LEDGER_REF_TYPE } from './positions';
import { chargeOnValue } from './rules';
import { catalogRepo } from '../catalog/repo';
import { leverRepo } from './repo';

export const OVERNIGHT_JOB = 'lever.overnight';
const DAY_MS = 86_400_000;

/** The Shanghai day ('YYYY-MM-DD') of a moment, and the moment that day starts. */
export const dayOf = (ms: number) => formatExchangeTime(ms).slice(0, 10);
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - EXCHANGE_TZ_OFFSET_MS;

async function scheduleDay(trx: Db, day: string, nowMs: number) {
  await schedule(trx, OVERNIGHT_JOB, dayStart(day), { day }, { uniqueKey: `day:${day}`, nowMs });
}

/** In the transaction that opens a position: the next Shanghai midnight's run exists (no-op if it does). */
export async function ensureOvernightJob(trx: Db, nowMs: number): Promise<void> {
  await scheduleDay(trx, dayOf(dayStart(dayOf(nowMs)) + DAY_MS), nowMs);
}

/** Charges one day's fee on every position opened before `day`; returns how many paid. */
export async function chargeOvernight(trx: Db, day: string, at: number): Promise<number> {
  const start = dayStart(day);
  const [due, markets] = await Promise.all([
    leverRepo.overnightDue(trx, start, day),
    catalogRepo.leverMarkets(trx),
  ]);
  const baseScales = new Map(markets.map((m) => [m.id, m.currency_scale]));
  const rows = due.flatMap((o) => {
    const base_scale = baseScales.get(o.market_id);
    return base_scale === undefined ? [] : [{ ...o, base_scale }];
  });
  let n = 0;
  for (const o of rows) {
    const fee = chargeOnValue(o.price_minor, o.number_minor, o.base_scale, o.overnight_bps);
    const account = userAccount(o.user_id, 'lever');
    const m = {
      currencyId: o.legal_id,
      ref: { type: LEDGER_REF_TYPE, id: o.id },
      at,
      reason: 'lever.overnight' as const,
    };
    const fromMargin = fee < o.margin_minor ? fee : o.margin_minor;
    if (fromMargin > 0n)
      await ledger.consume(trx, { ...m, from: account, to: systemAccount('fees'), amountMinor: fromMargin });
    const available = (await ledger.balance(trx, account, o.legal_id)).availableMinor;
    const rest = fee - fromMargin < available ? fee - fromMargin : available;
    if (rest > 0n)
      await ledger.transfer(trx, { ...m, from: account, to: systemAccount('fees'), amountMinor: rest });
    await leverRepo.chargeNight(trx, o.id, day, {
      margin_minor: o.margin_minor - fromMargin,
      overnight_minor: o.overnight_minor + fromMargin + rest,
    });
    n++;
  }
  return n;
}

async function runDay(tx: JobTx, day: string): Promise<void> {
  const charged = await chargeOvernight(tx.trx, day, tx.nowMs);
  // Margins changed: the index reloads them once this commits, in every process.
  if (charged > 0) tx.afterCommit(() => tx.ctx.services.lever.book.invalidateEverywhere());
  if (await leverRepo.hasOpenPosition(tx.trx))
    await scheduleDay(tx.trx, dayOf(dayStart(day) + DAY_MS), tx.nowMs);
}

/** The `lever.overnight` handler (OVERNIGHT_JOB), in the lever module's `jobs`. */
export const overnightJob: JobHandler<{ day: string }> = {
  run: (tx, job) => runDay(tx, String(job.payload?.day ?? dayOf(job.dueAtMs))),
};
