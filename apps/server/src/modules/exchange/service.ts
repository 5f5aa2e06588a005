/**
 * Coin exchange rules (README.md): a coin from the spot wallet to USDT at its USDT market's mark price
 * (the market's reference price while the mark has no data yet), less EXCHANGE_FEE_BPS of the USDT
 * amount; the `coin_exchange` system account is the counterparty and the fee goes to `fees`.
 */
import { exchangeOf, type ExchangeRow } from '@oryx/contracts/exchange/calls';
import { formatMinor, MoneyError, parseDecimal } from '@oryx/contracts/money';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import type { Db } from '../../db/connection';
import { runIdempotent } from '../../lib/idempotency';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { markAt } from '../mark/service';
import { catalogRepo } from '../catalog/repo';
import { exchangeRepo } from './repo';

export const USDT_ID = 1;
/** 0.5 % of the USDT amount. */
export const EXCHANGE_FEE_BPS = 50;
const pct = (bps: number) => `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

/** More coins than the exchange lists. */
const COINS_MAX = 200;

/** The coins with an open USDT spot market. */
function coins(db: Db) {
  return catalogRepo.openSpotCoins(db, USDT_ID, COINS_MAX);
}

type Coin = Awaited<ReturnType<typeof coins>>[number];

async function priceOf(db: Db, coin: Coin, atMs: number): Promise<{ priceMinor: bigint; source: string }> {
  const mark = await markAt(db, coin.market_id, atMs);
  if (mark.method !== 'none' && mark.priceMinor > 0n) return { priceMinor: mark.priceMinor, source: 'mark' };
  return { priceMinor: coin.reference_price_minor, source: 'reference' };
}

export async function listCoins(ctx: AppContext, userId: number): Promise<ExchangeRow[]> {
  const now = ctx.clock.now();
  const out: ExchangeRow[] = [];
  for (const c of await coins(ctx.db)) {
    const b = await ledger.balance(ctx.db, userAccount(userId, 'change'), c.id);
    const p = await priceOf(ctx.db, c, now);
    out.push({
      id: c.id,
      currency_name: c.name,
      number: formatMinor(p.priceMinor, 8),
      balance: formatMinor(b.availableMinor, c.scale),
      scale: c.scale,
      price: formatMinor(p.priceMinor, 8),
      price_source: p.source,
      fee: pct(EXCHANGE_FEE_BPS),
      fee_bps: EXCHANGE_FEE_BPS,
      to_currency_name: 'USDT',
    });
  }
  return out;
}

function parseNumber(raw: unknown, scale: number): bigint {
  try {
    return parseDecimal(raw, scale, { maxDigits: Math.max(1, 18 - scale) });
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError('EXCHANGE_AMOUNT_INVALID', { decimals: scale });
    throw err;
  }
}

/** Refuses when the client showed a price and the price now is lower (nobody gets less than shown). */
function checkShownPrice(raw: unknown, nowMinor: bigint): void {
  if (raw === undefined || raw === '') return;
  let shown: bigint;
  try {
    shown = parseDecimal(raw, 8);
  } catch {
    throw new AppError('EXCHANGE_AMOUNT_INVALID', { decimals: 8 });
  }
  if (nowMinor < shown) throw new AppError('EXCHANGE_PRICE_MOVED');
}

interface Quote {
  gross: bigint;
  fee: bigint;
  receive: bigint;
}

async function settle(
  trx: Db,
  userId: number,
  coin: Coin,
  number: bigint,
  priceMinor: bigint,
  q: Quote,
  at: number,
) {
  const id = await exchangeRepo.insert(trx, {
    user_id: userId,
    from_currency_id: coin.id,
    to_currency_id: USDT_ID,
    number_minor: number,
    price_minor: priceMinor,
    fee_minor: q.fee,
    receive_minor: q.receive,
    created_at: at,
  });
  const ref = { type: 'coin_exchange', id };
  const spot = userAccount(userId, 'change');
  const house = systemAccount('coin_exchange');
  try {
    await ledger.transfer(trx, {
      currencyId: coin.id,
      amountMinor: number,
      reason: 'exchange.sell',
      ref,
      at,
      from: spot,
      to: house,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'LEDGER_INSUFFICIENT')
      throw new AppError('EXCHANGE_INSUFFICIENT');
    throw err;
  }
  await ledger.transfer(trx, {
    currencyId: USDT_ID,
    amountMinor: q.gross,
    reason: 'exchange.buy',
    ref,
    at,
    from: house,
    to: spot,
  });
  if (q.fee > 0n) {
    const fees = systemAccount('fees');
    await ledger.transfer(trx, {
      currencyId: USDT_ID,
      amountMinor: q.fee,
      reason: 'exchange.fee',
      ref,
      at,
      from: spot,
      to: fees,
    });
  }
}

export async function exchangeCoin(
  ctx: AppContext,
  userId: number,
  input: { id?: unknown; number?: unknown; price?: unknown },
  clientKey: string | null = null,
) {
  const id = Number(input.id);
  const coin = (await coins(ctx.db)).find((c) => c.id === id && /^\d+$/.test(String(input.id)));
  if (!coin) throw new AppError('EXCHANGE_CURRENCY_UNKNOWN');
  const number = parseNumber(input.number, coin.scale);
  const at = ctx.clock.now();
  const price = await priceOf(ctx.db, coin, at);
  if (price.priceMinor <= 0n) throw new AppError('EXCHANGE_NO_PRICE');
  checkShownPrice(input.price, price.priceMinor);
  const q = exchangeOf(number, coin.scale, price.priceMinor, EXCHANGE_FEE_BPS);
  if (q.receive <= 0n) throw new AppError('EXCHANGE_TOO_SMALL');
  const held = await ledger.balance(ctx.db, userAccount(userId, 'change'), coin.id);
  if (held.availableMinor < number) throw new AppError('EXCHANGE_INSUFFICIENT');
  // A retry with the same client id exchanges once (lib/idempotency.ts).
  const payload = { coin: coin.id, number: number.toString() };
  const run = { userId, scope: 'exchange.exchange', key: clientKey, payload, now: at };
  await runIdempotent(ctx.db, run, (trx) => settle(trx, userId, coin, number, price.priceMinor, q, at));
  return { ...q, priceMinor: price.priceMinor };
}
