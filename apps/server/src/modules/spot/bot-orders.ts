/**
 * The demo bots' small order helpers (bot.ts): prices and amounts to a market's tick and step, and order
 * commands built through the spot service like any user's.
 */
import { AppError } from '../../lib/app-error';
import type { Side } from './engine/types';
import type { SpotMarket } from './markets';
import type { PlaceCommand } from './orders';
import type { SpotService } from './service';

/** A price (float) to the market's tick, at least one tick. */
export function toTickPrice(m: SpotMarket, price: number): bigint {
  const tick = Number(m.rules.priceTick) / 10 ** m.quoteScale;
  const ticks = Math.max(1, Math.round(price / tick));
  return BigInt(ticks) * m.rules.priceTick;
}

/** An amount worth about `usdt` at `price`, to the market's step, at least the minimum. */
export function amountWorth(m: SpotMarket, usdt: number, price: bigint): bigint {
  const p = Number(price) / 10 ** m.quoteScale;
  const step = Number(m.rules.amountStep) / 10 ** m.baseScale;
  let steps = BigInt(Math.max(1, Math.floor(usdt / p / step)));
  let amount = steps * m.rules.amountStep;
  if (amount < m.rules.minAmount) {
    steps = (m.rules.minAmount + m.rules.amountStep - 1n) / m.rules.amountStep;
    amount = steps * m.rules.amountStep;
  }
  return amount;
}

/** A limit (or market) order command of the bot's, or null when the market's rules refuse it. */
export function limitCommand(
  spot: SpotService,
  userId: number,
  m: SpotMarket,
  side: Side,
  price: bigint,
  amount: bigint,
  atMs?: number,
  orderType: 'limit' | 'market' = 'limit',
): PlaceCommand | null {
  try {
    const cmd = spot.buildPlace(
      userId,
      {
        match_id: m.id,
        type: side === 'buy' ? 1 : 2,
        target_price: parsePrice(m, price),
        amount: parseAmount(m, amount),
        order_type: orderType,
      },
      null,
    );
    return atMs === undefined ? cmd : { ...cmd, atMs };
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

const parsePrice = (m: SpotMarket, v: bigint) => fmt(v, m.quoteScale);
const parseAmount = (m: SpotMarket, v: bigint) => fmt(v, m.baseScale);
function fmt(v: bigint, scale: number): string {
  const s = v.toString().padStart(scale + 1, '0');
  return scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

/** The promise's value, or null when it was refused by a call's rules (AppError). */
export async function ignoreRefusal<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
