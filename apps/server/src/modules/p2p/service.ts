/**
 * C2C ads (README.md): posting and withdrawing, each in one transaction through the deal engine
 * (taking an ad and moving a deal: deal-calls.ts, for both doors). Checks that record something (a wrong trade password) run before the
 * transaction, as account/guards.ts asks.
 */
import { parseDecimal } from '@oryx/contracts/money';
import { C2C_PAY_WINDOW_MINUTES, P2P_FIATS, P2P_SIDES, P2P_WAYS } from '@oryx/contracts/p2p/calls';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { runInTransaction } from '../../db/transaction';
import type { Db } from '../../db/connection';
import { catalogRepo } from '../catalog/repo';
import { requirePaymentDetails, requireTradePassword } from '../account/guards';
import { cancelJob, schedule } from '../scheduler/scheduler';
import { AD_EXPIRE_JOB, C2C_TERMS, FIAT_SCALE } from './config';
import { adOf, requireWayDetails } from './deal-calls';
import { escrowSellAd, withdrawAd } from './engine';
import { AD_STATUS, p2pRepo } from './repo';
import { adLimits } from './take-amount';

export interface PostAdInput {
  price?: unknown;
  total_number?: unknown;
  way?: unknown;
  currency_id?: unknown;
  type?: unknown;
  coin_code?: unknown;
  min_number?: unknown;
  max_number?: unknown;
  pay_window?: unknown;
  password?: string;
}

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

function amount(v: unknown, scale: number): bigint {
  try {
    return parseDecimal(v, scale);
  } catch {
    throw new AppError('P2P_INPUT_INVALID');
  }
}

/** A C2C-enabled currency (legal wallet) by id, with its scale. */
async function legalCurrency(db: Db, id: unknown): Promise<{ id: number; scale: number }> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw new AppError('P2P_CURRENCY_UNKNOWN');
  const c = await catalogRepo.currency(db, n);
  if (c?.is_legal !== 1) throw new AppError('P2P_CURRENCY_UNKNOWN');
  return { id: c.id, scale: c.scale };
}

/** The payment window a poster chose (minutes, `C2C_PAY_WINDOW_MINUTES`), in ms; 0 (the default) when none. */
function payWindow(v: unknown): number {
  if (v === undefined || v === null || v === '') return 0;
  const text = typeof v === 'number' ? String(v) : v;
  const { min, max } = C2C_PAY_WINDOW_MINUTES;
  if (typeof text !== 'string' || !/^\d{1,5}$/.test(text) || +text < min || +text > max) {
    throw new AppError('P2P_INPUT_INVALID');
  }
  return +text * 60_000;
}

/**
 * Posts an ad: checked in the order the publish form asks (quantity, price, way, fiat, then the
 * optional per-deal limits in fiat and the payment window), then 997, 996.
 */
export async function postAd(ctx: AppContext, userId: number, input: PostAdInput): Promise<number> {
  if (!oneOf(P2P_SIDES, input.type)) throw new AppError('P2P_INPUT_INVALID');
  const currency = await legalCurrency(ctx.db, input.currency_id);
  const total = amount(input.total_number, currency.scale);
  const price = amount(input.price, FIAT_SCALE);
  if (!oneOf(P2P_WAYS, input.way)) throw new AppError('P2P_WAY_UNKNOWN');
  if (!oneOf(P2P_FIATS, input.coin_code)) throw new AppError('P2P_FIAT_UNKNOWN');
  const limits = adLimits({
    min: input.min_number,
    max: input.max_number,
    price,
    total,
    scale: currency.scale,
  });
  const windowMs = payWindow(input.pay_window);
  const details = await requirePaymentDetails(ctx, userId);
  if (input.type === 'sell') requireWayDetails(details, input.way);
  await requireTradePassword(ctx, userId, input.password);
  const [type, way, coinCode] = [input.type, input.way, input.coin_code];
  const at = ctx.clock.now();
  return runInTransaction(ctx.db, async (trx) => {
    const id = await p2pRepo.insertAd(trx, {
      kind: 'c2c',
      user_id: userId,
      type,
      currency_id: currency.id,
      coin_code: coinCode,
      way,
      price_minor: price,
      total_minor: total,
      surplus_minor: total,
      min_minor: limits.min,
      max_minor: limits.max,
      pay_window_ms: windowMs,
      status: AD_STATUS.open,
      created_at: at,
      updated_at: at,
    });
    const ad = (await p2pRepo.findAd(trx, id))!;
    if (type === 'sell') await escrowSellAd(trx, ad, at);
    await schedule(
      trx,
      AD_EXPIRE_JOB,
      at + C2C_TERMS.adLifetimeMs,
      { adId: id },
      { uniqueKey: `ad:${id}`, nowMs: at },
    );
    return id;
  });
}

/** The owner withdraws an ad with no deal in progress. */
export async function withdrawOwnAd(ctx: AppContext, userId: number, adId: number, password?: string) {
  const mine = await adOf(ctx.db, adId, 'c2c');
  if (mine.user_id !== userId) throw new AppError('P2P_AD_NOT_FOUND');
  await requireTradePassword(ctx, userId, password);
  const at = ctx.clock.now();
  await runInTransaction(ctx.db, async (trx) => {
    await withdrawAd(trx, await adOf(trx, adId, 'c2c'), at);
    await cancelJob(trx, AD_EXPIRE_JOB, `ad:${adId}`, at);
  });
}
