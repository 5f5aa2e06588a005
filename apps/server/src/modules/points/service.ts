/** JC points rules (README.md): the balance and terms, exchanging JC for BEAU, records, binding. */
import { formatMinor, MoneyError, parseDecimal } from '@oryx/contracts/money';
import {
  jcExchangeOf,
  jcUsdtPriceOf,
  POINTS_BIND_FIELD_MAX,
  POINTS_PAGE_SIZE,
} from '@oryx/contracts/points/calls';
import { formatExchangeTime } from '@oryx/contracts/time';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { lastPage } from '../../lib/paging';
import type { Db } from '../../db/connection';
import { runIdempotent } from '../../lib/idempotency';
import { requireTradePassword } from '../account/guards';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { BEAU_CURRENCY_ID, JC_CURRENCY_ID, POINTS_SCALE, POINTS_TERMS } from './config';
import type { PointsProvider } from './provider';
import { catalogRepo } from '../catalog/repo';
import { pointsRepo } from './repo';

const pct = (bps: number) => `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

async function binding(db: Db, userId: number) {
  return pointsRepo.binding(db, userId);
}

async function requireBinding(db: Db, userId: number) {
  const b = await binding(db, userId);
  if (!b) throw new AppError('POINTS_NOT_BOUND');
  return b;
}

/** USDT per BEAU: its spot last price where it trades, else its reference price. */
async function beauMarketPrice(ctx: AppContext): Promise<bigint> {
  const live = (await ctx.seams.usdtPrices(ctx.db)).get(BEAU_CURRENCY_ID);
  if (live !== undefined) return live;
  const c = await catalogRepo.currency(ctx.db, BEAU_CURRENCY_ID);
  return c?.reference_usdt_price_minor ?? 0n;
}

export async function jcInfo(ctx: AppContext, userId: number) {
  const b = await requireBinding(ctx.db, userId);
  const jc = await ledger.balance(ctx.db, userAccount(userId, 'change'), JC_CURRENCY_ID);
  const market = await beauMarketPrice(ctx);
  return {
    jc_integral: formatMinor(jc.availableMinor + jc.frozenMinor, POINTS_SCALE),
    free_jc_integral: formatMinor(jc.availableMinor, POINTS_SCALE),
    jc_exchange_fee: pct(POINTS_TERMS.exchangeFeeBps),
    jc_exchange_fee_bps: POINTS_TERMS.exchangeFeeBps,
    jc_price: jcUsdtPriceOf(POINTS_TERMS.beauPerJcMinor, market),
    beau_per_jc: formatMinor(POINTS_TERMS.beauPerJcMinor, 8),
    jc_price_difference: '0',
    market_price: formatMinor(market, 8),
    points_per_usdt: POINTS_TERMS.pointsPerUsdt.toString(),
    provider: b.provider,
  };
}

/** BEAU for `useMinor` JC: gross at beau_per_jc (down), the fee on it (up), what the user receives. */
export const exchangeQuote = (useMinor: bigint) =>
  jcExchangeOf(useMinor, POINTS_TERMS.beauPerJcMinor, POINTS_TERMS.exchangeFeeBps);

function parseUse(raw: unknown): bigint {
  try {
    return parseDecimal(raw, POINTS_SCALE, { maxDigits: 10 });
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError('POINTS_AMOUNT_INVALID');
    throw err;
  }
}

type Quote = ReturnType<typeof exchangeQuote>;

/** The exchange's row and movements: JC to `points_pool`, BEAU back, the fee to `fees`. */
async function settleExchange(trx: Db, userId: number, use: bigint, q: Quote, market: bigint, at: number) {
  const id = await pointsRepo.insertExchange(trx, {
    user_id: userId,
    use_minor: use,
    price_minor: POINTS_TERMS.beauPerJcMinor,
    fee_minor: q.fee,
    receive_minor: q.receive,
    market_price_minor: market,
    created_at: at,
  });
  const ref = { type: 'points_exchange', id };
  const spot = userAccount(userId, 'change');
  const pool = systemAccount('points_pool');
  try {
    const jc = { currencyId: JC_CURRENCY_ID, amountMinor: use, ref, at };
    await ledger.transfer(trx, { ...jc, reason: 'points.exchange_in', from: spot, to: pool });
  } catch (err) {
    if (err instanceof AppError && err.code === 'LEDGER_INSUFFICIENT')
      throw new AppError('POINTS_INSUFFICIENT');
    throw err;
  }
  const beau = { currencyId: BEAU_CURRENCY_ID, ref, at };
  await ledger.transfer(trx, {
    ...beau,
    amountMinor: q.gross,
    reason: 'points.exchange_out',
    from: pool,
    to: spot,
  });
  if (q.fee > 0n) {
    const fees = systemAccount('fees');
    await ledger.transfer(trx, { ...beau, amountMinor: q.fee, reason: 'points.fee', from: spot, to: fees });
  }
}

export async function exchangePoints(
  ctx: AppContext,
  userId: number,
  input: { use_number?: unknown; password?: string },
  clientKey: string | null = null,
) {
  await requireBinding(ctx.db, userId);
  const use = parseUse(input.use_number);
  const q = exchangeQuote(use);
  if (q.receive <= 0n) throw new AppError('POINTS_AMOUNT_INVALID');
  const jc = await ledger.balance(ctx.db, userAccount(userId, 'change'), JC_CURRENCY_ID);
  if (jc.availableMinor < use) throw new AppError('POINTS_INSUFFICIENT');
  await requireTradePassword(ctx, userId, input.password);
  const at = ctx.clock.now();
  const market = await beauMarketPrice(ctx);
  // A retry with the same client id exchanges once (lib/idempotency.ts); the password is not part of it.
  const run = { userId, scope: 'points.exchange', key: clientKey, payload: { use: use.toString() }, now: at };
  await runIdempotent(ctx.db, run, (trx) => settleExchange(trx, userId, use, q, market, at));
  return q;
}

export async function exchangeRecords(db: Db, userId: number, page: number) {
  const limit = POINTS_PAGE_SIZE;
  const { rows, total: n } = await pointsRepo.exchangesPage(db, userId, { page, limit });
  return {
    data: rows.map((r) => ({
      id: r.id,
      created_at: formatExchangeTime(r.created_at),
      exchange_num: formatMinor(r.receive_minor, 8),
      integral: formatMinor(r.use_minor, POINTS_SCALE),
      fact_market_price: formatMinor(r.price_minor, 8),
      fee: formatMinor(r.fee_minor, 8),
    })),
    current_page: page,
    total: n,
    last_page: lastPage(n, limit),
  };
}

export async function boundAccount(db: Db, userId: number, provider: PointsProvider | null) {
  const b = await binding(db, userId);
  return { user_name: b?.user_name ?? '', provider: b?.provider ?? provider?.name ?? 'none' };
}

const field = (v: unknown): string | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const s = String(v).trim();
  return s.length >= 1 && [...s].length <= POINTS_BIND_FIELD_MAX ? s : null;
};

export async function bindAccount(
  ctx: AppContext,
  userId: number,
  provider: PointsProvider | null,
  input: { user_name?: unknown; password?: unknown },
): Promise<void> {
  if (!provider) throw new AppError('POINTS_PROVIDER_NONE');
  const userName = field(input.user_name);
  const password = field(input.password);
  if (userName === null || password === null) throw new AppError('POINTS_BIND_INVALID');
  const verified = await provider.verify(userName, password);
  if (!verified) throw new AppError('POINTS_BIND_REFUSED');
  const at = ctx.clock.now();
  await pointsRepo.saveBinding(ctx.db, userId, {
    user_name: userName,
    provider: provider.name,
    external_id: verified.externalId,
    created_at: at,
  });
}
