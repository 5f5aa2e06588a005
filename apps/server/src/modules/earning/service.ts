/**
 * Deposit-earning rules (README.md): published products, depositing from the spot wallet into the
 * deposit wallet's locked part, and the records. The payouts are in payouts.ts.
 */
import { formatMinor, MoneyError, parseDecimal } from '@oryx/contracts/money';
import { EARNING_STATUS, type DepositBalanceRow, type DepositProduct } from '@oryx/contracts/earning/calls';
import { fractionOfBps, instalmentDueAt, interestOf, percentOfBps } from '@oryx/contracts/earning/terms';
import { formatExchangeTime } from '@oryx/contracts/time';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { lastPage } from '../../lib/paging';
import type { Db } from '../../db/connection';
import { runIdempotent } from '../../lib/idempotency';
import { requireTradePassword } from '../account/guards';
import { ledger, userAccount } from '../ledger/service';
import { schedule } from '../scheduler/scheduler';
import { LEDGER_REF_TYPE, PAYOUT_JOB } from './config';
import { earningRepo } from './repo';
import { catalogRepo, withCurrency } from '../catalog/repo';

export async function listProducts(db: Db): Promise<DepositProduct[]> {
  const rows = await earningRepo.openProducts(db);
  return rows.map((p) => ({
    id: p.id,
    day: p.day,
    rate: fractionOfBps(p.rate_bps),
    rate_percent: percentOfBps(p.rate_bps),
    rate_bps: p.rate_bps,
  }));
}

export async function depositBalances(db: Db, userId: number): Promise<DepositBalanceRow[]> {
  const currencies = await earningRepo.currencies(db);
  const out: DepositBalanceRow[] = [];
  for (const c of currencies) {
    const spot = await ledger.balance(db, userAccount(userId, 'change'), c.id);
    const locked = await ledger.balance(db, userAccount(userId, 'deposit'), c.id);
    out.push({
      currency: c.id,
      currency_name: c.name,
      deposit_balance: formatMinor(spot.availableMinor, c.scale),
      lock_deposit_balance: formatMinor(locked.frozenMinor, c.scale),
      min_number: formatMinor(c.min_minor, c.scale),
      scale: c.scale,
    });
  }
  return out;
}

export interface SubmitInput {
  set_id?: unknown;
  currency_id?: unknown;
  balance?: unknown;
  password?: string;
}

const positiveId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

function parseAmount(raw: unknown, scale: number): bigint {
  try {
    return parseDecimal(raw, scale, { maxDigits: Math.max(1, 18 - scale) });
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError('EARNING_AMOUNT_INVALID', { decimals: scale });
    throw err;
  }
}

/**
 * Deposits `balance` of a currency into a product: checks product, currency, amount and minimum, then
 * the trade password (before the transaction: a wrong one is recorded), then moves the principal from
 * the spot wallet to the deposit wallet's frozen part and schedules the first instalment.
 */
export async function submitDeposit(
  ctx: AppContext,
  userId: number,
  input: SubmitInput,
  clientKey: string | null = null,
): Promise<number> {
  const productId = positiveId(input.set_id);
  const product = productId === null ? undefined : await earningRepo.openProduct(ctx.db, productId);
  if (!product) throw new AppError('EARNING_PRODUCT_UNKNOWN');
  const currencyId = positiveId(input.currency_id);
  const currency = (await earningRepo.currencies(ctx.db)).find((c) => c.id === currencyId);
  if (!currency) throw new AppError('EARNING_CURRENCY_UNKNOWN');
  const principal = parseAmount(input.balance, currency.scale);
  if (principal < currency.min_minor) {
    throw new AppError('EARNING_AMOUNT_BELOW_MIN', { min: formatMinor(currency.min_minor, currency.scale) });
  }
  await requireTradePassword(ctx, userId, input.password);
  const at = ctx.clock.now();
  // A retry with the same client id deposits once (lib/idempotency.ts); the password is not part of it.
  const payload = { product: product.id, currency: currency.id, principal: principal.toString() };
  const run = { userId, scope: 'earning.submit', key: clientKey, payload, now: at };
  return runIdempotent(ctx.db, run, async (trx) => {
    const id = await earningRepo.insertRecord(trx, {
      user_id: userId,
      product_id: product.id,
      currency_id: currency.id,
      day: product.day,
      rate_bps: product.rate_bps,
      principal_minor: principal,
      interest_minor: interestOf(principal, product.rate_bps),
      paid_minor: 0n,
      paid_count: 0,
      status: EARNING_STATUS.earning,
      created_at: at,
      end_at: instalmentDueAt(at, product.day),
    });
    try {
      await ledger.post(trx, {
        currencyId: currency.id,
        amountMinor: principal,
        reason: 'earning.lock',
        ref: { type: LEDGER_REF_TYPE, id },
        at,
        debit: { account: userAccount(userId, 'change'), bucket: 'available' },
        credit: { account: userAccount(userId, 'deposit'), bucket: 'frozen' },
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'LEDGER_INSUFFICIENT')
        throw new AppError('EARNING_INSUFFICIENT');
      throw err;
    }
    await schedule(
      trx,
      PAYOUT_JOB,
      instalmentDueAt(at, 1),
      { recordId: id, seq: 1 },
      {
        uniqueKey: `r:${id}:1`,
        nowMs: at,
      },
    );
    return id;
  });
}

export async function listRecords(db: Db, userId: number, locale: string, page: number, limit: number) {
  const [{ rows: records, total }, currencies] = await Promise.all([
    earningRepo.recordsPage(db, userId, { page, limit }),
    catalogRepo.currencyMap(db),
  ]);
  const rows = withCurrency(records, currencies).map((r) => ({ ...r, currency_name: r.name }));
  return {
    data: rows.map((r) => ({
      id: r.id,
      currency_id: r.currency_id,
      currency_name: r.currency_name,
      day: r.day,
      rate: fractionOfBps(r.rate_bps),
      rate_percent: percentOfBps(r.rate_bps),
      balance: formatMinor(r.principal_minor, r.scale),
      profit_balance: formatMinor(r.paid_minor, r.scale),
      total_profit: formatMinor(r.interest_minor, r.scale),
      paid_days: r.paid_count,
      created_at: formatExchangeTime(r.created_at),
      end_time: formatExchangeTime(r.end_at),
      status: r.status,
      status_name: translate(locale, `earning.status.${r.status}`),
    })),
    current_page: page,
    total,
    last_page: lastPage(total, limit),
  };
}
